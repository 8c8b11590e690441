import type { Frame } from './frames'

/**
 * The whole transport interface: one side of a connection. Electron IPC, the websocket and the
 * in-memory pair implement it; client and server are written against it only.
 */
export interface Connection {
  /**
   * The frames sent leave as JSON text written by frameText (./json-texts.ts): an output may then hold a
   * JsonTexts, written into the frame as it is. Absent on a transport that clones objects (Electron IPC).
   */
  readonly jsonText?: boolean
  send(frame: Frame): void
  onFrame(listener: (frame: Frame) => void): () => void
  onClose(listener: () => void): () => void
}

/** Small helper for implementations: a listener set with an unsubscribe function. */
export class Listeners<T extends unknown[]> {
  private readonly set = new Set<(...args: T) => void>()
  add(listener: (...args: T) => void): () => void {
    this.set.add(listener)
    return () => this.set.delete(listener)
  }
  emit(...args: T): void {
    for (const l of [...this.set]) l(...args)
  }
  clear(): void {
    this.set.clear()
  }
}
