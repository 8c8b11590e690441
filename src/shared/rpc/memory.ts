import type { Frame } from './frames'
import { frameText } from './json-texts'
import { Listeners, type Connection } from './transport'

/**
 * An in-memory pair of connections (CLI and tests). Frames are cloned through JSON so that the
 * in-memory path is exactly as strict as the real transports about what can cross.
 */
export function createMemoryPair(): { client: Connection & { close(): void }; server: Connection } {
  const toClient = new Listeners<[Frame]>()
  const toServer = new Listeners<[Frame]>()
  const closed = new Listeners<[]>()
  let open = true
  const deliver = (target: Listeners<[Frame]>, frame: Frame): void => {
    if (!open) return
    const copy = JSON.parse(frameText(frame)) as Frame
    queueMicrotask(() => target.emit(copy))
  }
  return {
    client: {
      send: (f) => deliver(toServer, f),
      onFrame: (l) => toClient.add(l),
      onClose: (l) => closed.add(l),
      close: () => {
        if (!open) return
        open = false
        closed.emit()
      }
    },
    server: {
      jsonText: true,
      send: (f) => deliver(toClient, f),
      onFrame: (l) => toServer.add(l),
      onClose: (l) => closed.add(l)
    }
  }
}
