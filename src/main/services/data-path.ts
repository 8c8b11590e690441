import type { z } from 'zod'
import { contract, type CachedMethod, type DataViews, type Envelope, type Method, type Output, type ParsedInput, type RemoteService } from '../../shared/contract'
import { checkOutput, markChecked, wasCheckedAgainst } from '../../shared/rpc/checked-output'
import { AppError, type ErrorCode } from '../../shared/rpc/errors'
import type { CallContext, Handlers } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'
import { canonicalKey, type ReadsStore } from '../cache/reads-store'
import { wrapEachMethod } from './each-method'
import { keptPagesText } from '../../shared/domain/format'
import { keptPagesOf } from './kept-pages'
import type { AssembledAnswer } from './entities/offline'
import type { EntitySink } from './entities/recorder'
import type { AllHandlers } from './handlers'

/**
 * Failures that mean "the source cannot be reached now": no connection, or no answer in time. Only then
 * may the cache answer instead. An HTTP answer that is an error (a 5xx, a 503, a 429 with its Retry-After,
 * any 4xx) is the source speaking: it goes to the caller as it is, with the status and the service's own
 * words, never as "cannot be reached" and never hidden behind an earlier answer.
 */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set(['NETWORK', 'TIMEOUT'])

export interface DataPathDeps {
  reads: ReadsStore
  /** The base URL of each remote service of the active profile (the cache's scope). */
  scopeOf: (service: RemoteService) => string
  /** What a person calls the service, for the error when nothing is cached. */
  labelOf: (service: RemoteService) => string
  now?: () => number
  /**
   * The entities of the profile the reads are made for (issue 21): each live answer's entities kept; when
   * the source cannot be reached and this exact request was never cached, an answer assembled from them.
   */
  entities?: EntitySink
}

/**
 * The one data path of remote reads. Every method declared with `data` (defineCachedRead) goes
 * through here: a live answer is validated, written to the cache and sent as { data, fetchedAt,
 * source: 'live' }; when the source cannot be reached (no connection, no answer in time), the last
 * answer for the same service, method and input is sent as source 'cache' with the reason; when none is
 * cached, the call fails with OFFLINE. An error the source answered (HTTP 4xx/5xx) is passed on as it is.
 * Other methods pass through unchanged.
 */
export function withDataPath(handlers: AllHandlers, deps: DataPathDeps): Handlers<Contract> {
  return wrapEachMethod(handlers, (method, spec, handler) => (spec.data && spec.from ? cachedRead(method, handler, deps) : handler))
}

type AnyHandler = (input: unknown, ctx: CallContext) => unknown

/**
 * The envelope of an answer assembled from cached entities, checked against the method's output once. When
 * the answer's list is made of rows stamped as checked against today's contract (answer.checkedList), the
 * rest of it is checked with that list empty and the rows are put back; otherwise the whole answer is.
 */
/** An answer that holds only what is kept says so in its envelope (the page then never claims to be the list's end). */
const partialOf = (a: AssembledAnswer): { partial?: true } => (a.partial ? { partial: true } : {})

function checkAssembled(output: z.ZodType, answer: AssembledAnswer, envelope: Record<string, unknown>): { success: true; data: unknown } | { success: false } {
  const list = answer.checkedList
  if (!list) return checkOutput(output, { data: answer.data, ...envelope })
  const data = answer.data as Record<string, unknown>
  const shell = output.safeParse({ data: { ...data, [list]: [] }, ...envelope })
  if (!shell.success) return shell
  const checked = shell.data as { data: Record<string, unknown> }
  checked.data[list] = data[list]
  markChecked(checked, output)
  return shell
}

/**
 * The envelope of a live answer, checked against the method's output once. When the client already checked
 * the answer against this very data schema as it received it (callEndpoint's mark), the data is not checked
 * again; the rest of the envelope is this path's own (an integer time, 'live'), and the whole is marked.
 */
function liveEnvelope(output: z.ZodType, dataSchema: z.ZodType, raw: unknown, fetchedAt: number): ReturnType<typeof checkOutput> {
  const envelope = { data: raw, fetchedAt, source: 'live' as const }
  if (!wasCheckedAgainst(raw, dataSchema) || !Number.isSafeInteger(fetchedAt)) return checkOutput(output, envelope)
  markChecked(envelope, output)
  return { success: true, data: envelope }
}

/**
 * One cached read: the handler's answer validated, cached under the scope of its service and wrapped in
 * its envelope, or the cached answer when the source cannot be reached (NETWORK, TIMEOUT). withDataPath wraps every cached
 * method with it; the watch wraps the reads of its checks with it for each profile's own scope.
 * Each envelope is checked against the method's output schema here, once, and marked so (checked-output.ts):
 * the contract server sends it without a second pass.
 */
export function cachedRead<M extends CachedMethod>(method: M, handler: (input: ParsedInput<M>, ctx: CallContext) => unknown, deps: DataPathDeps): (input: ParsedInput<M>, ctx: CallContext) => Promise<Output<M>>
export function cachedRead(method: Method, handler: AnyHandler, deps: DataPathDeps): AnyHandler
export function cachedRead(method: Method, handler: AnyHandler, deps: DataPathDeps): AnyHandler {
  const spec = contract.methods[method] as { data?: z.ZodType; from?: RemoteService; output: z.ZodType; views?: DataViews<z.ZodType> }
  if (!spec.data || !spec.from) throw new Error(`${method} is not a cached read`)
  const whole = wholeRead(method, handler, deps, spec.output, spec.data, spec.from)
  const views = spec.views
  if (!views) return whole
  const output = spec.output
  // A view asked for (`view` in the input, which its schema has checked): the whole answer read, cached and
  // kept as always, under the input without `view`, and the view of its data sent.
  return async (input, ctx) => {
    const { view: name, ...rest } = input as { view?: string }
    if (name === undefined) return whole(input, ctx)
    const view = Object.hasOwn(views, name) ? views[name] : undefined
    if (!view) throw new AppError('BAD_INPUT', `${method} has no view "${name}"; it has ${Object.keys(views).join(', ')}`)
    const answer = (await whole(rest, ctx)) as Envelope<unknown>
    const shown = { ...answer, data: view(answer.data) }
    // Each view keeps a part of data checked above that still fits it (contract/envelope.ts: DataViews).
    markChecked(shown, output)
    return shown
  }
}

function wholeRead(method: Method, handler: AnyHandler, deps: DataPathDeps, output: z.ZodType, dataSchema: z.ZodType, from: RemoteService): AnyHandler {
  const now = deps.now ?? Date.now
  const { entities } = deps
  return async (input, ctx) => {
    const scope = deps.scopeOf(from)
    // A page this app assembled from the cache continues from the cache: the service never saw its token.
    if (entities?.ownsPage(input)) {
      const answer = entities.offline(method, input, scope, ctx.jsonTexts)
      const ok = answer && checkAssembled(output, answer, { fetchedAt: answer.fetchedAt, source: 'cache', offline: { code: 'CACHED_PAGE', message: answer.note.slice(0, 2_000), ...partialOf(answer) } })
      if (!ok || !ok.success) throw new AppError('BAD_INPUT', `This page token continues a list assembled from the cache, and nothing more is cached for it: start again from the first page`)
      return ok.data
    }
    const key = canonicalKey(input)
    try {
      const raw = await handler(input, ctx)
      const fetchedAt = now()
      const checked = liveEnvelope(output, dataSchema, raw, fetchedAt)
      if (!checked.success)
        throw new AppError('UPSTREAM_INVALID', `The ${deps.labelOf(from)} answered ${method} with values the app cannot take (too long or malformed)`, {
          method,
          // the paths inside the answer, as the service sent it (not inside our envelope)
          issues: checked.error.issues.slice(0, 5).map((i) => `${(i.path[0] === 'data' ? i.path.slice(1) : i.path).join('.')}: ${i.message}`.slice(0, 300))
        })
      const answer = checked.data as Envelope<unknown>
      deps.reads.put(scope, method, key, answer.data, fetchedAt)
      entities?.record(method, input, answer.data, fetchedAt, scope)
      return answer
    } catch (err) {
      if (!(err instanceof AppError) || !UNREACHABLE.has(err.code)) throw err
      const cached = deps.reads.get(scope, method, key)
      const valid = cached && checkOutput(output, { data: cached.data, fetchedAt: cached.fetchedAt, source: 'cache', offline: { code: err.code, message: err.message.slice(0, 2_000) } })
      if (!valid || !valid.success) {
        // Never asked this way: assembled from the entities other reads kept, when the method allows it (rows
        // kept by an older version of the app are checked against today's contract like a cached answer).
        const assembled = entities?.offline(method, input, scope, ctx.jsonTexts)
        const ok =
          assembled &&
          checkAssembled(output, assembled, { fetchedAt: assembled.fetchedAt, source: 'cache', offline: { code: err.code, message: `${err.message}; ${assembled.note}`.slice(0, 2_000), ...partialOf(assembled) } })
        if (ok && ok.success) return ok.data
        // A later page never fetched: say what is kept of its lookup, not "nothing is cached" (review 2 N17).
        const kept = keptPagesOf(deps.reads, scope, method, input)
        throw new AppError(
          'OFFLINE',
          kept
            ? `The ${deps.labelOf(from)} cannot be reached (${err.message}) and this page of ${method} was never fetched: ${keptPagesText(kept.pages, kept.rows)} for this lookup`
            : `The ${deps.labelOf(from)} cannot be reached (${err.message}) and nothing is cached for ${method} with this input yet`,
          { unreachable: scope, sourceCode: err.code, ...(kept ? { keptPages: kept.pages, ...(kept.rows !== undefined ? { keptRows: kept.rows } : {}) } : {}) },
          { cause: err }
        )
      }
      return valid.data
    }
  }
}
