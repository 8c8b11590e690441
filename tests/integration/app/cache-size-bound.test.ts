/**
 * The cache's size limit (issue 21): past it the oldest unpinned rows, entities and answers alike, go first,
 * pinned rows stay, and the file gives the space back. Through the contract at the smallest limit it takes
 * (64 MiB), and on the store with a limit of 1 MiB, checked after writes and at start.
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { CacheAdminStore } from '../../../src/main/cache/cache-admin-store'
import { DB_FILE, openDatabase } from '../../../src/main/cache/database'
import { ReadsStore } from '../../../src/main/cache/reads-store'
import type { Clock } from '../../../src/main/clock'
import { SizeBound } from '../../../src/main/services/cache/size-bound'
import { entityKeys, putEntities } from '../../support/cache-rows'
import { appsPerTest, tempDir } from './helpers'

const apps = appsPerTest()
const MiB = 1024 * 1024
const T0 = 1_700_000_000_000
const pad = (n: number): string => 'x'.repeat(n)

/** Answers kept whole, written straight into the reads table with the given fetch times. */
function putAnswers(dataDir: string, times: number[], bytes: number): void {
  const db = new Database(join(dataDir, DB_FILE))
  try {
    const put = db.prepare('INSERT INTO reads (scope, method, input_key, data, fetched_at) VALUES (?, ?, ?, ?, ?)')
    db.transaction(() => times.forEach((t, i) => put.run('http://127.0.0.1:9650', 'info.peers', `{"i":${i}}`, JSON.stringify({ pad: pad(bytes) }), t)))()
  } finally {
    db.close()
  }
}

describe('the size limit through the contract', () => {
  it('drops the oldest unpinned rows first, keeps the pinned ones, and the file shrinks under the limit', async () => {
    const { client, dataDir, app } = apps.open()
    // ~80 MiB: 20,000 transactions of 4 KB, one a second; the 50 oldest pinned; answers as old as the oldest half.
    putEntities(dataDir, [
      ...Array.from({ length: 20_000 }, (_, i) => ({ kind: 'transaction', key: `tx${i}`, fetchedAt: T0 + i * 1000, pinned: i < 50, data: { pad: pad(4000) } }))
    ])
    putAnswers(dataDir, Array.from({ length: 100 }, (_, i) => T0 + i * 100_000), 4000)
    const before = await client.call('cache.stats', {})
    expect(before.fileBytes).toBeGreaterThan(64 * MiB)

    const set = await client.call('cache.setLimit', { limitBytes: 64 * MiB })
    expect(set.limitBytes).toBe(64 * MiB)
    expect(set.removed).toBeGreaterThan(0)
    const after = await client.call('cache.stats', {})
    expect(after.limitBytes).toBe(64 * MiB)
    expect(after.fileBytes).toBeLessThanOrEqual(64 * MiB)

    const { keys } = entityKeys(dataDir)
    const kept = new Set(keys)
    for (let i = 0; i < 50; i++) expect(kept.has(`tx${i}`), `pinned tx${i}`).toBe(true)
    const unpinned = keys.filter((k) => Number(k.slice(2)) >= 50).map((k) => Number(k.slice(2)))
    // What is left of the unpinned is the newest run, up to the last one.
    expect(Math.max(...unpinned)).toBe(19_999)
    expect(unpinned.length).toBe(19_999 - Math.min(...unpinned) + 1)
    expect(unpinned.length).toBeLessThan(19_950)
    // Answers older than the oldest kept transaction went with the transactions of their age.
    const oldestKept = T0 + Math.min(...unpinned) * 1000
    expect(after.answers.oldest === null || after.answers.oldest > oldestKept - 1000).toBe(true)
    expect(after.answers.count).toBe(Array.from({ length: 100 }, (_, i) => T0 + i * 100_000).filter((t) => t >= oldestKept).length)

    // At start: closed, then 5,000 newer transactions (~20 MiB) written by other hands; the app drops the oldest again.
    app.close()
    putEntities(dataDir, Array.from({ length: 5_000 }, (_, i) => ({ kind: 'transaction', key: `new${i}`, fetchedAt: T0 + 10 ** 8 + i, data: { pad: pad(4000) } })))
    const again = apps.open({ dataDir })
    const restarted = entityKeys(dataDir).keys
    for (let i = 0; i < 50; i++) expect(restarted).toContain(`tx${i}`)
    expect(restarted).toContain('new4999')
    expect(restarted).not.toContain(`tx${Math.min(...unpinned)}`)
    expect((await again.client.call('cache.stats', {})).fileBytes).toBeLessThanOrEqual(64 * MiB)

    // A limit under 64 MiB is refused, saying what is allowed.
    const low = await again.client.call('cache.setLimit', { limitBytes: MiB }).catch((e: Error) => e)
    expect(String(low)).toContain('must be at least 64 MiB')
  })
})

/** A clock whose timers run when the test says. */
function manualClock(): Clock & { fire(): void; planned(): number } {
  let timers: (() => void)[] = []
  return {
    now: () => Date.now(),
    setTimeout: (fn) => {
      timers.push(fn)
      return fn
    },
    clearTimeout: (h) => {
      timers = timers.filter((t) => t !== h)
    },
    sleep: () => Promise.resolve(),
    fire() {
      const due = timers
      timers = []
      due.forEach((t) => t())
    },
    planned: () => timers.length
  }
}

describe('the size limit on the store, with a limit of 1 MiB', () => {
  it('is checked after writes (one check per burst), and what is over goes oldest first', () => {
    const t = tempDir()
    const { db } = openDatabase(t.dir)
    try {
      const store = new CacheAdminStore(db)
      const clock = manualClock()
      const warnings: string[] = []
      // The real store, its limit alone below what the contract allows (64 MiB), so the test writes 2 MiB, not 80.
      const bound = new SizeBound({ store: Object.assign(Object.create(store) as CacheAdminStore, { limit: () => MiB }), clock, warn: (m) => warnings.push(m) })
      const reads = new ReadsStore(db, () => bound.noteWrite())
      for (let i = 0; i < 600; i++) reads.put('http://n', 'info.peers', String(i), { pad: pad(4000) }, T0 + i)
      // 600 writes, one check planned; nothing dropped before it runs.
      expect(clock.planned()).toBe(1)
      expect(store.answers().count).toBe(600)
      clock.fire()
      const left = store.answers().count
      expect(left).toBeGreaterThan(0)
      expect(left).toBeLessThan(600)
      expect(store.usedBytes()).toBeLessThanOrEqual(MiB * 0.9)
      // The newest stayed.
      const oldest = db.prepare<[], { t: number }>('SELECT MIN(fetched_at) AS t FROM reads').get()!.t
      expect(oldest).toBe(T0 + 600 - left)
      expect(warnings).toEqual([])
      bound.stop()
    } finally {
      db.close()
      t.remove()
    }
  })

})
