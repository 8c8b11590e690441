import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IPC_CHANNEL } from '../../../src/shared/rpc/ipc-channel'
import { testApp } from './helpers'

// `electron` cannot load in plain Node; only this test of the Electron entry files replaces it.
const ipcMain = new EventEmitter()
vi.mock('electron', () => ({ ipcMain }))
// The files of a worker share one module registry (vitest.config.ts): what imports electron is loaded afresh.
vi.resetModules()

const { attachIpc } = await import('../../../src/main/electron/ipc-transport')

const OWN_URL = 'file:///app/out/renderer/index.html'

function fakeWindow() {
  const sent: unknown[] = []
  const mainFrame = { url: OWN_URL }
  const contents = Object.assign(new EventEmitter(), {
    mainFrame,
    isDestroyed: () => false,
    send: (_channel: string, frame: unknown) => sent.push(frame)
  })
  return { contents, mainFrame, sent }
}

let done: (() => void) | undefined
afterEach(() => {
  done?.()
  ipcMain.removeAllListeners()
})

/** A fake window attached over IPC to an app that is closed after the test; `isOwnUrl` says which page it trusts. */
function attachedWindow(isOwnUrl: (url: string) => boolean = (url) => url === OWN_URL): ReturnType<typeof fakeWindow> {
  const ctx = testApp()
  done = ctx.done
  const w = fakeWindow()
  attachIpc(ctx.app.server, w.contents as never, isOwnUrl)
  return w
}

const listCall = { t: 'call', id: 1, method: 'profiles.list', input: {} }
const tick = () => new Promise((r) => setTimeout(r, 20))

describe('Electron IPC transport', () => {
  it('serves frames from our own window main frame', async () => {
    const w = attachedWindow()
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: w.mainFrame }, listCall)
    await tick()
    expect(w.sent).toEqual([{ t: 'ok', id: 1, output: { profiles: [], activeId: null } }])
  })

  it('drops frames from another webContents, a subframe, or a foreign URL', async () => {
    const w = attachedWindow()
    const other = fakeWindow()
    const create = { t: 'call', id: 2, method: 'profiles.create', input: { profile: { name: 'evil', nodeUrl: 'http://127.0.0.1:1', dataUrl: 'http://127.0.0.1:1', metricsUrl: 'http://127.0.0.1:1', network: 'mainnet', nodeIds: [] } } }
    ipcMain.emit(IPC_CHANNEL, { sender: other.contents, senderFrame: other.mainFrame }, create)
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: { url: OWN_URL } }, create)
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: null }, create)
    w.mainFrame.url = 'https://evil.example/'
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: w.mainFrame }, create)
    await tick()
    expect(w.sent).toEqual([])
    expect(other.sent).toEqual([])
    w.mainFrame.url = OWN_URL
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: w.mainFrame }, listCall)
    await tick()
    expect(w.sent).toEqual([{ t: 'ok', id: 1, output: { profiles: [], activeId: null } }])
  })

  it('validates frames from a trusted sender like every transport', async () => {
    const w = attachedWindow()
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: w.mainFrame }, { t: 'call', id: 3, method: 'profiles.list', input: { all: true } })
    ipcMain.emit(IPC_CHANNEL, { sender: w.contents, senderFrame: w.mainFrame }, { t: 'call', id: 4, method: 'shell.exec', input: {} })
    await tick()
    expect(w.sent).toEqual([
      expect.objectContaining({ t: 'fail', id: 3, error: expect.objectContaining({ code: 'BAD_INPUT' }) }),
      expect.objectContaining({ t: 'fail', id: 4, error: expect.objectContaining({ code: 'NOT_FOUND' }) })
    ])
  })

  it('stops listening when the window is destroyed', () => {
    const w = attachedWindow(() => true)
    expect(ipcMain.listenerCount(IPC_CHANNEL)).toBe(1)
    w.contents.emit('destroyed')
    expect(ipcMain.listenerCount(IPC_CHANNEL)).toBe(0)
  })
})
