/**
 * /ext/bc/C/ws: each client websocket is relayed to its own websocket on anvil, so eth_subscribe
 * newHeads delivers anvil's real blocks. A 'wsDrop' fault closes the client socket abruptly when the
 * next message from anvil would be delivered (mid-stream).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import type { Faults } from '../faults'

const MAX_PAYLOAD = 16 * 1024 * 1024

export class WsRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD })

  constructor(private readonly anvilWsUrl: string, private readonly faults: Faults) {}

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void {
    this.wss.handleUpgrade(req, socket, head, (client) => this.relay(client, path))
  }

  private relay(client: WebSocket, path: string): void {
    const upstream = new WebSocket(this.anvilWsUrl, { maxPayload: MAX_PAYLOAD })
    const queue: (string | Buffer)[] = []
    upstream.on('open', () => {
      for (const m of queue.splice(0)) upstream.send(m)
    })
    client.on('message', (data, isBinary) => {
      const msg = isBinary ? (data as Buffer) : data.toString()
      if (upstream.readyState === WebSocket.OPEN) upstream.send(msg)
      else queue.push(msg)
    })
    upstream.on('message', (data, isBinary) => {
      const text = data.toString()
      let method = 'ws'
      try {
        const parsed = JSON.parse(text) as { method?: unknown }
        if (typeof parsed.method === 'string') method = parsed.method
      } catch {
        // relay whatever anvil sent
      }
      if (this.faults.take('node', `${path} ${method}`, ['wsDrop']).length > 0) {
        client.terminate()
        upstream.terminate()
        return
      }
      if (client.readyState === WebSocket.OPEN) client.send(isBinary ? data : text)
    })
    const close = () => {
      if (client.readyState === WebSocket.OPEN) client.close()
      if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate()
    }
    client.on('close', close)
    client.on('error', close)
    upstream.on('close', close)
    upstream.on('error', close)
  }

  close(): void {
    for (const c of this.wss.clients) c.terminate()
    this.wss.close()
  }
}
