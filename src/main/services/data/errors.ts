import { AppError } from '../../../shared/rpc/errors'

/**
 * Says what an error of the data or metrics service means for the person looking at it: 401 and 403
 * say what is wrong with the key (none set, or the one set refused), 503 that the subnet's node has a
 * problem, and any other status names the status; the service's own words stay in details.upstreamMessage,
 * which the UI and the CLI show labelled as the service's.
 * Codes and details stay as they are (the cache, retries and the renderer switch on them).
 */
export function explainServiceError(err: unknown, service: 'data service' | 'metrics service', hasKey: boolean): unknown {
  if (!(err instanceof AppError)) return err
  const d = err.details as { status?: number; upstreamMessage?: string } | undefined
  // Same code and details, our words around theirs; the original stays as the cause (for the log).
  const redo = (message: string): AppError => new AppError(err.code as 'UNAVAILABLE', message, err.details as never, { cause: err })
  switch (err.code) {
    case 'UNAUTHORIZED':
      return redo(
        hasKey
          ? `The ${service} refused this profile's API key (HTTP 401): it is wrong, expired or revoked. Enter a valid key in Connections`
          : `The ${service} wants an API key for this (HTTP 401) and this profile has none: add one in Connections`
      )
    case 'FORBIDDEN':
      return redo(
        hasKey
          ? `The ${service} accepted this profile's API key but it lacks the privilege for this request (HTTP 403): use a key with access to it`
          : `The ${service} refused this request without an API key (HTTP 403): add a key with access to it in Connections`
      )
    case 'UNAVAILABLE':
      if (d?.status === 503)
        return redo(`The ${service} says the subnet's node has a problem (HTTP 503); the subnet is not necessarily down, try again later`)
      if (d?.status !== undefined) return redo(`The ${service} failed with HTTP ${d.status}`)
      return err
    case 'NOT_FOUND':
    case 'BAD_INPUT':
    case 'UPSTREAM_INVALID':
      if (d?.status !== undefined) return redo(`The ${service} answered HTTP ${d.status}${d.upstreamMessage ? '' : ' and gave no reason'}`)
      return err
    default:
      return err
  }
}
