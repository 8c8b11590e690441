/**
 * Turns whatever a call threw into words for a person, by error code and its typed details. Messages of
 * BAD_INPUT / CONFLICT / NOT_FOUND are written by our own main process and say what to fix; for the other
 * codes our own sentence leads. Text a remote server wrote (`upstreamMessage`) is only ever shown apart,
 * labelled as the node's or the service's words, never as ours, and always as text.
 *
 * ErrorNotice.vue renders a UserMessage; useToast() shows one for a failed action; errorText() is the
 * one-line form.
 */
import type { RemoteService } from '../../shared/contract'
import { keptPagesText } from '../../shared/domain/format'
import { AppError, errorDataSchema, type ErrorCode, type ErrorData } from '../../shared/rpc/errors'

export interface UserMessage {
  code: ErrorCode | 'PAGE'
  /** Our sentence: what happened. */
  title: string
  /** More specific words (ours or the main process's), when they add to the title. */
  detail?: string
  /** What to do about it. */
  hint?: string
  /** The address involved (unreachable, timed out). */
  url?: string
  /** Input problems, each with the field it belongs to. */
  issues?: { field: string; message: string }[]
  /** Issues left out of the list. */
  more?: number
  /** Seconds to wait before asking again (RATE_LIMITED), counted from when the error arrived. */
  retryAfter?: number
  /** Verbatim text of the remote side, shown apart: "The node said: …". */
  upstream?: { who: string; text: string }
}

/** Which remote side a message talks about; unknown: "the service". */
export interface DescribeOptions {
  from?: RemoteService
}

const SERVICE: Record<RemoteService, string> = { node: 'the node', data: 'the data service', metrics: 'the metrics service' }

/** The data of any error a call threw; null for something that is not an error of the contract. */
export function toErrorData(err: unknown): ErrorData | null {
  if (err instanceof AppError) return err.toData()
  const parsed = errorDataSchema.safeParse(err)
  return parsed.success ? parsed.data : null
}

function upstream(text: string | undefined, who: string): UserMessage['upstream'] {
  const t = text?.trim()
  return t ? { who, text: t } : undefined
}

/** A message of the main process that says no more than "failed (HTTP 500)" / "is unavailable (HTTP 503)". */
const ONLY_STATUS = /^The [\w .-]+ (failed (with HTTP \d+|\(HTTP \d+\))|is unavailable \(HTTP 503\))\.?$/

function sentence(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export function describeErrorData(err: ErrorData, opts: DescribeOptions = {}): UserMessage {
  const service = opts.from ? SERVICE[opts.from] : 'the service'
  const said = `${sentence(service)} said`
  const base = { code: err.code }
  switch (err.code) {
    case 'BAD_INPUT': {
      const d = err.details
      const issues = (d?.issues ?? []).map((i) => ({ field: i.path.length > 0 ? i.path.join('.') : 'input', message: i.message }))
      return {
        ...base,
        title: issues.length > 0 ? (d?.status ? `${sentence(service)} did not accept the request.` : 'Some input was not accepted.') : err.message,
        ...(issues.length > 0 ? { issues } : {}),
        ...(d?.more ? { more: d.more } : {}),
        ...(d?.upstreamMessage ? { upstream: upstream(d.upstreamMessage, said) } : {})
      }
    }
    case 'CONFLICT':
      return { ...base, title: err.message }
    case 'NOT_FOUND':
      return { ...base, title: err.message, upstream: upstream(err.details?.upstreamMessage, said) }
    case 'UNAUTHORIZED':
      return {
        ...base,
        title: `${sentence(service)} did not accept the credentials.`,
        detail: err.message,
        hint: 'Check the API key of the profile in Connections.',
        upstream: upstream(err.details?.upstreamMessage, said)
      }
    case 'FORBIDDEN':
      return {
        ...base,
        title: `${sentence(service)} refused this request.`,
        detail: err.message,
        hint: 'The API key may lack access, or the API is not enabled on the node.',
        upstream: upstream(err.details?.upstreamMessage, said)
      }
    case 'RATE_LIMITED':
      return {
        ...base,
        title: `${sentence(service)} is rate-limiting requests.`,
        retryAfter: err.details.retryAfter,
        upstream: upstream(err.details.upstreamMessage, said)
      }
    case 'RPC': {
      const d = err.details
      const node = upstream(d.upstreamMessage, 'The node said')
      return {
        ...base,
        title: `The node answered ${d.method} with JSON-RPC error ${d.rpcCode}.`,
        // The main process's message is ours; leave it out when it only repeats the node's words.
        ...(node && err.message.includes(node.text) ? {} : { detail: err.message }),
        upstream: node
      }
    }
    case 'NETWORK':
      return {
        ...base,
        title: `Could not reach ${service}.`,
        url: err.details.url,
        hint: 'Check its URL in Connections and that it is running.'
      }
    case 'TIMEOUT': {
      const s = Math.round(err.details.timeoutMs / 100) / 10
      return { ...base, title: `${sentence(service)} did not answer within ${s} s.`, ...(err.details.url ? { url: err.details.url } : {}) }
    }
    case 'UPSTREAM_INVALID':
      return {
        ...base,
        title: `${sentence(service)} sent an answer that does not match its documented format.`,
        detail: err.message,
        ...(err.details?.issues?.length ? { issues: err.details.issues.map((message) => ({ field: '', message })) } : {})
      }
    case 'OFFLINE': {
      const d = err.details
      const url = d?.unreachable ? { url: d.unreachable } : {}
      // A later page never fetched: what is kept of its lookup (review 2 N17), not "nothing is cached".
      if (d?.keptPages !== undefined)
        return { ...base, title: `Cannot reach ${opts.from ? service : 'the source'}, and this page was never fetched.`, detail: `${sentence(keptPagesText(d.keptPages, d.keptRows))} for this lookup.`, ...url }
      return { ...base, title: `Cannot reach ${opts.from ? service : 'the source'} and nothing is cached yet.`, ...url }
    }
    case 'DISCONNECTED':
      return { ...base, title: 'Not connected to the app.', hint: 'The page reconnects by itself; try again in a moment.' }
    case 'UNAVAILABLE': {
      const d = err.details
      if (d?.status === undefined)
        return { ...base, title: 'This part of the interface is unavailable with the active profile.', detail: err.message, upstream: upstream(d?.upstreamMessage, said) }
      // The service answered, with an error: its status, and its own words apart (never "cannot reach").
      const words = upstream(d.upstreamMessage, said)
      return {
        ...base,
        title: d.status === 503 ? `${sentence(service)} is unavailable (HTTP 503).` : `${sentence(service)} answered with an error (HTTP ${d.status}).`,
        // The main process's message, unless it only repeats the status.
        ...(ONLY_STATUS.test(err.message) ? {} : { detail: err.message }),
        ...(words ? { upstream: words } : { hint: 'It gave no reason; try again later.' })
      }
    }
    case 'CANCELLED':
      return { ...base, title: 'Cancelled.' }
    case 'INTERNAL':
      // The message adds nothing a person can act on.
      return { ...base, title: 'Something went wrong inside the app; its log has the details.' }
  }
}

export function describeError(err: unknown, opts: DescribeOptions = {}): UserMessage {
  const data = toErrorData(err)
  if (data) return describeErrorData(data, opts)
  return { code: 'PAGE', title: 'Unexpected error in the page; reload it to continue.' }
}

/** One line, for logs and places that cannot show ErrorNotice. */
export function errorText(err: unknown, opts: DescribeOptions = {}): string {
  const m = describeError(err, opts)
  const issues = m.issues?.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ')
  const parts = [
    m.title,
    m.detail,
    m.url,
    issues,
    m.retryAfter !== undefined && m.retryAfter > 0 ? `Try again in ${Math.ceil(m.retryAfter)} s.` : undefined,
    m.hint,
    m.upstream ? `${m.upstream.who}: “${m.upstream.text}”` : undefined
  ]
  return parts.filter(Boolean).join(' ')
}

/**
 * A few words for why a part of the interface is unavailable, for the status view, where the check's own
 * text (which names the endpoint) and the hint (what to change) follow.
 */
export function shortReason(err: ErrorData): string {
  switch (err.code) {
    case 'NETWORK':
      return 'Unreachable'
    case 'TIMEOUT':
      return 'No answer in time'
    case 'RPC':
      return `The node answered with JSON-RPC error ${err.details.rpcCode}`
    case 'NOT_FOUND':
      return 'Not served at this address'
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return 'Access refused'
    case 'RATE_LIMITED':
      return 'Rate-limited'
    case 'UPSTREAM_INVALID':
      return 'Answered in an unexpected format'
    case 'DISCONNECTED':
      return 'Not connected to the app'
    case 'OFFLINE':
      return 'Unreachable, nothing cached'
    case 'CANCELLED':
      return 'Check cancelled'
    default:
      return describeErrorData(err).title
  }
}

/** The remote side's own words in an error, if any, for places that show them apart. */
export function upstreamOf(err: ErrorData): string | null {
  switch (err.code) {
    case 'RPC':
      return err.details.upstreamMessage.trim() || null
    case 'BAD_INPUT':
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
    case 'NOT_FOUND':
    case 'UNAVAILABLE':
      return err.details?.upstreamMessage?.trim() || null
    case 'RATE_LIMITED':
      return err.details.upstreamMessage?.trim() || null
    default:
      return null
  }
}
