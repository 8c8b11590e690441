/**
 * Issue 31, item 5: forty control.openProfile calls at once from a page, each on a file near the 64 MiB
 * limit, keep `companion serve` under 600 MB of memory, and each gets an answer or a busy refusal. Each call
 * used to read its whole file before it queued for the decoder: the server went to 2.7 GB. Now a call reads
 * only once it has a decoder slot, and calls past the queue's bound are refused at once (RATE_LIMITED).
 */
import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECODE_LIMITS } from '../../../src/main/services/control/pprof-decoder'
import { closedPort } from '../../support/ports'
import { pageClient } from '../../support/page-client'
import { tempDir } from './helpers'
import { startServe, type ServeProcess } from './serve-process'

const CALLS = 40
const FILE_BYTES = 60 * 1024 * 1024
const MAX_PEAK_RSS_BYTES = 600 * 1000 * 1000

const t = tempDir()
let serve: ServeProcess | undefined

beforeAll(async () => {
  const folder = join(t.dir, 'profiles')
  // One file on disk under forty names (hard links): each call still reads its own 60 MiB. Its first byte is
  // a field tag the decoder refuses, so what each call costs is the read, not the decode.
  mkdirSync(folder)
  writeFileSync(join(folder, 'cpu-0.profile'), Buffer.alloc(FILE_BYTES, 0x80))
  for (let i = 1; i < CALLS; i++) linkSync(join(folder, 'cpu-0.profile'), join(folder, `cpu-${i}.profile`))
  const down = `http://127.0.0.1:${await closedPort()}`
  const config = join(t.dir, 'companion.json')
  writeFileSync(config, JSON.stringify({ profiles: [{ name: 'big', nodeUrl: down, dataUrl: down, metricsUrl: down, network: 'mainnet', profileDir: folder }] }))
  serve = await startServe(['--config', config, '--data-dir', join(t.dir, 'data'), '--log-level', 'warn'])
}, 120_000)

afterAll(async () => {
  await serve?.stop()
  t.remove()
})

/** The process's peak resident memory (VmHWM of /proc/<pid>/status), in bytes. */
function peakRss(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`)
  return Number(kb[1]) * 1024
}

describe('control.openProfile from a page, forty at once', () => {
  it('each gets an answer or a busy refusal that says to try again, and the server stays under 600 MB', async () => {
    const page = await pageClient(serve!.url)
    try {
      const outcomes = await Promise.all(
        Array.from({ length: CALLS }, (_, i) =>
          page.call('control.openProfile', { name: `cpu-${i}.profile` }).then(
            () => ({ code: 'OK', message: '' }),
            (e: { code: string; message: string; details?: { retryAfter?: number } }) => ({ code: e.code, message: e.message, retryAfter: e.details?.retryAfter })
          )
        )
      )
      // Let in: the decoder's answer, that the file is not a profile (or, on a machine too loaded to decode it
      // within the decode deadline, that it took too long). Not let in: told to come back.
      const refused = outcomes.filter((o) => o.code === 'RATE_LIMITED')
      const opened = outcomes.filter((o) => o.code === 'BAD_INPUT' || o.code === 'TIMEOUT')
      expect(outcomes.filter((o) => !refused.includes(o) && !opened.includes(o))).toEqual([])
      for (const o of opened) expect(o.message).toMatch(/^cpu-\d+\.profile (is not a pprof profile, or it is truncated|takes longer than \d+ s to decode)/)
      for (const o of refused) expect(o).toMatchObject({ message: expect.stringMatching(/^The profile decoder is busy: .* Try again in \d+ seconds$/), retryAfter: expect.any(Number) })
      // At least the running and the queued are let in (more, when some ended before the last call came).
      expect(opened.length).toBeGreaterThanOrEqual(DECODE_LIMITS.concurrent + DECODE_LIMITS.queued)
      const peak = peakRss(serve!.pid)
      expect(peak, `peak RSS ${Math.round(peak / 1e6)} MB`).toBeLessThan(MAX_PEAK_RSS_BYTES)
      // Once the others ended, a call is let in again.
      expect(await page.call('control.openProfile', { name: 'cpu-0.profile' }).catch((e: { code: string }) => e.code)).toMatch(/^(BAD_INPUT|TIMEOUT)$/)
    } finally {
      page.close()
    }
  }, 180_000)
})
