import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WatchScheduler, type ScheduledProfile, type SchedulerClock } from '../../src/main/services/watch/scheduler'
import { AlertStore } from '../../src/main/cache/alert-store'
import { openDatabase } from '../../src/main/cache/database'
import { ProfilesStore, type ProfileRow } from '../../src/main/cache/profiles-store'
import { WatchStore } from '../../src/main/cache/watch-store'
import type { EffectiveProfile } from '../../src/main/services/profiles/service'
import { ValidatorsService } from '../../src/main/services/validators/service'
import { WatchService } from '../../src/main/services/watch/service'
import { closedPort } from '../support/ports'
import { tempDir } from '../support/temp'

/** vitest's fake timers behind the scheduler's clock; `random` is given per test. */
function fakeClock(random: () => number = () => 0): SchedulerClock {
  return { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number), random }
}

/** A scheduler whose checks record their start times and finish when told (or at once). */
function setup(profiles: ScheduledProfile[], opts: { random?: () => number; hang?: Set<string> } = {}) {
  const starts: Record<string, number[]> = {}
  const finish: Record<string, (() => void)[]> = {}
  let list = profiles
  const scheduler = new WatchScheduler({
    list: () => list,
    clock: fakeClock(opts.random),
    check: (id) => {
      ;(starts[id] ??= []).push(Date.now())
      if (!opts.hang?.has(id)) return Promise.resolve()
      return new Promise<void>((r) => (finish[id] ??= []).push(r))
    }
  })
  return { scheduler, starts, finish, setList: (l: ScheduledProfile[]) => (list = l) }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(0)
})
afterEach(() => vi.useRealTimers())

describe('watch scheduler', () => {
  it('checks each profile on its own interval', async () => {
    const { scheduler, starts } = setup([
      { id: 'a', intervalSec: 60 },
      { id: 'b', intervalSec: 10 }
    ])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(starts.a).toEqual([0, 60_000, 120_000])
    expect(starts.b).toHaveLength(13)
    expect(starts.b!.slice(0, 3)).toEqual([0, 10_000, 20_000])
    scheduler.stop()
  })

  it('holds an interval below the minimum at 5 s', async () => {
    const { scheduler, starts } = setup([{ id: 'a', intervalSec: 1 }])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(starts.a).toEqual([0, 5_000, 10_000, 15_000])
    scheduler.stop()
  })

  it('spreads the first checks of many profiles over the start jitter (at most 5 s)', async () => {
    let seed = 1
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const profiles = Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, intervalSec: 60 }))
    const { scheduler, starts } = setup(profiles, { random })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(5_000)
    const firsts = profiles.map((p) => starts[p.id]![0]!)
    expect(Math.max(...firsts)).toBeLessThanOrEqual(5_000)
    // No more than a handful in any one half-second.
    const buckets = new Map<number, number>()
    for (const t of firsts) buckets.set(Math.floor(t / 500), (buckets.get(Math.floor(t / 500)) ?? 0) + 1)
    expect(Math.max(...buckets.values())).toBeLessThanOrEqual(12)
    expect(buckets.size).toBeGreaterThanOrEqual(8)
    scheduler.stop()
  })

  it('never runs two checks of one profile at once: a tick while one runs is skipped', async () => {
    const { scheduler, starts, finish } = setup([{ id: 'a', intervalSec: 10 }], { hang: new Set(['a']) })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(35_000)
    expect(starts.a).toEqual([0])
    finish.a![0]!()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(starts.a).toEqual([0, 40_000])
    scheduler.stop()
  })

  it('a hung check of one profile does not delay another', async () => {
    const { scheduler, starts } = setup(
      [
        { id: 'hung', intervalSec: 5 },
        { id: 'fine', intervalSec: 5 }
      ],
      { hang: new Set(['hung']) }
    )
    scheduler.start()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(starts.hung).toEqual([0])
    expect(starts.fine).toEqual([0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000])
    scheduler.stop()
  })

  it('a profile turned off is not checked; turned on again (refresh) it is', async () => {
    const { scheduler, starts, setList } = setup([
      { id: 'on', intervalSec: 10 },
      { id: 'off', intervalSec: null }
    ])
    scheduler.start()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(starts.off).toBeUndefined()
    expect(starts.on).toHaveLength(3)
    setList([
      { id: 'on', intervalSec: null },
      { id: 'off', intervalSec: 10 }
    ])
    scheduler.refresh()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(starts.on).toHaveLength(3)
    expect(starts.off).toEqual([20_000, 30_000, 40_000])
    scheduler.stop()
  })

  it('stop clears every timer and aborts running checks', async () => {
    const signals: AbortSignal[] = []
    const scheduler = new WatchScheduler({
      list: () => [{ id: 'a', intervalSec: 5 }],
      clock: fakeClock(),
      check: (_id, signal) => (signals.push(signal), new Promise<void>(() => undefined))
    })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(signals).toHaveLength(1)
    scheduler.stop()
    expect(signals[0]!.aborted).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(signals).toHaveLength(1)
  })
})

describe('the watch keeps a sample of every check', () => {
  it('a node that does not answer: the first check comes at start, not after an interval, and its sample is kept (reachable false, values unknown) and shown as unknown in the history', async () => {
    vi.useRealTimers()
    const { dir, remove } = tempDir()
    const { db } = openDatabase(dir)
    try {
      const store = new WatchStore(db)
      const row: ProfileRow = {
        id: 'p1',
        name: 'gone',
        nodeUrl: `http://127.0.0.1:${await closedPort()}`,
        dataUrl: 'http://127.0.0.1:9',
        metricsUrl: 'http://127.0.0.1:9',
        network: 'mainnet',
        cchainUrl: null,
        addressHrp: null,
        nodeIds: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'],
        profileDir: null,
        createdAt: 0,
        updatedAt: 0
      }
      new ProfilesStore(db).insert(row)
      const profile: EffectiveProfile = { ...row, addressHrp: 'avax', apiKey: () => undefined }
      const clock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout), random: () => 0.2 }
      const warnings: string[] = []
      const watch = new WatchService({ store, alerts: new AlertStore(db), profiles: () => [profile], profile: () => profile, clock, deadlineMs: 1_000, warn: (m) => warnings.push(m) })
      const startedAt = Date.now()
      watch.start()
      // The default interval is a minute; the first check comes within the start jitter (at most 5 s).
      await expect.poll(() => store.recentSamples('p1', 10).length, { timeout: 8_000 }).toBe(1)
      watch.stop()
      expect(warnings).toEqual([])
      const [sample] = store.recentSamples('p1', 10)
      expect(sample!.at - startedAt).toBeLessThan(5_500)
      expect(sample).toMatchObject({ profileId: 'p1', reachable: false, error: expect.any(String), failingChecks: [], bootstrapped: { P: null, X: null, C: null } })
      expect(sample!.validators).toBeUndefined()
      expect(sample!.healthy).toBeUndefined()

      // The Validators panel's history: no made-up point, the check listed as unknown in a day's window.
      const validators = new ValidatorsService({ watch, samples: store, active: () => profile, stored: () => profile })
      const day = validators.history('day')
      expect(day.points).toEqual([])
      expect(day.unknown).toEqual([{ at: sample!.at, reachable: false, error: sample!.error }])
      expect(day.to! - day.from!).toBeGreaterThanOrEqual(86_400_000)
      expect(day.to! - day.from!).toBeLessThan(86_400_000 + 60_000)
    } finally {
      db.close()
      remove()
    }
  })
})
