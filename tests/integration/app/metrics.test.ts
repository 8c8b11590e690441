/**
 * The metrics area through the contract against the sim: average TPS with its last update, NFT
 * holders paged (default 1000, up to 5000) with totals, the page-size rule, no key sent, and cached
 * answers once the service is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import { AppError } from '../../../src/shared/rpc/errors'
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
      const next = await client.call('metrics.getAvgTps', { chainId: '43114', pageToken: tps.data.nextPageToken! })
      expect(next.data.results[0]!.timestamp).toBeLessThan(tps.data.results.at(-1)!.timestamp)

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
