import { WebSocket } from 'ws'
import type { Contract } from '../../src/shared/contract'
import { createRpcClient, type RpcClient } from '../../src/shared/rpc/client'
import type { Frame } from '../../src/shared/rpc/frames'

/**
 * A client of browser mode as a page (or a script with the printed URL) is one: the websocket at /rpc with
 * the launch token, from the server's own origin, through the typed client of src/shared. `close` closes both.
 */
export async function pageClient(printedUrl: string): Promise<RpcClient<Contract> & { close(): void }> {
  const url = new URL(printedUrl)
  const ws = new WebSocket(`ws://${url.host}/rpc?token=${url.searchParams.get('token')}`, { origin: url.origin })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const client = createRpcClient<Contract>({
    send: (frame: Frame) => ws.send(JSON.stringify(frame)),
    onFrame: (listener) => {
      const on = (data: unknown): void => listener(JSON.parse(String(data)) as Frame)
      ws.on('message', on)
      return () => ws.off('message', on)
    },
    onClose: (listener) => {
      ws.on('close', listener)
      return () => ws.off('close', listener)
    }
  })
  const closeClient = client.close.bind(client)
  return Object.assign(client, {
    close: () => {
      closeClient()
      ws.close()
    }
  })
}
