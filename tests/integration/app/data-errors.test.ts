/**
 * Review high 1 (issue 18 item 1), through the contract and the CLI against the sim: an error the data
 * service answers with a body is passed on with the service's own words and its status: a 500 (signature
 * aggregation's quorum not reached), a 503 and a 429 (rate limited, with its Retry-After); never
 * "cannot be reached" (OFFLINE), and never an earlier answer from the cache in its place. Only a refused
 * connection or a timeout answers from the cache (source 'cache', with the reason).
 */
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { openDatabase } from '../../../src/main/cache/database'
import { ReadsStore } from '../../../src/main/cache/reads-store'
import { dataEndpoints } from '../../../src/main/clients/data/endpoints'
import { RestClient, callEndpoint } from '../../../src/main/clients/rest/client'
import { cachedRead } from '../../../src/main/services/data-path'
import type { Envelope } from '../../../src/shared/contract'
import { startSim, type Sim } from '../../sim/index'
import { activateSim, appsPerTest, failure, simPerFile, tempDir } from './helpers'

const QUORUM = { network: 'mainnet' as const, justification: '0xdeadbeef', quorumPercentage: 100 }
const SUBNETS = { network: 'mainnet' as const, pageSize: 3 }
const QUORUM_WORDS = /failed to collect a threshold of signatures/

const sim = simPerFile()

const { open } = appsPerTest()

describe('through the contract', () => {
  it('a 500 with a body: the service words and HTTP 500, not OFFLINE', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const e = await failure(client.call('data.aggregateSignatures', QUORUM))
    expect(e.code).toBe('UNAVAILABLE')
    expect(e.message).toContain('HTTP 500')
    expect(e.message).not.toMatch(/cannot be reached|nothing is cached/)
    expect(e.details).toMatchObject({ status: 500, upstreamMessage: expect.stringMatching(QUORUM_WORDS) })
  })

  it('a 503 and a 429 are the service answering: passed on as they are even with an earlier answer cached', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const live = await client.call('data.listSubnets', SUBNETS)
    expect(live.source).toBe('live')

    const down = sim.faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
    try {
      const e = await failure(client.call('data.listSubnets', SUBNETS))
      expect(e.code).toBe('UNAVAILABLE')
      expect(e.message).toContain('HTTP 503')
      expect(e.details).toMatchObject({ status: 503, upstreamMessage: 'Service Unavailable' })
    } finally {
      sim.faults.remove(down)
    }

    // A Retry-After longer than the app waits by itself: the caller is told, with the wait.
    sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 45, count: 1 })
    const limited = await failure(client.call('data.listSubnets', SUBNETS))
    expect(limited.code).toBe('RATE_LIMITED')
    expect(limited.message).toMatch(/rate limiting/)
    expect(limited.details).toMatchObject({ status: 429, retryAfter: 45, upstreamMessage: 'Rate limit exceeded' })

    // The service answers again: live.
    expect((await client.call('data.listSubnets', SUBNETS)).source).toBe('live')
  })

  it('a refused connection answers from the cache, marked so with the reason; nothing cached: OFFLINE', async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const { client } = open()
      await activateSim(client, sim, { dataUrl: own.dataUrl })
      const live = await client.call('data.listSubnets', SUBNETS)
      await own.stop()
      const cached = await client.call('data.listSubnets', SUBNETS)
      expect(cached).toMatchObject({ source: 'cache', fetchedAt: live.fetchedAt, data: live.data, offline: { code: 'NETWORK' } })
      const never = await failure(client.call('data.aggregateSignatures', QUORUM))
      expect(never.code).toBe('OFFLINE')
      expect(never.details).toMatchObject({ sourceCode: 'NETWORK' })
    } finally {
      await own.stop()
    }
  })

  it('a timeout answers from the cache, marked TIMEOUT (the data path over the REST client, short deadline)', async () => {
    const t = tempDir()
    const { db } = openDatabase(t.dir)
    try {
      const rest = new RestClient({ baseUrl: sim.dataUrl, service: 'data service', timeoutMs: 400, retries: 0 })
      const read = cachedRead(
        'data.listSubnets',
        (input, ctx) => callEndpoint(rest, dataEndpoints.listSubnets, { path: { network: input.network }, query: { pageSize: input.pageSize } }, { signal: ctx.signal }),
        { reads: new ReadsStore(db), scopeOf: () => sim.dataUrl, labelOf: () => 'data service' }
      )
      const ctx = { signal: new AbortController().signal, transport: 'memory' as const }
      const live = (await read(SUBNETS as never, ctx)) as Envelope<unknown>
      expect(live.source).toBe('live')
      const hang = sim.faults.add({ service: 'data', kind: 'hang', match: '/subnets' })
      try {
        const cached = (await read(SUBNETS as never, ctx)) as Envelope<unknown>
        expect(cached).toMatchObject({ source: 'cache', fetchedAt: live.fetchedAt, data: live.data, offline: { code: 'TIMEOUT' } })
      } finally {
        sim.faults.remove(hang)
      }
      // A 503 through the same path: not the cache.
      const down = sim.faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
      try {
        const e = await failure(read(SUBNETS as never, ctx))
        expect(e.code).toBe('UNAVAILABLE')
      } finally {
        sim.faults.remove(down)
      }
    } finally {
      db.close()
      t.remove()
    }
  })
})

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, (s) => out.push(s), (s) => err.push(s))
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('through the CLI', () => {
  it('500, 503 and 429 print the service words and status; only a refused connection answers from the cache', async () => {
    const t = tempDir()
    let own: Sim | undefined = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const profile = { name: 'sim', nodeUrl: own.nodeUrl, dataUrl: own.dataUrl, metricsUrl: own.metricsUrl, network: 'mainnet', nodeIds: [] }
      expect((await cli(['call', 'profiles.create', JSON.stringify({ profile }), '--data-dir', t.dir])).code).toBe(0)
      const call = (method: string, input: object) => cli(['call', method, JSON.stringify(input), '--profile', 'sim', '--data-dir', t.dir])

      const quorum = await call('data.aggregateSignatures', QUORUM)
      expect(quorum.code).toBe(1)
      expect(quorum.out).toBe('')
      expect(JSON.parse(quorum.err)).toMatchObject({
        error: { code: 'UNAVAILABLE', message: expect.stringContaining('HTTP 500'), details: { status: 500, upstreamMessage: expect.stringMatching(QUORUM_WORDS) } }
      })
      expect(quorum.err).not.toMatch(/OFFLINE|cannot be reached|nothing is cached/)

      const live = await call('data.listSubnets', SUBNETS)
      expect(live.code).toBe(0)
      expect(JSON.parse(live.out)).toMatchObject({ source: 'live' })

      const down = own.faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
      const unavailable = await call('data.listSubnets', SUBNETS)
      own.faults.remove(down)
      expect(unavailable.code).toBe(1)
      expect(JSON.parse(unavailable.err)).toMatchObject({ error: { code: 'UNAVAILABLE', message: expect.stringContaining('HTTP 503'), details: { status: 503, upstreamMessage: 'Service Unavailable' } } })
      expect(unavailable.err).not.toMatch(/OFFLINE|cannot be reached|answered from the cache/)

      own.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 45, count: 1 })
      const limited = await call('data.listSubnets', SUBNETS)
      expect(limited.code).toBe(1)
      expect(JSON.parse(limited.err)).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/rate limiting/), details: { status: 429, retryAfter: 45 } } })

      await own.stop()
      own = undefined
      const refused = await call('data.listSubnets', SUBNETS)
      expect(refused.code).toBe(0)
      expect(JSON.parse(refused.out)).toMatchObject({ source: 'cache', offline: { code: 'NETWORK' } })
      expect(refused.err).toMatch(/answered from the cache, fetched \d+ s ago .*could not be reached/)
    } finally {
      await own?.stop()
      t.remove()
    }
  })
})
