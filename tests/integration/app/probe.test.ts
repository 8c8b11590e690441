import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { type RpcClient } from '../../../src/shared/rpc/client'
import type { Contract } from '../../../src/shared/contract'
import { connect, startAnvil, testApp } from './helpers'
import { closedPort as findClosedPort } from '../../support/ports'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
let closedPort: number
let keySink: Server
const seenHeaders: Array<Record<string, string | string[] | undefined>> = []
const seenUrls: string[] = []
const logged: string[] = []
const API_KEY = 'sk-test-7f3a9c1e5b'

beforeAll(async () => {
  anvil = await startAnvil()
  closedPort = await findClosedPort()
  // A small local server standing in for the data service's front door, to see what the client sends.
  keySink = createServer((req, res) => {
    seenHeaders.push(req.headers)
    seenUrls.push(req.url ?? '')
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `bad key ${String(req.headers['x-data-api-key'] ?? '(none)')}`, statusCode: 401, error: 'Unauthorized' }))
  })
  await new Promise<void>((r) => keySink.listen(0, '127.0.0.1', r))
  const write = process.stderr.write.bind(process.stderr)
  process.stderr.write = ((chunk: string) => (logged.push(String(chunk)), write(chunk))) as typeof process.stderr.write
  ctx = testApp()
  client = connect(ctx.app)
})
afterAll(async () => {
  await anvil.stop()
  keySink.close()
  ctx.done()
})

describe('connection probe', () => {
  it('shows the C-Chain parts of a profile at anvil available and the rest unavailable with a reason', async () => {
    const unreachable = `http://127.0.0.1:${closedPort}`
    const created = await client.call('profiles.create', {
      profile: { name: 'anvil', nodeUrl: unreachable, cchainUrl: anvil.url, dataUrl: unreachable, metricsUrl: unreachable, network: 'mainnet', nodeIds: [] }
    })
    const report = await client.call('profiles.activate', { id: created.id })
    const byPart = Object.fromEntries(report.parts.map((p) => [p.part, p]))
    expect(byPart.cchainRpc).toMatchObject({ status: 'available', detail: expect.stringContaining('chain id 43114') })
    expect(byPart.cchainWs).toMatchObject({ status: 'available', detail: expect.stringContaining('43114') })
    for (const part of ['admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics'] as const) {
      expect(byPart[part]).toMatchObject({ status: 'unavailable', error: { code: 'NETWORK' }, hint: expect.stringMatching(/Check/) })
      expect(byPart[part]!.detail).toMatch(/connection refused/)
    }
    await expect(client.call('connection.get', {})).resolves.toEqual(report)
  })

  it('sends the API key only in the x-data-api-key header, and never shows it', async () => {
    const sink = `http://127.0.0.1:${(keySink.address() as { port: number }).port}`
    const created = await client.call('profiles.create', {
      profile: { name: 'with key', nodeUrl: sink, dataUrl: sink, metricsUrl: sink, network: 'fuji', nodeIds: [] },
      apiKey: API_KEY
    })
    expect(created.apiKey).toEqual({ set: true, storage: 'unencrypted' })
    const report = await client.call('profiles.activate', { id: created.id })
    const dataPart = report.parts.find((p) => p.part === 'dataService')!
    expect(dataPart).toMatchObject({ status: 'unavailable', error: { code: 'UNAUTHORIZED' } })
    const dataRequest = seenHeaders.findIndex((_, i) => seenUrls[i]!.startsWith('/v1/chains'))
    expect(seenHeaders[dataRequest]!['x-data-api-key']).toBe(API_KEY)
    const metricsRequest = seenHeaders.findIndex((_, i) => seenUrls[i]!.startsWith('/v1/avg_tps'))
    expect(seenHeaders[metricsRequest]!['x-data-api-key']).toBeUndefined()
    expect(seenUrls.join(' ')).not.toContain(API_KEY)
    const outputs = JSON.stringify([created, report, await client.call('profiles.list', {}), await client.call('app.info', {})])
    expect(outputs).not.toContain(API_KEY)
    // The server echoed the key in its error text: the client cut it out before passing the text on.
    expect(dataPart.error).toMatchObject({ code: 'UNAUTHORIZED', details: { upstreamMessage: 'bad key [redacted]' } })
    expect(JSON.stringify(dataPart)).not.toContain('sk-test')
    expect(logged.join('')).not.toContain(API_KEY)
  })
})
