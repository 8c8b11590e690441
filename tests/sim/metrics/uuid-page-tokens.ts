/**
 * Page tokens of the metrics service: UUIDs that stay valid for 24 hours from when they were handed
 * out (spec, Limits). The UUID is derived from (seed, scope, offset), so the same question gets the
 * same token in every run; the issue time is kept beside it and refreshed when it is handed out
 * again. The clock is injectable so tests can make a token expire without waiting a day.
 */
import { createHash } from 'node:crypto'
import { HttpError } from '../data-service/http/errors'
import type { PageTokenIssuer } from '../data-service/http/page-token'

export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Entry {
  scope: string
  offset: number
  issuedAtMs: number
}

function uuidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40 // version 4 layout
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80 // RFC 4122 variant
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export class UuidPageTokens implements PageTokenIssuer {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly seed: number,
    private readonly nowMs: () => number = () => Date.now(),
    private readonly lifetimeMs: number = TOKEN_LIFETIME_MS,
  ) {}

  issue(scope: string, offset: number): string {
    const token = uuidFrom(createHash('sha256').update(`metrics-page|${this.seed}|${scope}|${offset}`).digest())
    this.entries.set(token, { scope, offset, issuedAtMs: this.nowMs() })
    return token
  }

  /**
   * The offset of a token; 0 without one. Malformed, unknown, expired or foreign tokens are 400s that
   * name the parameter (`param`: pageToken, or the avg_tps route's startKey).
   */
  read(token: string | undefined, scope: string, param = 'pageToken'): number {
    if (token === undefined || token === '') return 0
    if (!UUID.test(token)) throw new HttpError(400, `${param} must be a UUID`)
    const entry = this.entries.get(token.toLowerCase())
    if (!entry) throw new HttpError(400, `Invalid ${param}: it is unknown or has expired, start again from the first page`)
    if (this.nowMs() - entry.issuedAtMs > this.lifetimeMs) {
      this.entries.delete(token.toLowerCase())
      throw new HttpError(400, `${param} has expired (tokens are valid for 24 hours), start again from the first page`)
    }
    if (entry.scope !== scope) throw new HttpError(400, `${param} does not belong to this request`)
    return entry.offset
  }
}
