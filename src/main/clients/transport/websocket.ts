import WebSocket from 'ws'
import { AppError } from '../../../shared/rpc/errors'
import { safeUrl } from './http'

/** Maximum frame we accept from a node's websocket: a block header is a few KiB. */
export const WS_MAX_PAYLOAD = 4 * 1024 * 1024

/**
 * Opens a websocket to a node and makes one JSON-RPC call, then closes it: the probe's cheap check.
 * The long-lived newHeads subscription is built on the same socket options.
 */
export async function wsCallOnce(url: string, method: string, params: unknown[], timeoutMs = 5_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { maxPayload: WS_MAX_PAYLOAD, handshakeTimeout: timeoutMs })
    const timer = setTimeout(() => finish(new AppError('TIMEOUT', `The websocket at ${safeUrl(url)} did not answer within ${timeoutMs} ms`, { url: safeUrl(url), timeoutMs })), timeoutMs)
    let settled = false
    const finish = (err: AppError | null, value?: unknown): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      ws.removeAllListeners()
      ws.on('error', () => {})
      ws.terminate()
      if (err) reject(err)
      else resolve(value)
    }
    ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })))
    ws.on('message', (data) => {
      let msg: { id?: unknown; result?: unknown; error?: { code?: number; message?: string } }
      try {
        msg = JSON.parse(String(data)) as typeof msg
      } catch {
        return finish(new AppError('UPSTREAM_INVALID', `The websocket at ${safeUrl(url)} sent a message that is not JSON`))
      }
      if (msg.id !== 1) return
      if (msg.error) return finish(new AppError('RPC', `The websocket returned an error for ${method}`, { rpcCode: Number.isInteger(msg.error.code) ? msg.error.code! : 0, method: method.slice(0, 100), upstreamMessage: String(msg.error.message ?? '').slice(0, 300) }))
      finish(null, msg.result)
    })
    ws.on('unexpected-response', (_req, res) =>
      finish(new AppError('NOT_FOUND', `No websocket is served at ${safeUrl(url)} (HTTP ${res.statusCode})`, { status: res.statusCode ?? 0 }))
    )
    ws.on('error', (err) =>
      finish(new AppError('NETWORK', `Could not reach the websocket at ${safeUrl(url)}: ${(err as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? 'connection refused' : 'network error'}`, { url: safeUrl(url) }))
    )
    ws.on('close', () => finish(new AppError('NETWORK', `The websocket at ${safeUrl(url)} closed before answering`, { url: safeUrl(url) })))
  })
}
