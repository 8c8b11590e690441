import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { IPC_CHANNEL } from '../shared/rpc/ipc-channel'
import type { Frame } from '../shared/rpc/frames'

/**
 * Exposes exactly two functions on one fixed channel. The renderer gets no ipcRenderer, no Node,
 * and no way to name another channel; main validates every frame it receives.
 */
contextBridge.exposeInMainWorld('companion', {
  send(frame: Frame): void {
    ipcRenderer.send(IPC_CHANNEL, frame)
  },
  onFrame(callback: (frame: Frame) => void): () => void {
    const listener = (_event: IpcRendererEvent, frame: Frame): void => callback(frame)
    ipcRenderer.on(IPC_CHANNEL, listener)
    return () => {
      ipcRenderer.removeListener(IPC_CHANNEL, listener)
    }
  }
})
