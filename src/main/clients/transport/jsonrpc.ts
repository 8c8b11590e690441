import { AppError } from '../../../shared/rpc/errors'
import { fetchWithDeadline, readJson, safeUrl } from './http'
import { errorForStatus, withRetry } from './policy'
import type { JsonRpcEndpoint, RequestOptions } from './types'

/** The node refuses batches above this size. */
export const MAX_BATCH = 40
/** Batches (or single calls) in flight per endpoint at once; the rest wait their turn. */
export const MAX_IN_FLIGHT = 16

export interface JsonRpcHttpOptions {
  url: string
  /** What a person calls it: "P-Chain API". */
  service: string
  timeoutMs?: number
  /**
   * Whether the endpoint takes JSON-RPC batches. The EVM endpoints do; the node's gorilla services
   * (P-Chain, core, admin, info, health) answer an array with -32700, so their calls go one by one.
   */
  batch?: boolean
  retries?: number
}

interface Pending {
  method: string
  params: unknown
  resolve: (value: unknown) => void
  reject: (err: unknown) => void
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
  settled: boolean
}

/**
 * JSON-RPC 2.0 over HTTP for one node endpoint. Reads issued in the same tick are sent together, in
 * batches of at most MAX_BATCH; batches run concurrently, at most MAX_IN_FLIGHT at once. An error in
 * one item of a batch fails only its own caller. Node-changing calls are never batched and never
 * retried. Answers are checked by hand (one object per item, hot path) before anyone uses them.
 */
export class JsonRpcHttpEndpoint implements JsonRpcEndpoint {
  readonly service: string
  readonly endpoint: string
  private readonly url: string
  private readonly path: string
  private readonly timeoutMs: number
  private readonly batching: boolean
  private readonly retries: number | undefined
  private nextId = 1
  private queue: Pending[] = []
  private flushScheduled = false
  private inFlight = 0
  private readonly waiting: (() => void)[] = []

  constructor(opts: JsonRpcHttpOptions) {
    this.url = opts.url
    this.path = pathOf(opts.url)
    this.service = opts.service
    this.endpoint = safeUrl(opts.url)
    this.timeoutMs = opts.timeoutMs ?? 10_000
    this.batching = opts.batch ?? false
    this.retries = opts.retries
  }

  request(method: string, params: unknown, opts: RequestOptions = {}): Promise<unknown> {
    const effect = opts.effect ?? 'read'
    if (opts.signal?.aborted) return Promise.reject(cancelled(this.service))
    if (effect === 'node' || !this.batching) {
      return this.limited(() => withRetry(() => this.sendOne(method, params, opts.signal), { effect, retries: this.retries, ...signalOf(opts) }))
    }
    return new Promise((resolve, reject) => {
      const item: Pending = { method, params, resolve, reject, signal: opts.signal, onAbort: undefined, settled: false }
      if (opts.signal) {
        item.onAbort = () => settle(item, cancelled(this.service))
        opts.signal.addEventListener('abort', item.onAbort, { once: true })
      }
      this.queue.push(item)
      if (!this.flushScheduled) {
        this.flushScheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.flushScheduled = false
    const items = this.queue.filter((p) => !p.settled)
    this.queue = []
    for (let i = 0; i < items.length; i += MAX_BATCH) {
      const chunk = items.slice(i, i + MAX_BATCH)
      void this.limited(() => withRetry(() => this.sendBatch(chunk), { effect: 'read', retries: this.retries }))
        .then(({ sent, answers }) => {
          for (let j = 0; j < sent.length; j++) {
            const a = answers[j]!
            if (a instanceof AppError) settle(sent[j]!, a)
            else settle(sent[j]!, undefined, a.value)
          }
        })
        .catch((err: unknown) => {
          for (const p of chunk) settle(p, err)
        })
    }
  }

  /** Runs `fn` when fewer than MAX_IN_FLIGHT requests are out. */
  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => this.waiting.push(r))
    this.inFlight++
    try {
      return await fn()
    } finally {
      this.inFlight--
      this.waiting.shift()?.()
    }
  }

  private async sendOne(method: string, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const id = this.nextId++
    const json = await this.post(JSON.stringify({ jsonrpc: '2.0', id, method, params }), signal)
    const answer = Array.isArray(json) && json.length === 1 ? json[0] : json
    const r = this.item(answer, method)
    if (r instanceof AppError) throw r
    if (r.id !== id) throw this.invalid(`an answer whose id does not match the request (${method})`)
    return r.value
  }

  /**
   * Sends the items of a batch that are still wanted (a caller may have cancelled while the batch waited
   * for a slot or a retry); resolves with them and one answer or AppError per item, in order.
   */
  private async sendBatch(items: Pending[]): Promise<{ sent: Pending[]; answers: ({ value: unknown } | AppError)[] }> {
    const chunk = items.filter((p) => !p.settled)
    if (chunk.length === 0) return { sent: chunk, answers: [] }
    if (chunk.length === 1) {
      const p = chunk[0]!
      try {
        return { sent: chunk, answers: [{ value: await this.sendOne(p.method, p.params, undefined) }] }
      } catch (err) {
        if (err instanceof AppError && err.is('RPC')) return { sent: chunk, answers: [err] }
        throw err
      }
    }
    const first = this.nextId
    this.nextId += chunk.length
    let body = '['
    for (let i = 0; i < chunk.length; i++) {
      const p = chunk[i]!
      if (i > 0) body += ','
      body += JSON.stringify({ jsonrpc: '2.0', id: first + i, method: p.method, params: p.params })
    }
    body += ']'
    const json = await this.post(body, undefined)
    if (!Array.isArray(json)) {
      // A whole-batch refusal ("batch too large") is one error object without our ids.
      const whole = this.item(json, chunk[0]!.method)
      if (whole instanceof AppError) throw whole
      throw this.invalid('a batch answer that is not a list')
    }
    const out: ({ value: unknown } | AppError)[] = new Array(chunk.length)
    for (const raw of json) {
      const id = (raw as { id?: unknown } | null)?.id
      const index = typeof id === 'number' ? id - first : -1
      if (index < 0 || index >= chunk.length || out[index] !== undefined) throw this.invalid('a batch answer with an id we did not send')
      const r = this.item(raw, chunk[index]!.method)
      out[index] = r instanceof AppError ? r : { value: r.value }
    }
    for (let i = 0; i < chunk.length; i++) out[i] ??= this.invalid(`no answer for ${chunk[i]!.method} in the batch`)
    return { sent: chunk, answers: out }
  }

  private async post(body: string, signal: AbortSignal | undefined): Promise<unknown> {
    const res = await fetchWithDeadline(this.url, {
      service: this.service,
      timeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
      init: { method: 'POST', headers: JSON_HEADERS, body }
    })
    // The deadline and the caller's signal still hold while the body streams in.
    const read = { timeoutMs: this.timeoutMs, ...(signal ? { signal } : {}) }
    if (res.status !== 200) {
      // Some nodes send a JSON-RPC error with a 4xx/5xx status: prefer the node's own error when present,
      // except for 429 and 503, which say "not now" (retried, Retry-After honoured) whatever the body says.
      const json = await readJson(res, this.service, 64 * 1024, read).catch(() => undefined)
      const err = (json as { error?: unknown } | undefined)?.error
      const transient = res.status === 429 || res.status === 503
      if (!transient && json && typeof json === 'object' && isRpcError(err)) return json
      throw errorForStatus(res.status, {
        service: this.service,
        path: this.path,
        retryAfter: res.headers.get('retry-after'),
        ...(isRpcError(err) ? { upstreamMessage: err.message } : {})
      })
    }
    return readJson(res, this.service, undefined, read)
  }

  /** One JSON-RPC answer: its value, or the node's error as an AppError. */
  private item(raw: unknown, method: string): { id: unknown; value: unknown } | AppError {
    if (raw === null || typeof raw !== 'object' || (raw as { jsonrpc?: unknown }).jsonrpc !== '2.0')
      return this.invalid(`an answer to ${method} that is not JSON-RPC 2.0`)
    const r = raw as { id?: unknown; result?: unknown; error?: unknown }
    const hasError = r.error !== undefined && r.error !== null
    if (hasError && r.result !== undefined && r.result !== null) return this.invalid(`an answer to ${method} with both result and error`)
    if (hasError) {
      if (!isRpcError(r.error)) return this.invalid(`an error for ${method} that is not a JSON-RPC error object`)
      return new AppError('RPC', `The ${this.service} returned an error for ${method} (code ${r.error.code})`, {
        rpcCode: r.error.code,
        method: method.slice(0, 100),
        upstreamMessage: r.error.message.slice(0, 500)
      })
    }
    if (!('result' in r)) return this.invalid(`an answer to ${method} with neither result nor error`)
    return { id: r.id, value: r.result }
  }

  private invalid(what: string): AppError {
    return new AppError('UPSTREAM_INVALID', `The ${this.service} sent ${what}`)
  }
}

function isRpcError(e: unknown): e is { code: number; message: string } {
  return (
    e !== null &&
    typeof e === 'object' &&
    Number.isInteger((e as { code?: unknown }).code) &&
    typeof (e as { message?: unknown }).message === 'string'
  )
}

const JSON_HEADERS = { 'content-type': 'application/json' }

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return ''
  }
}

function settle(p: Pending, err: unknown, value?: unknown): void {
  if (p.settled) return
  p.settled = true
  if (p.onAbort) p.signal?.removeEventListener('abort', p.onAbort)
  if (err !== undefined) p.reject(err)
  else p.resolve(value)
}

function cancelled(service: string): AppError {
  return new AppError('CANCELLED', `The request to the ${service} was cancelled`)
}

function signalOf(opts: RequestOptions): { signal?: AbortSignal } {
  return opts.signal ? { signal: opts.signal } : {}
}
