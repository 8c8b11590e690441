import { AppError } from '../../../shared/rpc/errors'
import { deadlineSignal, type OwnedDeadline } from './deadline'

/**
 * One fetch with a deadline, mapping transport failures to contract error codes.
 * Messages are ours and name the service, never the server's raw text; headers (which may
 * carry the API key) never appear in a message.
 */
export interface FetchOptions {
  service: string
  timeoutMs: number
  signal?: AbortSignal
  init?: RequestInit
}

/**
 * Each response's deadline, kept until its body is read (readBody clears it): the same deadline covers the
 * headers and the body. A body never read keeps the timer until it fires, which then aborts nothing that matters.
 */
const bodyDeadlines = new WeakMap<Response, OwnedDeadline>()

export async function fetchWithDeadline(url: string, opts: FetchOptions): Promise<Response> {
  const deadline = deadlineSignal(opts.timeoutMs, opts.signal)
  try {
    const res = await fetch(url, { ...opts.init, signal: deadline.signal, redirect: 'error' })
    bodyDeadlines.set(res, deadline)
    return res
  } catch (err) {
    deadline.clear()
    if (opts.signal?.aborted) throw new AppError('CANCELLED', `The request to the ${opts.service} was cancelled`)
    if (deadline.timedOut())
      throw new AppError('TIMEOUT', `The ${opts.service} did not answer within ${opts.timeoutMs} ms`, { url: safeUrl(url), timeoutMs: opts.timeoutMs })
    throw new AppError('NETWORK', `Could not reach the ${opts.service} at ${safeUrl(url)}: ${networkReason(err)}`, {
      url: safeUrl(url)
    })
  }
}

/** What readJson needs to name a failure while the body is read (the same deadline and signal as the fetch). */
export interface ReadOptions {
  timeoutMs?: number
  signal?: AbortSignal
}

/**
 * Reads a body as JSON, at most maxBytes, so a hostile server cannot exhaust memory. The fetch's
 * deadline and signal still run while the body streams in: a body that stops coming is TIMEOUT, an
 * abort is CANCELLED and a connection closed half-way is NETWORK (never a raw DOMException/TypeError).
 */
export async function readJson(res: Response, service: string, maxBytes = 32 * 1024 * 1024, opts: ReadOptions = {}): Promise<unknown> {
  const text = await readBody(res, service, maxBytes, opts)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError('UPSTREAM_INVALID', `The ${service} sent a body that is not JSON`, { status: res.status })
  }
}

/** Reads a body as text, at most maxBytes, with the failures named as readJson names them. */
export async function readBody(res: Response, service: string, maxBytes: number, opts: ReadOptions = {}): Promise<string> {
  const deadline = bodyDeadlines.get(res)
  try {
    return await readText(res, service, maxBytes, deadline?.signal ?? opts.signal)
  } catch (err) {
    throw bodyError(err, res, service, opts, deadline)
  } finally {
    deadline?.clear()
    bodyDeadlines.delete(res)
  }
}

function bodyError(err: unknown, res: Response, service: string, opts: ReadOptions, deadline: OwnedDeadline | undefined): AppError {
  if (err instanceof AppError) return err
  const name = (err as { name?: unknown } | null)?.name
  if (opts.signal?.aborted || (name === 'AbortError' && opts.signal === undefined)) return new AppError('CANCELLED', `The request to the ${service} was cancelled`)
  const url = safeUrl(res.url)
  if (deadline?.timedOut() || name === 'TimeoutError') {
    const timeoutMs = opts.timeoutMs ?? 0
    return new AppError('TIMEOUT', `The ${service} did not finish its answer within ${timeoutMs} ms`, { url, timeoutMs })
  }
  return new AppError('NETWORK', `The connection to the ${service} at ${url} closed before the answer was complete`, { url })
}

/**
 * Ends a read when the signal aborts, with its reason. The fetch's own signal does not reach a body read for
 * sure: the runtime's fetch passes it on through a weak reference to the request, freed once fetch returned.
 * `release` takes the listener off when the read is over: one signal can outlive many reads (a load-all pages
 * through thousands), and each left listener would hold its read until the signal goes.
 */
function abortedBy(signal: AbortSignal | undefined): { aborted: Promise<never>; release: () => void } | undefined {
  if (!signal) return undefined
  let onAbort = (): void => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  aborted.catch(() => {})
  return { aborted, release: () => signal.removeEventListener('abort', onAbort) }
}

async function readText(res: Response, service: string, maxBytes: number, signal: AbortSignal | undefined): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0')
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw new AppError('UPSTREAM_INVALID', `The ${service} sent a body larger than ${maxBytes} bytes`)
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const abort = abortedBy(signal)
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await (abort ? Promise.race([reader.read(), abort.aborted]) : reader.read())
      } catch (err) {
        await reader.cancel().catch(() => {})
        throw err
      }
      const { done, value } = next
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw new AppError('UPSTREAM_INVALID', `The ${service} sent a body larger than ${maxBytes} bytes`)
      }
      chunks.push(value)
    }
  } finally {
    abort?.release()
  }
  return chunks.length === 1 ? decoder.decode(chunks[0]) : decoder.decode(Buffer.concat(chunks, size))
}

const decoder = new TextDecoder()

/** The URL without credentials, query or fragment: what may appear in a message or a log line. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname}`
  } catch {
    return '(invalid URL)'
  }
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string } })?.cause
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is it running, and is the port right?)'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found'
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed'
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable'
    default:
      return 'network error'
  }
}
