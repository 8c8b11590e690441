/**
 * Turns whatever a call threw into words for a person. The renderer decides the words by error code:
 * messages of BAD_INPUT / CONFLICT / NOT_FOUND are written by our own main process and say what to fix;
 * for the others our own sentence leads, and the message follows as detail. Text a remote server wrote
 * (details.upstreamMessage) is only ever shown apart and labelled as the service's, never as ours.
 */
import { AppError, type ErrorCode, type ErrorData } from '../../shared/rpc/errors'

export interface UserMessage {
  /** Our sentence: what happened and what to do. */
  title: string
  /** The main process's more specific message, when it adds to the title. */
  detail?: string
  /** Verbatim text of the remote service, to be shown apart and labelled as its words. */
  upstream?: string
}

function upstreamOf(err: ErrorData): string | undefined {
  const u = err.details?.['upstreamMessage']
  return typeof u === 'string' && u.trim() !== '' ? u : undefined
}

const OWN_WORDS: Record<Exclude<ErrorCode, 'BAD_INPUT' | 'CONFLICT' | 'NOT_FOUND'>, string> = {
  UNAUTHORIZED: 'The service did not accept the credentials. Check the API key of the profile in Connections.',
  FORBIDDEN: 'The service refused this request. The API key may lack access, or the API is not enabled on the node.',
  RATE_LIMITED: 'The service is rate-limiting requests.',
  RPC: 'The node answered with an error.',
  NETWORK: 'Could not reach the service. Check its URL in Connections and that it is running.',
  TIMEOUT: 'The service did not answer in time.',
  UPSTREAM_INVALID: 'The service sent an answer that does not match its documented format.',
  OFFLINE: 'Not connected to the app. The page reconnects by itself; try again in a moment.',
  CANCELLED: 'Cancelled.',
  UNAVAILABLE: 'This part of the interface is unavailable with the active profile.',
  INTERNAL: 'Something went wrong inside the app; its log has the details.'
}

export function describeErrorData(err: ErrorData): UserMessage {
  const m = describeCode(err)
  const upstream = upstreamOf(err)
  return upstream ? { ...m, upstream } : m
}

function describeCode(err: ErrorData): UserMessage {
  switch (err.code) {
    case 'BAD_INPUT':
    case 'CONFLICT':
    case 'NOT_FOUND':
      return { title: err.message }
    case 'RATE_LIMITED': {
      const after = Number(err.details?.['retryAfter'])
      const title = Number.isFinite(after) && after > 0 ? `${OWN_WORDS.RATE_LIMITED} Try again in ${Math.ceil(after)} s.` : OWN_WORDS.RATE_LIMITED
      return { title, detail: err.message }
    }
    case 'RPC': {
      const code = err.details?.['rpcCode']
      const title = typeof code === 'number' ? `The node answered with JSON-RPC error ${code}.` : OWN_WORDS.RPC
      return { title, detail: err.message }
    }
    case 'OFFLINE':
    case 'CANCELLED':
    case 'INTERNAL':
      // Our own generic words suffice; the message adds nothing a person can act on.
      return { title: OWN_WORDS[err.code] }
    default:
      return { title: OWN_WORDS[err.code], detail: err.message }
  }
}

export function describeError(err: unknown): UserMessage {
  if (err instanceof AppError) return describeErrorData(err.toData())
  return { title: 'Unexpected error in the page; reload it to continue.' }
}

/** One line, for toasts. */
export function errorText(err: unknown): string {
  const m = describeError(err)
  const parts = [m.title, m.detail, m.upstream ? `The service said: “${m.upstream}”` : undefined]
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
    case 'RPC': {
      const code = err.details?.['rpcCode']
      return typeof code === 'number' ? `The node answered with JSON-RPC error ${code}` : 'The node answered with an error'
    }
    case 'NOT_FOUND':
      return 'Not served at this address'
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return 'Access refused'
    case 'RATE_LIMITED':
      return 'Rate-limited'
    case 'UPSTREAM_INVALID':
      return 'Answered in an unexpected format'
    case 'OFFLINE':
      return 'Not connected to the app'
    case 'CANCELLED':
      return 'Check cancelled'
    default:
      return describeErrorData(err).title
  }
}
