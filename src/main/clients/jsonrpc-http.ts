import { z } from 'zod'
import { AppError } from '../../shared/rpc/errors'
import { fetchWithDeadline, readJson, safeUrl } from './http'

/** JSON-RPC 2.0 over HTTP, for the node's endpoints. */
export const MAX_BATCH = 40

export interface JsonRpcHttpOptions {
  url: string
  service: string
  timeoutMs?: number
  /** Retries for reads only: capped exponential backoff with jitter. */
  retries?: number
}

export interface CallOptions {
  signal?: AbortSignal
  /** false for anything that changes the node (admin calls, core.issueTx). */
  retry?: boolean
}

const rpcErrorSchema = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
const responseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.number(), z.string(), z.null()]), result: z.unknown() }),
  z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.number(), z.string(), z.null()]), error: rpcErrorSchema })
])

export interface JsonRpcRequest {
  method: string
  params: unknown
}

export class JsonRpcHttpClient {
  private nextId = 1
  private readonly timeoutMs: number
  private readonly retries: number
  constructor(private readonly opts: JsonRpcHttpOptions) {
    this.timeoutMs = opts.timeoutMs ?? 10_000
    this.retries = opts.retries ?? 2
  }

  get endpoint(): string {
    return safeUrl(this.opts.url)
  }

  /** One call; the result is validated by the caller's schema before anyone uses it. */
  async call<T>(method: string, params: unknown, schema: z.ZodType<T>, options: CallOptions = {}): Promise<T> {
    const [result] = await this.batch([{ method, params }], options)
    return this.validate(method, result, schema)
  }

  /** Several calls in batches of at most 40, answers returned in request order. */
  async batch(requests: JsonRpcRequest[], options: CallOptions = {}): Promise<unknown[]> {
    const out: unknown[] = []
    for (let i = 0; i < requests.length; i += MAX_BATCH) {
      const chunk = requests.slice(i, i + MAX_BATCH)
      out.push(...(await this.withRetry(() => this.send(chunk, options.signal), options)))
    }
    return out
  }

  validate<T>(method: string, result: unknown, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(result)
    if (!parsed.success)
      throw new AppError('UPSTREAM_INVALID', `The ${this.opts.service} answered ${method} with an unexpected shape`, {
        method,
        issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)
      })
    return parsed.data
  }

  private async withRetry(run: () => Promise<unknown[]>, options: CallOptions): Promise<unknown[]> {
    const attempts = options.retry === false ? 1 : this.retries + 1
    for (let attempt = 1; ; attempt++) {
      try {
        return await run()
      } catch (err) {
        const retriable = err instanceof AppError && (err.code === 'NETWORK' || err.code === 'TIMEOUT' || err.code === 'RATE_LIMITED' || err.code === 'UNAVAILABLE')
        if (!retriable || attempt >= attempts || options.signal?.aborted) throw err
        const backoff = Math.min(2_000, 100 * 2 ** (attempt - 1))
        await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * (backoff / 2)))
      }
    }
  }

  private async send(chunk: JsonRpcRequest[], signal?: AbortSignal): Promise<unknown[]> {
    const ids = chunk.map(() => this.nextId++)
    const body = chunk.map((r, i) => ({ jsonrpc: '2.0', id: ids[i], method: r.method, params: r.params }))
    const res = await fetchWithDeadline(this.opts.url, {
      service: this.opts.service,
      timeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(chunk.length === 1 ? body[0] : body) }
    })
    if (res.status === 429) throw new AppError('RATE_LIMITED', `The ${this.opts.service} is rate limiting requests`, { retryAfter: retryAfter(res) })
    if (res.status === 404) throw new AppError('NOT_FOUND', `The ${this.opts.service} is not served at ${this.endpoint} (HTTP 404)`)
    if (res.status === 401 || res.status === 403)
      throw new AppError(res.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', `The ${this.opts.service} refused access (HTTP ${res.status})`)
    if (res.status >= 500) throw new AppError('UNAVAILABLE', `The ${this.opts.service} failed (HTTP ${res.status})`, { status: res.status })
    const json = await readJson(res, this.opts.service)
    const items = chunk.length === 1 && !Array.isArray(json) ? [json] : json
    if (!Array.isArray(items)) throw this.invalid('a batch answer that is not a list')
    const byId = new Map<unknown, z.infer<typeof responseSchema>>()
    for (const item of items) {
      const parsed = responseSchema.safeParse(item)
      if (!parsed.success) {
        // A whole-batch refusal (e.g. "too many items") arrives as one error without our ids.
        const err = rpcErrorSchema.safeParse((item as { error?: unknown })?.error)
        if (err.success) throw rpcError(this.opts.service, chunk[0]!.method, err.data)
        throw this.invalid('an answer that is not JSON-RPC 2.0 (exactly one of result or error)')
      }
      byId.set(parsed.data.id, parsed.data)
    }
    return ids.map((id, i) => {
      const r = byId.get(id)
      if (!r) {
        const only = items.length === 1 ? (items[0] as { error?: unknown }) : undefined
        const err = rpcErrorSchema.safeParse(only?.error)
        if (err.success) throw rpcError(this.opts.service, chunk[i]!.method, err.data)
        throw this.invalid(`no answer with the id of the request (${chunk[i]!.method})`)
      }
      if ('error' in r) throw rpcError(this.opts.service, chunk[i]!.method, r.error)
      return r.result
    })
  }

  private invalid(what: string): AppError {
    return new AppError('UPSTREAM_INVALID', `The ${this.opts.service} sent ${what}`)
  }
}

function rpcError(service: string, method: string, e: z.infer<typeof rpcErrorSchema>): AppError {
  // The node's own text goes into details, labelled as the node's; our message names the call.
  return new AppError('RPC', `The ${service} returned an error for ${method} (code ${e.code})`, {
    rpcCode: e.code,
    upstreamMessage: e.message.slice(0, 500)
  })
}

export function retryAfter(res: Response): number {
  const v = Number(res.headers.get('retry-after'))
  return Number.isFinite(v) && v > 0 ? Math.min(v, 3600) : 1
}
