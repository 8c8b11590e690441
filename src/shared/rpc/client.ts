import { AppError, fromErrorData } from './errors'
import type { ContractShape, EventName, InputOf, MethodName, OutputOf, PayloadOf } from './contract-types'
import type { Connection } from './transport'

export interface RpcClient<C extends ContractShape> {
  call<M extends MethodName<C>>(method: M, input: InputOf<C, M>): Promise<OutputOf<C, M>>
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
    call(method, input) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
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
