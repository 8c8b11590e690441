/**
 * The one place in the renderer that knows how frames travel. Everything else talks to `api`, a typed
 * client of the contract, and reads `connection` to show whether the app is reachable.
 *
 * - Desktop: the preload exposes `window.companion` (send + onFrame) over Electron IPC; it never closes.
 * - Browser mode: a websocket to the `npm run serve` process that served this page, authorised by the
 *   per-launch token from the URL it printed. The socket is re-opened with backoff when it drops.
 */
import { reactive, readonly } from 'vue'
import { backoffMs } from '../../shared/domain/backoff'
import type { Contract, Input, Method, Output } from '../../shared/contract'
import { createRpcClient, type CallOptions, type RpcClient } from '../../shared/rpc/client'
import { AppError } from '../../shared/rpc/errors'
import type { Frame } from '../../shared/rpc/frames'
import { Listeners, type Connection } from '../../shared/rpc/transport'

/** What the preload script puts on window in the desktop app. */
export interface CompanionBridge {
  send(frame: Frame): void
  onFrame(cb: (frame: Frame) => void): () => void
}

declare global {
  interface Window {
    companion?: CompanionBridge
  }
}

export type ConnectionPhase =
  /** Browser mode opened without the access token: nothing to connect with. */
  | 'no-token'
  | 'connecting'
  | 'open'
  /** The socket dropped (or could not open); a new attempt is scheduled. */
  | 'waiting'

export interface ConnectionState {
  transport: 'ipc' | 'ws'
  phase: ConnectionPhase
  /** Failed attempts since the socket was last open; a long streak usually means a stale token. */
  failures: number
  /** When the next attempt starts (ms since epoch), while waiting. */
  retryAt: number | null
  /** False until the first successful open: tells "never reached" apart from "dropped". */
  everOpened: boolean
}

const TOKEN_KEY = 'companion.token'
const BACKOFF_MIN_MS = 500
const BACKOFF_MAX_MS = 10_000

const state = reactive<ConnectionState>({
  transport: window.companion ? 'ipc' : 'ws',
  phase: window.companion ? 'open' : 'connecting',
  failures: 0,
  retryAt: null,
  everOpened: Boolean(window.companion)
})

/** Read-only view of the transport, for the banner and the shell. */
export const connection = readonly(state)

const connectedListeners = new Listeners<[]>()

/**
 * Runs `listener` whenever the transport (re)opens, and once now if it is already open. Stores use it to
 * load their data and to reload what may have changed while events could not arrive.
 */
export function onConnected(listener: () => void): () => void {
  const off = connectedListeners.add(listener)
  if (state.phase === 'open') queueMicrotask(listener)
  return off
}

function ipcConnection(bridge: CompanionBridge): Connection {
  return {
    send: (frame) => bridge.send(frame),
    onFrame: (listener) => bridge.onFrame(listener),
    // The IPC channel lives as long as the window does.
    onClose: () => () => {}
  }
}

/**
 * Takes the token from ?token= (the URL `npm run serve` printed), keeps it for reloads of this tab, and
 * removes it from the address bar so it does not linger in history or get copied along with the URL.
 * Must run before the router reads the location.
 */
function takeToken(): string | null {
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get('token')
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    params.delete('token')
    const rest = params.toString()
    history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`)
    return fromUrl
  }
  return sessionStorage.getItem(TOKEN_KEY)
}

/**
 * Browser mode: this page's address with its access token, for "Copy access link" (the token is taken out
 * of the address bar at load). null in the desktop app or without a token.
 */
export function accessLink(): string | null {
  if (window.companion) return null
  const token = sessionStorage.getItem(TOKEN_KEY)
  if (!token) return null
  const params = new URLSearchParams(location.search)
  params.set('token', token)
  return `${location.origin}${location.pathname}?${params.toString()}${location.hash}`
}

/**
 * A Connection over a websocket that is replaced whenever it drops. The rpc client sees one connection:
 * each drop is reported through onClose (so pending calls fail with DISCONNECTED instead of hanging), and
 * frames sent while no socket is open wait for the next one, or fail at the next drop.
 */
function websocketConnection(token: string): Connection {
  const frames = new Listeners<[Frame]>()
  const closes = new Listeners<[]>()
  let socket: WebSocket | null = null
  let queue: Frame[] = []

  const url = `ws://${location.host}/rpc?token=${encodeURIComponent(token)}`

  const open = (): void => {
    state.phase = 'connecting'
    state.retryAt = null
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      state.phase = 'open'
      state.failures = 0
      state.everOpened = true
      const waiting = queue
      queue = []
      for (const f of waiting) ws.send(JSON.stringify(f))
      connectedListeners.emit()
    }
    ws.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return
      let frame: Frame
      try {
        frame = JSON.parse(ev.data) as Frame
      } catch {
        return
      }
      frames.emit(frame)
    }
    ws.onclose = () => {
      if (socket !== ws) return
      socket = null
      // Calls queued for this attempt are rejected by the client through onClose; never replay them
      // later, or a "create" the person already saw fail would still happen.
      queue = []
      state.failures += 1
      const jittered = Math.round(backoffMs(state.failures, { baseMs: BACKOFF_MIN_MS, capMs: BACKOFF_MAX_MS, jitter: [0.75, 1.25] }))
      state.phase = 'waiting'
      state.retryAt = Date.now() + jittered
      closes.emit()
      setTimeout(open, jittered)
    }
  }

  open()

  return {
    send(frame) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame))
      // Subscriptions are sent again by resubscribe() when the socket opens.
      else if (frame.t === 'call') queue.push(frame)
      // A call cancelled before it went out never goes.
      else if (frame.t === 'cancel') queue = queue.filter((f) => !(f.t === 'call' && f.id === frame.id))
    },
    onFrame: (listener) => frames.add(listener),
    onClose: (listener) => closes.add(listener)
  }
}

/** A connection that never opens: browser mode without a token. Every call fails with DISCONNECTED. */
function deadConnection(): Connection {
  const frames = new Listeners<[Frame]>()
  return {
    send(frame) {
      if (frame.t === 'call')
        queueMicrotask(() =>
          frames.emit({
            t: 'fail',
            id: frame.id,
            error: { code: 'DISCONNECTED', message: 'No access token' }
          })
        )
    },
    onFrame: (listener) => frames.add(listener),
    onClose: () => () => {}
  }
}

function createApi(): RpcClient<Contract> {
  if (window.companion) return createRpcClient<Contract>(ipcConnection(window.companion))
  const token = takeToken()
  if (!token) {
    state.phase = 'no-token'
    return createRpcClient<Contract>(deadConnection())
  }
  const client = createRpcClient<Contract>(websocketConnection(token))
  // Registered after the client so that its subscriptions exist when we send them again.
  connectedListeners.add(() => client.resubscribe())
  return client
}

/** Methods the contract declares `effect: 'node'` (admin calls, core.issueTx): they change the node. */
export type NodeMethod = { [M in Method]: Contract['methods'][M] extends { effect: 'node' } ? M : never }[Method]

/**
 * The client as the renderer sees it: `call` takes every method except those that change the node, so
 * calling one without asking first does not type-check. They go through composables/useNodeChange.ts,
 * which asks the person, then sends with the full client.
 */
export interface Api extends Omit<RpcClient<Contract>, 'call'> {
  call<M extends Exclude<Method, NodeMethod>>(method: M, input: Input<M>, options?: CallOptions): Promise<Output<M>>
}

/** The typed client of the contract: `await api.call('profiles.list', {})`, `api.on('connection.changed', …)`. */
export const api: Api = createApi()

export { AppError }
