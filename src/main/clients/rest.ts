import type { z } from 'zod'
import { AppError } from '../../shared/rpc/errors'
import { fetchWithDeadline, readJson, safeUrl } from './http'
import { retryAfter } from './jsonrpc-http'

/**
 * A REST client for the data and metrics services: typed functions per endpoint are built on it.
 * The API key travels only in the x-data-api-key header; it never enters a URL, message or log.
 */
export interface RestClientOptions {
  baseUrl: string
  service: string
  apiKey?: () => string | undefined
  timeoutMs?: number
}

export type Query = Record<string, string | number | boolean | string[] | undefined>

export class RestClient {
  constructor(private readonly opts: RestClientOptions) {}

  get baseUrl(): string {
    return safeUrl(this.opts.baseUrl)
  }

  url(path: string, query: Query = {}): string {
    const u = new URL(this.opts.baseUrl.replace(/\/+$/, '') + path)
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue
      u.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v))
    }
    return u.toString()
  }

  async get<T>(path: string, query: Query, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return this.request('GET', path, query, undefined, schema, signal)
  }

  async post<T>(path: string, body: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return this.request('POST', path, {}, body, schema, signal)
  }

  private async request<T>(method: string, path: string, query: Query, body: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const key = this.opts.apiKey?.()
    if (key) headers['x-data-api-key'] = key
    const res = await fetchWithDeadline(this.url(path, query), {
      service: this.opts.service,
      timeoutMs: this.opts.timeoutMs ?? 15_000,
      ...(signal ? { signal } : {}),
      init: { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }
    })
    const json = await readJson(res, this.opts.service)
    if (!res.ok) throw this.statusError(res, json, path)
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new AppError('UPSTREAM_INVALID', `The ${this.opts.service} answered ${path} with an unexpected shape`, {
        issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)
      })
    return parsed.data
  }

  /** A server may echo what it was sent: the key is cut out of anything we pass on. */
  private scrub(text: string): string {
    const key = this.opts.apiKey?.()
    return key ? text.split(key).join('[redacted]') : text
  }

  private statusError(res: Response, json: unknown, path: string): AppError {
    const raw = (json as { message?: unknown })?.message
    const text = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : ''
    const upstreamMessage = this.scrub(text).slice(0, 500)
    const details = { status: res.status, path, ...(upstreamMessage ? { upstreamMessage } : {}) }
    const s = this.opts.service
    switch (res.status) {
      case 400:
        return new AppError('BAD_INPUT', `The ${s} rejected the parameters`, details)
      case 401:
        return new AppError('UNAUTHORIZED', `The ${s} needs valid credentials: check the API key`, details)
      case 403:
        return new AppError('FORBIDDEN', `The ${s} refused: the API key lacks the privilege`, details)
      case 404:
        return new AppError('NOT_FOUND', `The ${s} has nothing at ${path}`, details)
      case 429:
        return new AppError('RATE_LIMITED', `The ${s} is rate limiting requests`, { ...details, retryAfter: retryAfter(res) })
      case 503:
        return new AppError('UNAVAILABLE', `The ${s} says the service is unavailable`, details)
      default:
        return new AppError(res.status >= 500 ? 'UNAVAILABLE' : 'UPSTREAM_INVALID', `The ${s} failed (HTTP ${res.status})`, details)
    }
  }
}
