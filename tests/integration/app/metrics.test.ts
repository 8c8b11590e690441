/**
 * The metrics area through the contract against the sim: average TPS with its last update, paged by
 * the real route's startKey/nextPageStartKey (the sim's default) and by the spec's pageToken (forms
 * "spec"), NFT holders paged (default 1000, up to 5000) with totals, the page-size rule, no key sent,
 * and cached answers once the service is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import { AppError } from '../../../src/shared/rpc/errors'
import { nextPageOf } from '../../../src/shared/contract/data-service/metrics'
import { WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { startSim, type Sim } from '../../sim/index'
import { connect, tempDir } from './helpers'

let sim: Sim
let remove: () => void
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  await sim?.stop()
  remove?.()
})

describe('metrics', () => {
  it('average TPS, NFT holders page by page with totals, the page-size rule, and the cache when the service is gone', async () => {
    const t = tempDir()
    remove = t.remove
    const app = createApp({ dataDir: t.dir, mode: 'desktop', secrets: plainSecretStore })
    const client = connect(app)
    try {
      const p = await client.call('profiles.create', {
        profile: { name: 'm', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] },
        apiKey: 'never-sent-to-metrics'
      })
      await client.call('profiles.activate', { id: p.id })
      const tps = await client.call('metrics.getAvgTps', { chainId: '43114' })
      expect(tps.data.results.length).toBeGreaterThan(0)
      expect(tps.data.lastRun).toBeGreaterThan(0)
      // the real route: its key goes back as startKey, page after page to the oldest day
      expect(tps.data.nextPageToken).toBeUndefined()
      const days = async (first: typeof tps.data): Promise<number[]> => {
        const out = first.results.map((r) => r.timestamp)
        for (let at = nextPageOf(first, true); at !== null; ) {
          const page = (await client.call('metrics.getAvgTps', { chainId: '43114', ...at })).data
          expect(page.results[0]!.timestamp).toBeLessThan(out.at(-1)!)
          out.push(...page.results.map((r) => r.timestamp))
          at = nextPageOf(page, true)
        }
        return out
      }
      expect(nextPageOf(tps.data, true)).toEqual({ startKey: tps.data.nextPageStartKey })
      const realDays = await days(tps.data)
      expect(realDays.length).toBeGreaterThan(tps.data.results.length)
      // the spec's paging of the same days
      sim.serviceForms('spec')
      const specFirst = await client.call('metrics.getAvgTps', { chainId: '43114' })
      expect(nextPageOf(specFirst.data, true)).toEqual({ pageToken: specFirst.data.nextPageToken })
      expect(await days(specFirst.data)).toEqual(realDays)
      sim.serviceForms('real')
      // what the cache keeps for the first page is the last answer, the real one again
      expect((await client.call('metrics.getAvgTps', { chainId: '43114' })).data).toEqual(tps.data)
      const both = await client.call('metrics.getAvgTps', { chainId: '43114', pageToken: 'a', startKey: 'b' }).catch((e: unknown) => e)
      expect((both as AppError).code).toBe('BAD_INPUT')
      expect(JSON.stringify((both as AppError).details)).toContain('give pageToken (a nextPageToken) or startKey (a nextPageStartKey), not both')

      const first = await client.call('metrics.getNftHoldersByContractAddress', { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, pageSize: 5 })
      expect(first.data.addresses).toHaveLength(5)
      expect(first.data.totalHolders).toBeGreaterThan(5)
      const second = await client.call('metrics.getNftHoldersByContractAddress', { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, pageSize: 5, pageToken: first.data.nextPageToken! })
      expect(second.data.addresses.map((a) => a.address)).not.toContain(first.data.addresses[0]!.address)
      const all = await client.call('metrics.getNftHoldersByContractAddress', { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks })
      expect(all.data.addresses.length).toBe(Math.min(1000, all.data.totalHolders))

      const bad = await client.call('metrics.getNftHoldersByContractAddress', { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, pageSize: 5001 }).catch((e: unknown) => e)
      expect(bad).toBeInstanceOf(AppError)
      expect((bad as AppError).message + JSON.stringify((bad as AppError).details)).toContain('pageSize must be a whole number from 1 to 5000 (default 1000)')

      await sim.stop()
      const cached = await client.call('metrics.getAvgTps', { chainId: '43114' })
      expect(cached.source).toBe('cache')
      expect(cached.data).toEqual(tps.data)
    } finally {
      app.close()
    }
  })
})
