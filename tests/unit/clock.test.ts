/**
 * Main's clock (src/main/clock.ts): the real one, and the OffsetClock that browser mode runs on under test,
 * moved forward through the server's test-clock route (src/main/server/test-clock.ts). The OffsetClock's
 * real-time part runs here on vitest's fake timers.
 */
import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OffsetClock, realClock } from '../../src/main/clock'
import { startBrowserServer, type BrowserServer } from '../../src/main/server/browser-server'
import { TEST_CLOCK_PATH } from '../../src/main/server/test-clock'
import type { Contract } from '../../src/shared/contract'
import { AppError } from '../../src/shared/rpc/errors'
import type { RpcServer } from '../../src/shared/rpc/server'
import { tempDir } from '../support/temp'

describe('OffsetClock', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('runs in real time until moved; moved, it is ahead by the sum of the moves', async () => {
    const clock = new OffsetClock()
    expect(clock.now()).toBe(1_000_000)
    await vi.advanceTimersByTimeAsync(500)
    expect(clock.now()).toBe(1_000_500)
    clock.advance(10_000)
    clock.advance(2_000)
    expect(clock.offsetMs).toBe(12_000)
    expect(clock.now()).toBe(1_012_500)
    expect(() => clock.advance(-1)).toThrow(RangeError)
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError)
    expect(clock.offsetMs).toBe(12_000)
  })

  it('fires a timer in real time when nobody moves it', async () => {
    const clock = new OffsetClock()
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock.now()), 3_000)
    await vi.advanceTimersByTimeAsync(2_999)
    expect(fired).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(fired).toEqual([1_003_000])
  })

  it('moved past a timer, fires it at once; one not yet due keeps its due time on the moved clock', async () => {
    const clock = new OffsetClock()
    const fired: string[] = []
    clock.setTimeout(() => fired.push('10 s'), 10_000)
    clock.setTimeout(() => fired.push('30 s'), 30_000)
    clock.advance(10_000)
    expect(fired).toEqual([]) // not inside advance(): in a task of its own, as any timer
    await vi.advanceTimersByTimeAsync(0)
    expect(fired).toEqual(['10 s'])
    // 20 s of the clock are left for the other: 15 s moved, then 5 s of real time.
    clock.advance(15_000)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(fired).toEqual(['10 s'])
    await vi.advanceTimersByTimeAsync(1)
    expect(fired).toEqual(['10 s', '30 s'])
  })

  it('fires the timers due after a move in order of due time, and of setting for the same time', async () => {
    const clock = new OffsetClock()
    const fired: string[] = []
    clock.setTimeout(() => fired.push('c at 3 s'), 3_000)
    clock.setTimeout(() => fired.push('a at 1 s'), 1_000)
    clock.setTimeout(() => fired.push('b at 1 s'), 1_000)
    clock.setTimeout(() => fired.push('d at 2 s'), 2_000)
    clock.setTimeout(() => fired.push('e at 9 s'), 9_000)
    clock.advance(5_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(fired).toEqual(['a at 1 s', 'b at 1 s', 'd at 2 s', 'c at 3 s'])
  })

  it('cancels: a cleared timer never fires, also one cleared by a timer due in the same move', async () => {
    const clock = new OffsetClock()
    const fired: string[] = []
    const gone = clock.setTimeout(() => fired.push('cleared before'), 1_000)
    clock.setTimeout(() => {
      fired.push('first')
      clock.clearTimeout(later)
    }, 2_000)
    const later = clock.setTimeout(() => fired.push('cleared by first'), 3_000)
    clock.clearTimeout(gone)
    clock.clearTimeout(undefined)
    clock.clearTimeout('not a timer')
    clock.advance(5_000)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fired).toEqual(['first'])
  })

  it('sleeps until the clock gets there, moved or not; an abort rejects with CANCELLED and leaves nothing behind', async () => {
    const clock = new OffsetClock()
    let woke = false
    const nap = clock.sleep(60_000).then(() => (woke = true))
    clock.advance(59_000)
    await vi.advanceTimersByTimeAsync(999)
    expect(woke).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await nap
    expect(woke).toBe(true)

    const stop = new AbortController()
    const cancelled = clock.sleep(60_000, stop.signal).catch((err: unknown) => err)
    stop.abort()
    const err = await cancelled
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('CANCELLED')
    expect(vi.getTimerCount()).toBe(0)
    await expect(clock.sleep(1, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})

describe('the real clock', () => {
  it('tells the time and sleeps for real; its timers do not hold the process open', async () => {
    const before = Date.now()
    expect(Math.abs(realClock.now() - before)).toBeLessThan(1_000)
    const t = realClock.setTimeout(() => undefined, 60_000) as ReturnType<typeof setTimeout>
    expect(t.hasRef()).toBe(false)
    realClock.clearTimeout(t)
    await realClock.sleep(5)
    await expect(realClock.sleep(60_000, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})

describe('the test-clock route of browser mode', () => {
  const servers: BrowserServer[] = []
  const dirs: (() => void)[] = []
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close()
    for (const remove of dirs.splice(0)) remove()
  })

  /** Browser mode with no contract behind it: the route is all that is used. */
  async function serve(clock?: OffsetClock): Promise<{ origin: string; token: string }> {
    const statics = tempDir('companion-clock-static-')
    dirs.push(statics.remove)
    writeFileSync(join(statics.dir, 'index.html'), '<!doctype html><title>t</title>')
    const rpc = { attach: () => () => undefined, publish: () => undefined } as unknown as RpcServer<Contract>
    const server = await startBrowserServer({ server: rpc, staticDir: statics.dir, port: 0, ...(clock ? { testClock: clock } : {}) })
    servers.push(server)
    const url = new URL(server.url)
    return { origin: url.origin, token: url.searchParams.get('token')! }
  }

  const post = (origin: string, query: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${origin}${TEST_CLOCK_PATH}${query}`, { method: 'POST', headers: { origin, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  /** fetch sets Host itself: a request naming another host (DNS rebinding) is made by hand. */
  const postWithHost = (origin: string, query: string, host: string): Promise<number | undefined> =>
    new Promise((resolve, reject) => {
      const req = request(`${origin}${TEST_CLOCK_PATH}${query}`, { method: 'POST', headers: { host, origin, 'content-type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject)
      req.end(JSON.stringify({ advanceMs: 1 }))
    })

  it('moves the clock with the token, from our own origin, to our own host', async () => {
    const clock = new OffsetClock()
    const { origin, token } = await serve(clock)
    const ok = await post(origin, `?token=${token}`, { advanceMs: 10_000 })
    expect(ok.status).toBe(200)
    const answer = (await ok.json()) as { now: number; offsetMs: number }
    expect(answer.offsetMs).toBe(10_000)
    expect(clock.offsetMs).toBe(10_000)

    expect((await post(origin, '', { advanceMs: 1 })).status).toBe(401)
    expect((await post(origin, `?token=${token.slice(1)}x`, { advanceMs: 1 })).status).toBe(401)
    expect((await post(origin, `?token=${token}`, { advanceMs: 1 }, { origin: 'http://evil.example' })).status).toBe(403)
    expect(await postWithHost(origin, `?token=${token}`, 'evil.example')).toBe(403)
    expect((await fetch(`${origin}${TEST_CLOCK_PATH}?token=${token}`, { headers: { origin } })).status).toBe(405)
    for (const bad of [{ advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '5' }, {}, null, { advanceMs: 8 * 24 * 3_600_000 }])
      expect((await post(origin, `?token=${token}`, bad)).status).toBe(400)
    expect(clock.offsetMs).toBe(10_000)
  })

  it('does not exist on a server started without the test clock', async () => {
    const { origin, token } = await serve()
    const res = await post(origin, `?token=${token}`, { advanceMs: 10_000 })
    expect(res.status).not.toBe(200)
  })
})
