/**
 * HTTP errors of the sim's REST services, in the NestJS shape the real services send:
 * `{ message, statusCode, error }` where `error` is the reason phrase of the status.
 * The data service sends `message` as a string (spec); the metrics service as an array of strings.
 */

export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? 'Error'
}

/** Thrown by handlers and helpers; the server turns it into the service's error body. */
export class HttpError extends Error {
  readonly status: number
  readonly headers: Record<string, string>

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.headers = headers
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message)
export const notFound = (message: string): HttpError => new HttpError(404, message)
export const unavailable = (message: string): HttpError => new HttpError(503, message)

export type ErrorStyle = 'string' | 'array'

export interface ErrorBody {
  message: string | string[]
  statusCode: number
  error: string
}

export function errorBody(status: number, message: string, style: ErrorStyle): ErrorBody {
  return { message: style === 'array' ? [message] : message, statusCode: status, error: reasonPhrase(status) }
}
