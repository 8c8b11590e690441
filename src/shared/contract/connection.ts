import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { emptyInput, errorDataSchema, idSchema, networkSchema } from './common'

/** The parts of the interface a profile connects to; each panel names the part it needs. */
export const PROBE_PARTS = ['cchainRpc', 'cchainWs', 'admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics'] as const
export const probePartSchema = z.enum(PROBE_PARTS)
export type ProbePart = z.infer<typeof probePartSchema>

export const probeResultSchema = z
  .object({
    part: probePartSchema,
    label: z.string(),
    endpoint: z.string(),
    status: z.enum(['available', 'unavailable']),
    latencyMs: z.number().int().nonnegative(),
    /** What the cheap call answered, e.g. "chain id 43114, network id 43114". */
    detail: z.string(),
    error: errorDataSchema.optional(),
    /** What to change when unavailable. */
    hint: z.string().optional()
  })
  .strict()
export type ProbeResult = z.infer<typeof probeResultSchema>

export const probeReportSchema = z
  .object({
    profileId: idSchema,
    profileName: z.string(),
    network: networkSchema,
    checkedAt: z.number().int(),
    parts: z.array(probeResultSchema)
  })
  .strict()
export type ProbeReport = z.infer<typeof probeReportSchema>

/** The connection area: which parts of the interface the active profile reaches, probed on demand. */
export const connectionMethods = {
  'connection.get': defineMethod({
    summary: 'The last probe of the active profile, or null before the first one',
    effect: 'read',
    input: emptyInput,
    output: probeReportSchema.nullable()
  }),
  'connection.probe': defineMethod({
    summary: 'Probe each part of the interface of the active profile again',
    effect: 'read',
    input: emptyInput,
    output: probeReportSchema
  })
} as const

export const connectionEvents = {
  'connection.changed': defineEvent({ summary: 'A new probe report', payload: probeReportSchema })
} as const
