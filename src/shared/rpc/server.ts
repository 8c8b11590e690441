import { wasCheckedAgainst } from './checked-output'
import { AppError, badInput, toErrorData } from './errors'
import { parseFrame, type Frame } from './frames'
import type { ContractShape, EventName, MethodName, OutputOf, ParsedInputOf, PayloadOf } from './contract-types'
import type { Connection } from './transport'

export type TransportKind = 'ipc' | 'ws' | 'memory'

export interface CallContext {
  /** Aborted when the caller cancels this call (a `cancel` frame) or its connection closes. */
  signal: AbortSignal
  transport: TransportKind
  /** The answer goes out as JSON text (Connection.jsonText): a list in it may be a JsonTexts. */
  jsonTexts?: boolean
}

export type Handlers<C extends ContractShape> = {
  [M in MethodName<C>]: (input: ParsedInputOf<C, M>, ctx: CallContext) => Promise<OutputOf<C, M>> | OutputOf<C, M>
}

export interface ServerHooks<C extends ContractShape> {
  /** First subscriber of an event across all connections: start its source (e.g. a websocket). */
  onFirstSubscriber?: (event: EventName<C>) => void
  /** Last subscriber gone: stop its source. */
  onLastUnsubscribed?: (event: EventName<C>) => void
  /** Errors that are not AppErrors: logged by the owner, never sent as text. */
  onInternalError?: (method: string, err: unknown) => void
}

export interface RpcServer<C extends ContractShape> {
  attach(connection: Connection, transport: TransportKind): () => void
  publish<E extends EventName<C>>(event: E, payload: PayloadOf<C, E>): void
  subscriberCount(event: EventName<C>): number
}

/**
 * The contract server: the one place where input from any transport is validated.
 * Unknown methods, malformed frames and inputs with unknown keys never reach a handler.
 */
export function createRpcServer<C extends ContractShape>(
  contract: C,
  handlers: Handlers<C>,
  hooks: ServerHooks<C> = {}
): RpcServer<C> {
  // The types check this already; a composition built at runtime is checked here too, once, at start.
  const missing = Object.keys(contract.methods).filter((m) => typeof (handlers as Record<string, unknown>)[m] !== 'function')
  if (missing.length > 0) throw new Error(`No handler for ${missing.join(', ')}`)
  const subscribers = new Map<string, Set<Connection>>()

  const subscribe = (conn: Connection, event: string): void => {
    if (!Object.hasOwn(contract.events, event)) return
    let set = subscribers.get(event)
    if (!set) subscribers.set(event, (set = new Set()))
    if (set.has(conn)) return
    set.add(conn)
    if (set.size === 1) hooks.onFirstSubscriber?.(event as EventName<C>)
  }
  const unsubscribe = (conn: Connection, event: string): void => {
    const set = subscribers.get(event)
    if (!set?.delete(conn)) return
    if (set.size === 0) {
      subscribers.delete(event)
      hooks.onLastUnsubscribed?.(event as EventName<C>)
    }
  }

  const handleCall = async (conn: Connection, frame: Extract<Frame, { t: 'call' }>, ctx: CallContext): Promise<void> => {
    try {
      if (!Object.hasOwn(contract.methods, frame.method)) {
        throw new AppError('NOT_FOUND', `Unknown method "${frame.method}". Run "companion methods" to list them.`)
      }
      const spec = contract.methods[frame.method]!
      const parsed = spec.input.safeParse(frame.input ?? {})
      if (!parsed.success) throw badInput(parsed.error.issues)
      const handler = handlers[frame.method as MethodName<C>] as (i: unknown, c: CallContext) => unknown
      const result = await handler(parsed.data, ctx)
      // Every output is checked against the contract once: here, unless the handler already checked this
      // very object against this very schema (checked-output.ts: a mark no data can carry).
      if (wasCheckedAgainst(result, spec.output)) {
        conn.send({ t: 'ok', id: frame.id, output: result })
        return
      }
      const out = spec.output.safeParse(result)
      if (!out.success) {
        hooks.onInternalError?.(frame.method, out.error)
        throw new AppError('INTERNAL', `The result of ${frame.method} did not match the contract`)
      }
      conn.send({ t: 'ok', id: frame.id, output: out.data })
    } catch (err) {
      if (!(err instanceof AppError)) hooks.onInternalError?.(frame.method, err)
      conn.send({ t: 'fail', id: frame.id, error: toErrorData(err) })
    }
  }

  return {
    attach(conn, transport) {
      const abort = new AbortController()
      // Each call's own signal, by its id while it runs: aborted by a cancel of that call or by the connection closing.
      const running = new Map<number, AbortController>()
      const call = (frame: Extract<Frame, { t: 'call' }>): void => {
        const own = new AbortController()
        // A repeated id (a client's bug): the first call keeps its controller, the second cannot be cancelled.
        const tracked = !running.has(frame.id)
        if (tracked) running.set(frame.id, own)
        const ctx: CallContext = { signal: AbortSignal.any([abort.signal, own.signal]), transport, ...(conn.jsonText ? { jsonTexts: true } : {}) }
        void handleCall(conn, frame, ctx).finally(() => {
          if (tracked && running.get(frame.id) === own) running.delete(frame.id)
        })
      }
      const offFrame = conn.onFrame((raw) => {
        const frame = parseFrame(raw)
        if (!frame) {
          const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : 0
          conn.send({ t: 'fail', id, error: { code: 'BAD_INPUT', message: 'Malformed frame' } })
          return
        }
        if (frame.t === 'call') call(frame)
        else if (frame.t === 'cancel') running.get(frame.id)?.abort()
        else if (frame.t === 'sub') subscribe(conn, frame.event)
        else if (frame.t === 'unsub') unsubscribe(conn, frame.event)
        // ok/fail/event frames are the server's to send, never to receive: ignored.
      })
      const detach = (): void => {
        offFrame()
        offClose()
        abort.abort()
        for (const event of [...subscribers.keys()]) unsubscribe(conn, event)
      }
      const offClose = conn.onClose(detach)
      return detach
    },
    publish(event, payload) {
      const set = subscribers.get(event)
      if (!set || set.size === 0) return
      const parsed = contract.events[event]!.payload.parse(payload)
      for (const conn of set) conn.send({ t: 'event', event, payload: parsed })
    },
    subscriberCount(event) {
      return subscribers.get(event)?.size ?? 0
    }
  }
}
