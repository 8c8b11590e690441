/**
 * Health API (/ext/health): health, readiness and liveness, as AvalancheGo's health worker reports them.
 * Each check: `message` (details of any shape, absent when none), `error` (only while failing),
 * `timestamp` (RFC 3339), `duration` (ns), and `contiguousFailures` / `timeOfFirstFailure` while failing.
 * A check's `error` is a string on current nodes and `{ message }` in older write-ups: both are read and
 * given on as the text.
 */
import { z } from 'zod'
import { defineRpcMethod } from './define'

const MAX_ERROR_TEXT = 2_000

/** An error of a check as text, whatever form it came in. */
function errorText(e: unknown): string {
  if (typeof e === 'string') return e
  if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message
  return JSON.stringify(e) ?? String(e)
}

const check = z.looseObject({
  message: z.unknown().optional(),
  /** present while the check fails */
  error: z
    .unknown()
    .optional()
    .transform((e) => (e === undefined || e === null ? undefined : errorText(e).slice(0, MAX_ERROR_TEXT))),
  timestamp: z.string().optional(),
  /** nanoseconds the check took */
  duration: z.number().nonnegative().optional(),
  contiguousFailures: z.number().int().nonnegative().optional(),
  timeOfFirstFailure: z.string().nullish()
})

const report = z.looseObject({ healthy: z.boolean(), checks: z.record(z.string(), check) })

/** Checks to include by tag (a subnet id selects its chains); application checks are always included. */
const params = z.strictObject({ tags: z.array(z.string().min(1).max(100)).max(100).optional() })

/** Every check the tags select (none: all). */
export const health = defineRpcMethod({ api: 'health', method: 'health.health', effect: 'read', params, result: report })

/** Whether the node has finished bootstrapping. */
export const readiness = defineRpcMethod({ api: 'health', method: 'health.readiness', effect: 'read', params, result: report })

/** Whether the node is alive (no checks on current nodes: healthy with an empty set). */
export const liveness = defineRpcMethod({ api: 'health', method: 'health.liveness', effect: 'read', params, result: report })

export type HealthReport = z.output<typeof report>
export type HealthCheck = z.output<typeof check>
