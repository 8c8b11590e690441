import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { emptyInput, errorDataSchema, idSchema } from './common'

export const jobSchema = z
  .object({
    id: idSchema,
    kind: z.string(),
    label: z.string(),
    state: z.enum(['running', 'done', 'failed', 'cancelled']),
    done: z.number().int().nonnegative(),
    /** null while the total is not known yet. */
    total: z.number().int().nonnegative().nullable(),
    message: z.string().optional(),
    /** Seconds left of a wait the job is in (a rate limit's Retry-After), counted down by main. */
    waitSec: z.number().int().nonnegative().optional(),
    error: errorDataSchema.optional(),
    startedAt: z.number().int(),
    endedAt: z.number().int().optional()
  })
  .strict()
export type Job = z.infer<typeof jobSchema>

export const jobStartedSchema = z.object({ jobId: idSchema }).strict()

export const jobMethods = {
  'jobs.list': defineMethod({
    summary: 'Long-running work of this session, newest first',
    effect: 'read',
    input: emptyInput,
    output: z.object({ jobs: z.array(jobSchema) }).strict()
  }),
  'jobs.cancel': defineMethod({
    summary: 'Cancel a running job',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: z.object({ cancelled: z.boolean() }).strict()
  })
} as const

export const jobEvents = {
  'jobs.progress': defineEvent({ summary: 'A job started, progressed or ended', payload: jobSchema })
} as const
