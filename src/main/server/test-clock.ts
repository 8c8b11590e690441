/**
 * Browser mode under test: main's clock moved forward by the end-to-end tests (tests/e2e/fixtures.ts,
 * advanceTime), so that a revert, a timed profile or a Retry-After falls due without being waited for.
 * It exists only when serve is started with COMPANION_TEST_CLOCK=1: then main runs on an OffsetClock and
 *
 *   POST /__test/clock?token=<the per-launch token>   {"advanceMs": 10000}
 *
 * from our own Origin, to a loopback Host (checked before this is reached), moves it forward and answers
 * {"now", "offsetMs"}. It is not a contract method (the renderer and the CLI have no call for it), a page of
 * another origin is refused, and a server started without the variable answers this path like any unknown file.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { OffsetClock } from '../clock'
import { sameSecret } from './metrics'
import { parseRequestTarget } from './request-target'

export const TEST_CLOCK_ENV = 'COMPANION_TEST_CLOCK'
export const TEST_CLOCK_PATH = '/__test/clock'
/** A week: more than any test needs, and no overflow of timers or dates. */
const MAX_ADVANCE_MS = 7 * 24 * 3_600_000
const MAX_BODY_BYTES = 1_024

export function isTestClockRequest(req: IncomingMessage): boolean {
  return parseRequestTarget(req.url)?.path === TEST_CLOCK_PATH
}

export async function answerTestClock(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { clock: OffsetClock; token: string; originAllowed: (origin: string | undefined) => boolean }
): Promise<void> {
  const answer = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
  }
  if (req.method !== 'POST') return answer(405, { error: 'POST only' })
  if (!opts.originAllowed(req.headers.origin)) return answer(403, { error: 'Forbidden origin' })
  if (!sameSecret(parseRequestTarget(req.url)?.query.get('token') ?? '', opts.token)) return answer(401, { error: 'Unauthorized' })
  let text = ''
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString()
    if (text.length > MAX_BODY_BYTES) return answer(413, { error: 'Body too large' })
  }
  let advanceMs: unknown
  try {
    advanceMs = (JSON.parse(text) as { advanceMs?: unknown } | null)?.advanceMs
  } catch {
    return answer(400, { error: 'The body must be JSON: {"advanceMs": N}' })
  }
  if (typeof advanceMs !== 'number' || !Number.isInteger(advanceMs) || advanceMs < 0 || advanceMs > MAX_ADVANCE_MS)
    return answer(400, { error: `advanceMs must be a whole number of ms from 0 to ${MAX_ADVANCE_MS}` })
  opts.clock.advance(advanceMs)
  answer(200, { now: opts.clock.now(), offsetMs: opts.clock.offsetMs })
}
