/**
 * Main's own validator refreshes (services/validators/monitor.ts) on vitest's fake clock: the interval the
 * operator chose, never two at once, errors reported and the next one on time, off at 0, a new interval on
 * restart. The end-to-end tests leave this timer off and refresh by hand, so they never wait for it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RefreshMonitor } from '../../src/main/services/validators/monitor'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function monitor(intervalSec: () => number, refresh: () => Promise<unknown>) {
  const errors: unknown[] = []
  const m = new RefreshMonitor(intervalSec, refresh, (e) => errors.push(e))
  return { m, errors }
}

describe('RefreshMonitor', () => {
  it('refreshes once per interval, first after one interval', async () => {
    const refresh = vi.fn(() => Promise.resolve())
    const { m } = monitor(() => 30, refresh)
    m.restart()
    await vi.advanceTimersByTimeAsync(29_999)
    expect(refresh).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(refresh).toHaveBeenCalledTimes(3)
    m.stop()
    await vi.advanceTimersByTimeAsync(300_000)
    expect(refresh).toHaveBeenCalledTimes(3)
  })

  it('never runs two refreshes at once: a tick while one is running is skipped', async () => {
    let release: () => void = () => undefined
    const refresh = vi.fn(() => new Promise<void>((r) => (release = r)))
    const { m } = monitor(() => 30, refresh)
    m.restart()
    await vi.advanceTimersByTimeAsync(90_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    release()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refresh).toHaveBeenCalledTimes(2)
    m.stop()
  })

  it('reports a failed refresh and keeps its schedule', async () => {
    const refresh = vi.fn(() => Promise.reject(new Error('node unreachable')))
    const { m, errors } = monitor(() => 60, refresh)
    m.restart()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(refresh).toHaveBeenCalledTimes(2)
    expect(errors.map((e) => (e as Error).message)).toEqual(['node unreachable', 'node unreachable'])
    m.stop()
  })

  it('is off at 0, and follows a new interval on restart', async () => {
    let sec = 0
    const refresh = vi.fn(() => Promise.resolve())
    const { m } = monitor(() => sec, refresh)
    m.restart()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(refresh).toHaveBeenCalledTimes(0)
    sec = 300
    m.restart()
    await vi.advanceTimersByTimeAsync(300_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    sec = 30
    m.restart()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refresh).toHaveBeenCalledTimes(2)
    m.stop()
  })
})
