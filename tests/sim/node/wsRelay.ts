/**
 * /ext/bc/C/ws (and /ext/bc/{blockchainID}/ws of another EVM instance): each client websocket is
 * relayed to its own websocket on anvil, so eth_subscribe newHeads delivers anvil's real blocks. What
 * the client sends is screened as the HTTP endpoint screens it: methods a node does not serve (anvil_,
 * hardhat_, evm_ …) are refused with geth's -32601 and never reach anvil, the C-Chain additions are
 * answered by the sim, and batches are answered whole through the HTTP handler.
 *
 * A 'wsDrop' fault (match: the path and the method of anvil's message, e.g. "eth_subscription") closes
 * the client socket abruptly when that message would be delivered (mid-stream); with count=2 it drops
 * twice, across the client's reconnection.
 *
 * While `silent()` (the node hangs: /__sim/config unresponsive "hang") nothing passes either way: the
 * sockets stay open and quiet. dropClients() closes every client socket, as a node that went down.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import type { Faults } from '../faults'
import { evmCaller, evmLocal, handleEvm, isNotification } from './evm'
import type { EvmDeps } from './evm'
import { gethError } from './jsonrpc'
import type { RpcRequest } from './jsonrpc'

const MAX_PAYLOAD = 16 * 1024 * 1024

export class WsRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD })

  constructor(
    private readonly anvilWsUrl: string,
    private readonly faults: Faults,
    private readonly deps: EvmDeps,
    private readonly silent: () => boolean = () => false,
  ) {}

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void {
    this.wss.handleUpgrade(req, socket, head, (client) => this.relay(client, path))
  }

  /** What to do with one client message: answer it here (or drop it), or forward it to anvil. */
  private async screen(text: string): Promise<{ answer?: unknown } | 'forward'> {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { answer: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } } }
    }
    if (Array.isArray(body)) return { answer: await handleEvm(body, this.deps) }
    if (typeof body !== 'object' || body === null) return { answer: gethError(null, -32600, 'invalid request') }
    const local = await evmLocal(body as RpcRequest, this.deps, evmCaller(this.deps.anvilUrl))
    if (local === undefined) return 'forward'
    return isNotification(body) ? {} : { answer: local }
  }

  private relay(client: WebSocket, path: string): void {
    const upstream = new WebSocket(this.anvilWsUrl, { maxPayload: MAX_PAYLOAD })
    const queue: string[] = []
    upstream.on('open', () => {
      for (const m of queue.splice(0)) upstream.send(m)
    })
    client.on('message', (data) => {
      if (this.silent()) return
      const text = data.toString()
      void this.screen(text).then(
        (what) => {
          if (what === 'forward') {
            if (upstream.readyState === WebSocket.OPEN) upstream.send(text)
            else queue.push(text)
          } else if (what.answer !== undefined && client.readyState === WebSocket.OPEN) client.send(JSON.stringify(what.answer))
        },
        () => client.terminate()
      )
    })
    upstream.on('message', (data, isBinary) => {
      if (this.silent()) return
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

  /** closes every client socket at once (their anvil sockets follow); new ones are still taken */
  dropClients(): void {
    for (const c of this.wss.clients) c.terminate()
  }

  close(): void {
    this.dropClients()
    this.wss.close()
  }
}
