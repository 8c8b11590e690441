/**
 * The one data path, through the contract, against the real sim: a cached read answers live, then
 * (with the sim stopped) from the cache, marked so with its age; a read never made fails with OFFLINE.
 * The same through the CLI, as a person would run it. And the data-service key goes only to the
 * origin it was entered for.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { AppError } from '../../../src/shared/rpc/errors'
import { startSim, type Sim } from '../../sim/index'
import { connect, tempDir, testApp } from './helpers'

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, (s) => out.push(s), (s) => err.push(s))
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('cached reads', () => {
  let sim: Sim | undefined
  afterAll(async () => {
    await sim?.stop()
  })

  it('answer live, then from the cache when the node is gone; a read never made fails with OFFLINE', async () => {
    sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    const ctx = testApp('cli')
    try {
      const client = connect(ctx.app)
      const created = await client.call('profiles.create', {
        profile: { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
      })
      await client.call('profiles.activate', { id: created.id })
      const live = await client.call('info.getNodeID', {})
      expect(live).toMatchObject({ source: 'live', data: { nodeID: sim.dataset.nodes.self } })
      expect(live.offline).toBeUndefined()
      const peers = await client.call('info.peers', {})
      expect(Number(peers.data.numPeers)).toBe(peers.data.peers.length)
      const checks = await client.call('health.health', {})
      expect(checks.data.checks.length).toBeGreaterThan(0)
      await client.call('info.isBootstrapped', { chain: 'P' })

      await sim.stop()
      sim = undefined
      const cached = await client.call('info.getNodeID', {})
      expect(cached).toMatchObject({ source: 'cache', fetchedAt: live.fetchedAt, data: live.data, offline: { code: 'NETWORK' } })
      // Another input of the same method was never read: nothing to answer with.
      const never = await client.call('info.isBootstrapped', { chain: 'X' }).catch((e: unknown) => e)
      expect(never).toBeInstanceOf(AppError)
      expect((never as AppError).code).toBe('OFFLINE')
      expect((never as AppError).message).toMatch(/cannot be reached.*nothing is cached/)
    } finally {
      ctx.done()
    }
  })

  it('through the CLI: cached with its age on stderr; never read: a clear error', async () => {
    const t = tempDir()
    let local: Sim | undefined = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const profile = { name: 'sim', nodeUrl: local.nodeUrl, dataUrl: local.dataUrl, metricsUrl: local.metricsUrl, network: 'mainnet', nodeIds: [] }
      expect((await cli(['call', 'profiles.create', JSON.stringify({ profile }), '--data-dir', t.dir])).code).toBe(0)
      const first = await cli(['call', 'info.getNodeID', '{}', '--profile', 'sim', '--data-dir', t.dir])
      expect(first.code).toBe(0)
      expect(JSON.parse(first.out)).toMatchObject({ source: 'live', data: { nodeID: local.dataset.nodes.self } })
      expect(first.err).toBe('')
      await local.stop()
      local = undefined
      const again = await cli(['call', 'info.getNodeID', '{}', '--profile', 'sim', '--data-dir', t.dir])
      expect(again.code).toBe(0)
      expect(JSON.parse(again.out)).toMatchObject({ source: 'cache', data: { nodeID: expect.stringMatching(/^NodeID-/) } })
      expect(again.err).toMatch(/answered from the cache, fetched \d+ s ago .*could not be reached/)
      const never = await cli(['call', 'info.getNodeVersion', '{}', '--profile', 'sim', '--data-dir', t.dir])
      expect(never.code).toBe(1)
      expect(JSON.parse(never.err)).toMatchObject({ error: { code: 'OFFLINE', message: expect.stringMatching(/node cannot be reached .*nothing is cached/) } })
    } finally {
      await local?.stop()
      t.remove()
    }
  })
})

describe('the data-service key goes only to the origin it was entered for', () => {
  const KEY = 'sk-origin-5e1d2c3b4a'
  let sink: Server
  let sinkUrl: string
  const seen: Array<{ host: string; key: string | undefined }> = []
  beforeAll(async () => {
    sink = createServer((req, res) => {
      seen.push({ host: String(req.headers.host), key: req.headers['x-data-api-key'] as string | undefined })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"chains":[]}')
    })
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r))
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => sink.close(() => r())))

  it('profiles.update to another origin drops the key; the next probe sends none', async () => {
    const ctx = testApp('browser')
    try {
      const client = connect(ctx.app)
      const created = await client.call('profiles.create', {
        profile: { name: 'k', nodeUrl: 'http://127.0.0.1:1', dataUrl: 'https://data.example.invalid', metricsUrl: 'http://127.0.0.1:1', network: 'mainnet', nodeIds: [] },
        apiKey: KEY
      })
      expect(created.apiKey.set).toBe(true)
      // Same origin, another path: the key stays.
      const samePath = await client.call('profiles.update', { id: created.id, profile: { dataUrl: 'https://data.example.invalid/v2' } })
      expect(samePath.apiKey.set).toBe(true)
      const moved = await client.call('profiles.update', { id: created.id, profile: { dataUrl: sinkUrl } })
      expect(moved.apiKey).toEqual({ set: false, storage: null })
      seen.length = 0
      const report = await client.call('profiles.activate', { id: created.id })
      expect(report.parts.find((p) => p.part === 'dataService')?.status).toBe('available')
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.every((s) => s.key === undefined)).toBe(true)
    } finally {
      ctx.done()
    }
  })

  it('the CLI --data-url override to another origin sends no key; the stored origin still gets it', async () => {
    const t = tempDir()
    try {
      const profile = { name: 'k', nodeUrl: 'http://127.0.0.1:1', dataUrl: sinkUrl, metricsUrl: 'http://127.0.0.1:1', network: 'mainnet', nodeIds: [] }
      expect((await cli(['call', 'profiles.create', JSON.stringify({ profile, apiKey: KEY }), '--data-dir', t.dir])).code).toBe(0)
      seen.length = 0
      await cli(['call', 'connection.probe', '{}', '--profile', 'k', '--data-dir', t.dir])
      expect(seen.some((s) => s.key === KEY)).toBe(true)
      // The same server under another origin (localhost instead of 127.0.0.1): a new place, no key.
      const elsewhere = sinkUrl.replace('127.0.0.1', 'localhost')
      seen.length = 0
      await cli(['call', 'connection.probe', '{}', '--profile', 'k', '--data-url', elsewhere, '--data-dir', t.dir])
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.every((s) => s.key === undefined)).toBe(true)
    } finally {
      t.remove()
    }
  })
})
