import { AppError, fromErrorData } from './errors'
import type { ContractShape, EventName, InputOf, MethodName, OutputOf, PayloadOf } from './contract-types'
import type { Connection } from './transport'

export interface CallOptions {
  /**
   * Aborting it cancels the call: it fails at once with CANCELLED, and the server is told (a `cancel` frame)
   * so that it aborts the handler's signal and the remote request behind it.
   */
  signal?: AbortSignal
}

export interface RpcClient<C extends ContractShape> {
  call<M extends MethodName<C>>(method: M, input: InputOf<C, M>, options?: CallOptions): Promise<OutputOf<C, M>>
  /** Listens to a push event. The first listener subscribes, the last one to leave unsubscribes. */
  on<E extends EventName<C>>(event: E, listener: (payload: PayloadOf<C, E>) => void): () => void
  /** Sends the current subscriptions again (after a transport reconnected). */
  resubscribe(): void
  close(): void
}

/** The client half of the contract, written against the Connection interface only. */
export function createRpcClient<C extends ContractShape>(conn: Connection): RpcClient<C> {
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()

  const offFrame = conn.onFrame((frame) => {
    if (frame.t === 'ok' || frame.t === 'fail') {
      const p = pending.get(frame.id)
      if (!p) return
      pending.delete(frame.id)
      if (frame.t === 'ok') p.resolve(frame.output)
      else p.reject(fromErrorData(frame.error))
    } else if (frame.t === 'event') {
      for (const l of [...(listeners.get(frame.event) ?? [])]) l(frame.payload)
    }
  })
  const offClose = conn.onClose(() => {
    for (const p of pending.values()) p.reject(new AppError('DISCONNECTED', 'The connection to the app closed'))
    pending.clear()
  })

  return {
    call(method, input, options = {}) {
      const { signal } = options
      if (signal?.aborted) return Promise.reject(new AppError('CANCELLED', 'The call was cancelled'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          if (!pending.delete(id)) return
          conn.send({ t: 'cancel', id })
          reject(new AppError('CANCELLED', 'The call was cancelled'))
        }
        const settle = (finish: () => void): void => {
          signal?.removeEventListener('abort', onAbort)
          finish()
        }
        pending.set(id, { resolve: (v) => settle(() => resolve(v as never)), reject: (e) => settle(() => reject(e)) })
        signal?.addEventListener('abort', onAbort, { once: true })
        conn.send({ t: 'call', id, method, input })
      })
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        listeners.set(event, (set = new Set()))
        conn.send({ t: 'sub', event })
      }
      const l = listener as (payload: unknown) => void
      set.add(l)
      return () => {
        const s = listeners.get(event)
        if (!s?.delete(l)) return
        if (s.size === 0) {
          listeners.delete(event)
          conn.send({ t: 'unsub', event })
        }
      }
    },
    resubscribe() {
      for (const event of listeners.keys()) conn.send({ t: 'sub', event })
    },
    close() {
      offFrame()
      offClose()
      for (const p of pending.values()) p.reject(new AppError('CANCELLED', 'The client was closed'))
      pending.clear()
    }
  }
}
