import type { z } from 'zod'
import { nextPageOf, type NextPage } from '../../../shared/contract/data-service/metrics'
import { checkOutput } from '../../../shared/rpc/checked-output'
import { AppError, badInput } from '../../../shared/rpc/errors'
import { fetchWithDeadline, readJson, safeUrl } from '../transport/http'
import { errorForStatus, scrub, withRetry } from '../transport/policy'
import type { EndpointArgs, EndpointDef, ResponseOf } from './define'

/**
 * The one caller of the data and metrics services' endpoints (declared in ../data/endpoints.ts and
 * ../metrics/endpoints.ts). Arguments are checked against the endpoint's schemas before anything is
 * sent; answers against its response schema before anyone uses them. The API key travels only in the
 * x-data-api-key header, only for endpoints that take it, and never appears in a URL, message or log.
 */
export interface RestClientOptions {
  baseUrl: string
  service: string
  /** Read when a request is made, so a key changed in the meantime is used (or dropped). */
  apiKey?: () => string | undefined
  timeoutMs?: number
  retries?: number
}

export interface CallOptions {
  signal?: AbortSignal
}

export class RestClient {
  readonly service: string
  constructor(private readonly opts: RestClientOptions) {
    this.service = opts.service
  }

  /** The base URL without credentials, query or fragment: safe to show. */
  get baseUrl(): string {
    return safeUrl(this.opts.baseUrl)
  }

  /** Sends one request; the answer is the parsed JSON body of a 2xx response. */
  async send(method: 'GET' | 'POST', pathAndQuery: string, body: unknown, withKey: boolean, opts: CallOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const key = withKey ? this.opts.apiKey?.() : undefined
    if (key) headers['x-data-api-key'] = key
    const url = this.opts.baseUrl.replace(/\/+$/, '') + pathAndQuery
    const path = pathAndQuery.split('?')[0]!
    const timeoutMs = this.opts.timeoutMs ?? 15_000
    // The deadline and the caller's signal still hold while the body streams in.
    const read = { timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) }
    const run = async (): Promise<unknown> => {
      const res = await fetchWithDeadline(url, {
        service: this.service,
        timeoutMs,
        ...(opts.signal ? { signal: opts.signal } : {}),
        init: { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }
      })
      if (res.ok) return readJson(res, this.service, undefined, read)
      const json = await readJson(res, this.service, 64 * 1024, read).catch(() => undefined)
      throw errorForStatus(res.status, {
        service: this.service,
        path,
        upstreamMessage: scrub(messageOf(json), [key]),
        retryAfter: res.headers.get('retry-after')
      })
    }
    // A POST of these services (signature aggregation) reads; it changes nothing, so it may be retried too.
    return withRetry(run, { effect: 'read', ...(this.opts.retries !== undefined ? { retries: this.opts.retries } : {}), ...(opts.signal ? { signal: opts.signal } : {}) })
  }
}

/** The error body's message: a string, or the validation pipe's list of strings. */
function messageOf(json: unknown): string {
  const raw = (json as { message?: unknown } | undefined)?.message
  if (Array.isArray(raw)) return raw.filter((m) => typeof m === 'string').join('; ')
  return typeof raw === 'string' ? raw : ''
}

/** Checks the arguments and builds the request: path with its placeholders filled, query and body. */
export function buildRequest<E extends EndpointDef>(def: E, args: EndpointArgs<E>): { pathAndQuery: string; body: unknown } {
  const pathParams = def.pathParams.safeParse(args.path ?? {})
  if (!pathParams.success) throw badInput(pathParams.error.issues)
  const query = def.query.safeParse(args.query ?? {})
  if (!query.success) throw badInput(query.error.issues)
  let body: unknown
  if (def.body) {
    const parsed = def.body.safeParse(args.body ?? {})
    if (!parsed.success) throw badInput(parsed.error.issues)
    body = parsed.data
  } else if (args.body !== undefined) {
    throw new AppError('BAD_INPUT', `${def.name} takes no body`, { issues: [{ path: ['body'], message: 'this endpoint takes no body' }] })
  }
  const values = pathParams.data as Record<string, unknown>
  const path = def.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name]
    if (v === undefined || v === null || v === '') throw new AppError('BAD_INPUT', `${name} is required`, { issues: [{ path: [name], message: 'required' }] })
    return encodeURIComponent(String(v))
  })
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries((query.data ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue
    search.set(k, Array.isArray(v) ? v.join(',') : String(v))
  }
  const qs = search.toString()
  return { pathAndQuery: qs ? `${path}?${qs}` : path, body }
}

/** Calls one endpoint: checked arguments in, checked answer out. */
export async function callEndpoint<E extends EndpointDef>(client: RestClient, def: E, args: EndpointArgs<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  const { pathAndQuery, body } = buildRequest(def, args)
  const json = await client.send(def.method, pathAndQuery, body, def.sendsApiKey, opts)
  // Marked as checked against def.response: a contract method whose data is that very schema is not checked again.
  const parsed = checkOutput(def.response, json)
  if (!parsed.success)
    throw new AppError('UPSTREAM_INVALID', `The ${client.service} answered ${def.name} with an unexpected shape`, {
      method: def.name,
      issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`.slice(0, 300))
    })
  return parsed.data as ResponseOf<E>
}

export interface PagesOptions extends CallOptions {
  /** Stop after this many pages even when there are more. */
  maxPages?: number
}

/**
 * Walks a list endpoint page by page. Only a page without a next key ends the list: a page with fewer
 * items than asked is not the last. The key is nextPageToken (sent back as pageToken), or on an
 * endpoint that takes a startKey (the real avg_tps route) nextPageStartKey (sent back as startKey).
 * A key that repeats would loop forever, so it is refused.
 */
export async function* pages<E extends EndpointDef>(client: RestClient, def: E, args: EndpointArgs<E>, opts: PagesOptions = {}): AsyncGenerator<ResponseOf<E>> {
  const seen = new Set<string>()
  const takesStartKey = 'startKey' in (def.query as unknown as z.ZodObject).shape
  let cursor: NextPage | null = null
  for (let n = 0; opts.maxPages === undefined || n < opts.maxPages; n++) {
    const query = { ...(args.query ?? {}), ...(cursor ?? {}) }
    const page = await callEndpoint(client, def, { ...args, query } as EndpointArgs<E>, opts)
    yield page
    cursor = nextPageOf(page as { nextPageToken?: unknown; nextPageStartKey?: unknown }, takesStartKey)
    if (cursor === null) return
    const [[field, key]] = Object.entries(cursor) as [[string, string]]
    if (seen.has(key)) throw new AppError('UPSTREAM_INVALID', `The ${client.service} sent the same ${field === 'pageToken' ? 'nextPageToken' : 'nextPageStartKey'} twice for ${def.name}`, { method: def.name })
    seen.add(key)
  }
}
