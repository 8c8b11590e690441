/**
 * Turns whatever a call threw into words for a person. The renderer decides the words by error code:
 * messages of BAD_INPUT / CONFLICT / NOT_FOUND are written by our own main process and say what to fix,
 * but text that may come from a remote server (the node, the data service) is only ever shown as a
 * quoted detail under our own sentence, never as if it were ours.
 */
import { AppError, type ErrorCode, type ErrorData } from '../../shared/rpc/errors'

export interface UserMessage {
  /** Our sentence: what happened and what to do. */
  title: string
  /** Verbatim text from the other side, shown apart (monospace, labelled), or undefined. */
  detail?: string
}

const OWN_WORDS: Record<Exclude<ErrorCode, 'BAD_INPUT' | 'CONFLICT' | 'NOT_FOUND'>, string> = {
  UNAUTHORIZED: 'The service did not accept the credentials. Check the API key of the profile in Connections.',
  FORBIDDEN: 'The service refused this request. The API key may lack access, or the API is not enabled on the node.',
  RATE_LIMITED: 'The service is rate-limiting requests.',
  RPC: 'The node answered with an error.',
  NETWORK: 'Could not reach the service. Check its URL in Connections and that it is running.',
  TIMEOUT: 'The service did not answer in time.',
  UPSTREAM_INVALID: 'The service sent an answer that does not match its documented format.',
  OFFLINE: 'Not connected to the app.',
  CANCELLED: 'Cancelled.',
  UNAVAILABLE: 'This part of the interface is unavailable with the active profile.',
  INTERNAL: 'Something went wrong inside the app; its log has the details.'
}

export function describeErrorData(err: ErrorData): UserMessage {
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
  return m.detail ? `${m.title} (${m.detail})` : m.title
}
