/**
 * A minimal path router for the sim's REST services. Templates use `{name}` for a whole path segment;
 * everything else is literal, including the colon verbs of the real API (`rewards:listPending`,
 * `transactions:listErc721`), which are part of one segment.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { badRequest } from './errors'

export type HttpMethod = 'GET' | 'POST'

export interface RequestContext {
  method: string
  /** the decoded path segments joined again, e.g. /v1/networks/mainnet/rewards:listPending */
  path: string
  params: Readonly<Record<string, string>>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** parsed JSON body (POST only; undefined when there was none) */
  body: unknown
}

export interface JsonResult {
  status?: number
  body: unknown
  headers?: Record<string, string>
}

export type Handler = (ctx: RequestContext) => JsonResult | Promise<JsonResult>

export interface Route {
  /** the operation name, for logs and coverage checks */
  name: string
  method: HttpMethod
  template: string
  handler: Handler
}

/** A GET route: its operation name, its path template and what answers it. */
export function get(name: string, template: string, handler: Handler): Route {
  return { name, method: 'GET', template, handler }
}

/** A POST route: its operation name, its path template and what answers it. */
export function post(name: string, template: string, handler: Handler): Route {
  return { name, method: 'POST', template, handler }
}

interface CompiledRoute extends Route {
  segments: { literal?: string; param?: string }[]
}

export interface RouteMatch {
  route: Route
  params: Record<string, string>
}

/** Splits a raw pathname into decoded segments; a bad percent-escape is the client's fault (400). */
export function splitPath(pathname: string): string[] {
  const raw = pathname.split('/').filter((s, i) => i > 0 || s !== '')
  return raw.map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      throw badRequest(`Malformed path segment "${s}"`)
    }
  })
}

export class Router {
  private readonly routes: CompiledRoute[] = []

  constructor(routes: readonly Route[] = []) {
    for (const r of routes) this.add(r)
  }

  add(route: Route): void {
    const segments = route.template
      .split('/')
      .filter((s) => s !== '')
      .map((s) => {
        const m = /^\{(\w+)\}$/.exec(s)
        return m ? { param: m[1] } : { literal: s }
      })
    this.routes.push({ ...route, segments })
  }

  list(): readonly Route[] {
    return this.routes
  }

  /**
   * The route for this method and path, or undefined. A path that exists under another method is
   * also undefined: NestJS answers 404 "Cannot POST /x" there, not 405.
   */
  match(method: string, segments: readonly string[]): RouteMatch | undefined {
    for (const r of this.routes) {
      if (r.method !== method || r.segments.length !== segments.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < segments.length && ok; i++) {
        const want = r.segments[i]
        const got = segments[i] ?? ''
        if (want?.param !== undefined) {
          if (got === '') ok = false
          else params[want.param] = got
        } else if (want?.literal !== got) ok = false
      }
      if (ok) return { route: r, params }
    }
    return undefined
  }
}
