import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/main/cache/database'
import { WatchStore } from '../../src/main/cache/watch-store'
import { SERIES_SPAN_MS, SeriesKeeper, pointOf } from '../../src/main/services/alerts/series'
import type { WatchSample } from '../../src/shared/contract'
import { tempDir } from '../support/temp'

const T0 = Date.UTC(2026, 10, 25)
const MIN = 60_000
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((f) => f()))

function store(): WatchStore {
  const t = tempDir()
  const { db } = openDatabase(t.dir)
  db.prepare(`INSERT INTO profiles (id, name, node_url, data_url, metrics_url, network, created_at, updated_at) VALUES ('p1', 'p', 'u', 'u', 'u', 'mainnet', 0, 0)`).run()
  cleanups.push(() => (db.close(), t.remove()))
  return new WatchStore(db)
}
const sample = (at: number, free: number): WatchSample => ({
  profileId: 'p1',
  at,
  reachable: true,
  healthy: true,
  failingChecks: [],
  bootstrapped: { P: true, X: true, C: true },
  version: 'avalanchego/1.13.5',
  validators: [{ nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', subnetID: null, validating: true }],
  metrics: { acceptedBlocks: {}, polls: { C: { successful: at / 1_000, failed: 1 } }, rejectedBlocks: { C: 4 } },
  disk: { availableBytes: free, availablePercent: 20 }
})

describe("the rules' series: read from the kept samples once, then kept in memory", () => {
  it('the store gives the newest sample of each minute of the span, with the fields the rules read', () => {
    const s = store()
    // Every 20 s for 7 hours: the last 6 hours, one point a minute.
    for (let at = T0; at <= T0 + 7 * 60 * MIN; at += 20_000) s.putSample(sample(at, 1e12 - at + T0))
    const end = T0 + 7 * 60 * MIN
    const series = s.series('p1', end - SERIES_SPAN_MS)
    expect(series).toHaveLength(361)
    expect(series.at(-1)).toEqual(pointOf(sample(end, 1e12 - 7 * 60 * MIN)))
    expect(series.at(-2)!.at).toBe(end - 20_000)
    expect(series.at(-1)).not.toHaveProperty('validators')
  })

  it('a keeper loads once, then adds each check (one point a minute, the newest) and drops what is older than the span', () => {
    const s = store()
    for (let at = T0; at <= T0 + 60 * MIN; at += 30_000) s.putSample(sample(at, 1e12))
    const keeper = new SeriesKeeper()
    let loads = 0
    const load = (since: number) => (loads++, s.series('p1', since))
    expect(keeper.after(sample(T0 + 60 * MIN, 1e12), load)).toHaveLength(61)
    keeper.after(sample(T0 + 60 * MIN + 20_000, 1e12), load)
    const twice = keeper.after(sample(T0 + 60 * MIN + 40_000, 5e11), load)
    expect(loads).toBe(1)
    // Both in the minute of the last point: it stands for that minute, the newest of it.
    expect(twice).toHaveLength(61)
    expect(twice.at(-1)!.at).toBe(T0 + 60 * MIN + 40_000)
    expect(keeper.after(sample(T0 + 61 * MIN, 5e11), load)).toHaveLength(62)
    expect(twice.at(-1)!.disk).toEqual({ availableBytes: 5e11, availablePercent: 20 })
    const later = keeper.after(sample(T0 + 6 * 60 * MIN + 30 * MIN, 1e12), load)
    expect(later[0]!.at).toBeGreaterThanOrEqual(T0 + 30 * MIN)
    // Profiles changed: read again from the store.
    keeper.forget()
    keeper.after(sample(T0 + 7 * 60 * MIN, 1e12), load)
    expect(loads).toBe(2)
  })
})
