import { ipcMain, type IpcMainEvent, type WebContents } from 'electron'
import type { Frame } from '../../shared/rpc/frames'
import { IPC_CHANNEL } from '../../shared/rpc/ipc-channel'
import { Listeners, type Connection } from '../../shared/rpc/transport'
import type { RpcServer } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'
import { log } from '../log'

/**
 * Serves the contract to one window over the fixed IPC channel. A frame is accepted only from that
 * window's main frame, loaded from our own renderer URL; anything else is dropped and logged.
 */
export function attachIpc(server: RpcServer<Contract>, contents: WebContents, isOwnUrl: (url: string) => boolean): () => void {
  const frames = new Listeners<[Frame]>()
  const closed = new Listeners<[]>()
  const onMessage = (event: IpcMainEvent, frame: unknown): void => {
    if (!isTrustedSender(event, contents, isOwnUrl)) {
      log.warn(`dropped an IPC frame from an untrusted sender (${safeOrigin(event.senderFrame?.url)})`)
      return
    }
    frames.emit(frame as Frame)
  }
  ipcMain.on(IPC_CHANNEL, onMessage)
  const connection: Connection = {
    send: (f) => {
      if (!contents.isDestroyed()) contents.send(IPC_CHANNEL, f)
    },
    onFrame: (l) => frames.add(l),
    onClose: (l) => closed.add(l)
  }
  const detach = server.attach(connection, 'ipc')
  const stop = (): void => {
    ipcMain.removeListener(IPC_CHANNEL, onMessage)
    closed.emit()
    detach()
  }
  contents.once('destroyed', stop)
  return stop
}

export function isTrustedSender(event: IpcMainEvent, contents: WebContents, isOwnUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame
  if (event.sender !== contents || !frame) return false
  if (frame !== contents.mainFrame) return false
  return isOwnUrl(frame.url)
}

function safeOrigin(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : 'unknown'
  } catch {
    return 'unparseable'
  }
}
