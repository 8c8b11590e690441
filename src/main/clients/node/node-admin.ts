/**
 * The node's own admin API (/ext/admin, served when avalanchego runs with --api-admin-enabled), apart
 * from the C-Chain's admin API in ./admin.ts: only what the app reads from it.
 *
 * admin.getLoggerLevel({ loggerName }) answers `{ loggerLevels: { <name>: { logLevel, displayLevel } } }`
 * with avalanchego's level names in upper case (INFO, DEBUG, VERBO, TRACE, WARN, ERROR, FATAL, OFF).
 */
import { z } from 'zod'
import { badInput } from '../../../shared/rpc/errors'
import { JsonRpcHttpEndpoint } from '../transport/jsonrpc'
import type { RequestOptions } from '../transport/types'
import { checkResult } from './define'

/** The /ext/admin endpoint of a node (its base URL). */
export function nodeAdminEndpoint(nodeUrl: string, timeoutMs = 5_000): JsonRpcHttpEndpoint {
  return new JsonRpcHttpEndpoint({ url: `${nodeUrl.replace(/\/+$/, '')}/ext/admin`, service: 'node admin API', timeoutMs, retries: 0 })
}

const loggerLevels = z.looseObject({
  loggerLevels: z.record(z.string(), z.looseObject({ logLevel: z.string().max(20), displayLevel: z.string().max(20).optional() }))
})

/** admin.getLoggerLevel: the log and display levels of one logger (C: the C-Chain's), or of all. */
export async function getLoggerLevel(
  endpoint: JsonRpcHttpEndpoint,
  params: { loggerName?: string },
  opts: Omit<RequestOptions, 'effect'> = {}
): Promise<z.output<typeof loggerLevels>> {
  const p = z.strictObject({ loggerName: z.string().max(100).optional() }).safeParse(params)
  if (!p.success) throw badInput(p.error.issues)
  const raw = await endpoint.request('admin.getLoggerLevel', p.data, { ...opts, effect: 'read' })
  return checkResult(endpoint, 'admin.getLoggerLevel', loggerLevels, raw)
}
