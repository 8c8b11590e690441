/**
 * Fault injection shared by the sim's three services (node, data, metrics).
 *
 * A rule names a service, a kind of fault and optionally a `match` (a JSON-RPC method name or a
 * substring of the HTTP path). Services ask `take(service, key)` for every request; matching rules
 * are returned and their counts decremented, so "count=5" means "the next five matching requests".
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

export type SimService = 'node' | 'data' | 'metrics'
export type FaultKind =
  | 'latency'
  | 'hang'
  | 'drop'
  | 'malformed'
  | 'wrongId'
  | 'status429'
  | 'status503'
  | 'wsDrop'

export interface FaultRule {
  service: SimService
  kind: FaultKind
  /** JSON-RPC method name, or a substring of the HTTP path; omitted = every request */
  match?: string
  /** latency in ms, or Retry-After seconds for status429 */
  ms?: number
  /** applies to this many requests, then expires; omitted = until cleared */
  count?: number
}

export type ListedFault = FaultRule & { id: string; remaining?: number }

export const FAULT_SERVICES: readonly SimService[] = ['node', 'data', 'metrics']
export const FAULT_KINDS: readonly FaultKind[] = [
  'latency',
  'hang',
  'drop',
  'malformed',
  'wrongId',
  'status429',
  'status503',
  'wsDrop',
]

interface StoredRule {
  id: string
  rule: FaultRule
  remaining?: number
}

/** Throws on a rule that is not a well-formed FaultRule (used by the control endpoint and the CLI). */
export function validateFaultRule(value: unknown): FaultRule {
  if (typeof value !== 'object' || value === null) throw new Error('fault rule must be an object')
  const v = value as Record<string, unknown>
  if (!FAULT_SERVICES.includes(v.service as SimService)) {
    throw new Error(`fault rule: service must be one of ${FAULT_SERVICES.join(', ')}`)
  }
  if (!FAULT_KINDS.includes(v.kind as FaultKind)) {
    throw new Error(`fault rule: kind must be one of ${FAULT_KINDS.join(', ')}`)
  }
  const rule: FaultRule = { service: v.service as SimService, kind: v.kind as FaultKind }
  if (v.match !== undefined) {
    if (typeof v.match !== 'string' || v.match === '') throw new Error('fault rule: match must be a non-empty string')
    rule.match = v.match
  }
  for (const key of ['ms', 'count'] as const) {
    const n = v[key]
    if (n === undefined) continue
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
      throw new Error(`fault rule: ${key} must be a non-negative integer`)
    }
    rule[key] = n
  }
  return rule
}

export class Faults {
  private rules: StoredRule[] = []
  private nextId = 1
  private heldOpen = 0
  private heldAbandoned = 0

  /**
   * Requests a 'hang' holds: how many are still open, and how many the client gave up on (closed its
   * connection before an answer). A test of cancelling waits for `abandoned` to grow.
   */
  held(): { open: number; abandoned: number } {
    return { open: this.heldOpen, abandoned: this.heldAbandoned }
  }

  /** Counts a request held by a 'hang' until its connection closes. */
  hold(res: ServerResponse): void {
    this.heldOpen += 1
    res.once('close', () => {
      this.heldOpen -= 1
      if (!res.writableEnded) this.heldAbandoned += 1
    })
  }

  add(rule: FaultRule): string {
    const checked = validateFaultRule(rule)
    const id = `f${this.nextId++}`
    const stored: StoredRule = { id, rule: checked }
    if (checked.count !== undefined) stored.remaining = checked.count
    this.rules.push(stored)
    return id
  }

  remove(id: string): void {
    this.rules = this.rules.filter((r) => r.id !== id)
  }

  clear(): void {
    this.rules = []
  }

  list(): ListedFault[] {
    return this.rules.map((r) => {
      const out: ListedFault = { ...r.rule, id: r.id }
      if (r.remaining !== undefined) out.remaining = r.remaining
      return out
    })
  }

  /**
   * The rules matching this request (key = JSON-RPC method or HTTP path; a rule matches when its
   * `match` is omitted, equals the key or is a substring of it). Decrements counts and drops
   * exhausted rules. `kinds` (optional) restricts which kinds are considered, so that e.g. the
   * websocket relay can ask only for wsDrop rules without consuming an HTTP latency rule.
   */
  take(service: SimService, key: string, kinds?: readonly FaultKind[]): FaultRule[] {
    const hits: FaultRule[] = []
    for (const r of this.rules) {
      if (r.rule.service !== service) continue
      if (kinds && !kinds.includes(r.rule.kind)) continue
      if (r.rule.match !== undefined && key !== r.rule.match && !key.includes(r.rule.match)) continue
      if (r.remaining !== undefined) {
        if (r.remaining <= 0) continue
        r.remaining -= 1
      }
      hits.push({ ...r.rule })
    }
    this.rules = this.rules.filter((r) => r.remaining === undefined || r.remaining > 0)
    return hits
  }
}

/**
 * Parses the --faults CLI value: rules separated by `;`, each `service:kind[:key=value...]` with keys
 * ms, count, match. A segment without `=` continues the previous value, so a path with a colon works:
 * `data:status503:match=/balances:listErc20`.
 */
export function parseFaultSpec(spec: string): FaultRule[] {
  const rules: FaultRule[] = []
  for (const raw of spec.split(';')) {
    const part = raw.trim()
    if (part === '') continue
    const segments = part.split(':')
    const [service, kind, ...rest] = segments
    const fields: Record<string, string> = {}
    let lastKey: string | undefined
    for (const seg of rest) {
      const eq = seg.indexOf('=')
      if (eq < 0) {
        if (lastKey === undefined) throw new Error(`--faults: "${seg}" is not key=value in "${part}"`)
        fields[lastKey] += `:${seg}`
        continue
      }
      lastKey = seg.slice(0, eq)
      if (!['ms', 'count', 'match'].includes(lastKey)) throw new Error(`--faults: unknown key "${lastKey}" in "${part}"`)
      fields[lastKey] = seg.slice(eq + 1)
    }
    const candidate: Record<string, unknown> = { service, kind }
    if (fields.match !== undefined) candidate.match = fields.match
    for (const key of ['ms', 'count'] as const) {
      const v = fields[key]
      if (v === undefined) continue
      if (!/^\d+$/.test(v)) throw new Error(`--faults: ${key} must be a non-negative integer in "${part}"`)
      candidate[key] = Number(v)
    }
    rules.push(validateFaultRule(candidate))
  }
  return rules
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface HttpFaultOptions {
  /** whose error body to write for 429/503; default 'data' */
  service?: SimService
  /** where a request held by 'hang' is counted (Faults.held) */
  faults?: Faults
}

/** Error body of the service: the data service has a string message, the metrics service an array. */
function errorBody(service: SimService, statusCode: 429 | 503): string {
  const error = statusCode === 429 ? 'Too Many Requests' : 'Service Unavailable'
  const message = statusCode === 429 ? 'Rate limit exceeded' : 'Service Unavailable'
  if (service === 'metrics') return JSON.stringify({ message: [message], error, statusCode })
  return JSON.stringify({ message, error, statusCode })
}

/**
 * Applies the HTTP-level faults among `rules`: latency (sleeps, then lets the request go on), hang
 * (never answers; the socket stays open until the client gives up or the server stops), drop
 * (destroys the socket without a response), malformed (200 with a truncated JSON body), status429
 * (with Retry-After = rule.ms seconds, default 1) and status503. Returns true when the response
 * was handled (the caller must not answer); wrongId and wsDrop are left to the caller.
 */
export async function applyHttpFault(
  rules: readonly FaultRule[],
  req: IncomingMessage,
  res: ServerResponse,
  opts: HttpFaultOptions = {},
): Promise<boolean> {
  const service = opts.service ?? 'data'
  for (const rule of rules) if (rule.kind === 'latency') await sleep(rule.ms ?? 1000)
  for (const rule of rules) {
    switch (rule.kind) {
      case 'hang':
        // Keep reading so the client sees a live connection that never answers.
        req.resume()
        opts.faults?.hold(res)
        return true
      case 'drop':
        req.socket.destroy()
        return true
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{"bad json')
        return true
      case 'status429':
      case 'status503': {
        const status = rule.kind === 'status429' ? 429 : 503
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (status === 429) headers['retry-after'] = String(rule.ms ?? 1)
        res.writeHead(status, headers)
        res.end(errorBody(service, status))
        return true
      }
      default:
        break
    }
  }
  return false
}
