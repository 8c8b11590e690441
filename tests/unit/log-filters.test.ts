import { describe, expect, it } from 'vitest'
import { lineFilter, type TimedLine } from '../../src/main/services/logs/filters'
import { logFileName } from '../../src/main/services/logs/log-folder'
import { parseLine } from '../../src/main/services/logs/parse-line'
import { AppError } from '../../src/shared/rpc/errors'

const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number => Date.UTC(y, mo - 1, d, h, mi, s, ms)
const line = (text: string): TimedLine => {
  const parsed = parseLine(text, { writtenAt: Date.UTC(2026, 10, 28, 12), localTime: utc })
  return { ...parsed, sortTime: parsed.time ?? 0 }
}
const warn = line('[11-28|05:17:08.456] WARN <C Chain> core/blockchain.go:1 Head state missing {"number": 1234}')
const debug = line('[11-28|05:17:09.001] DEBUG <C Chain> eth/api.go:88 served eth_getBlockByNumber')
const trace = line('[11-28|05:17:09.002] TRACE <C Chain> eth/api.go:90 traced')
const fatal = line('[11-28|06:00:00.000] FATAL chains/manager.go:300 low on disk space. Shutting down...')
const text = line('goroutine 1 [running]:')
const all = [warn, debug, trace, fatal, text]
const pass = (filter: (l: TimedLine) => boolean): TimedLine[] => all.filter(filter)

describe('lineFilter: the filters of logs.query', () => {
  it("keeps lines at the level or above, in avalanchego's order (debug < trace < info), and no text line", () => {
    expect(pass(lineFilter({ regex: false, level: 'warn' }))).toEqual([warn, fatal])
    expect(pass(lineFilter({ regex: false, level: 'trace' }))).toEqual([warn, trace, fatal])
    expect(pass(lineFilter({ regex: false, level: 'debug' }))).toEqual([warn, debug, trace, fatal])
    expect(pass(lineFilter({ regex: false }))).toEqual(all)
  })

  it('finds text case-insensitively anywhere in the line, fields and caller included', () => {
    expect(pass(lineFilter({ grep: 'SHUTTING', regex: false }))).toEqual([fatal])
    expect(pass(lineFilter({ grep: '"number": 1234', regex: false }))).toEqual([warn])
    expect(pass(lineFilter({ grep: 'eth/api.go', regex: false }))).toEqual([debug, trace])
  })

  it('runs a regular expression in linear time, and says what is wrong with one it cannot run', () => {
    expect(pass(lineFilter({ grep: 'eth_get\\w+Number|^goroutine \\d+', regex: true }))).toEqual([debug, text])
    // Catastrophic for a backtracking engine on a long line; linear in RE2.
    const long = line(`[11-28|05:17:08.456] INFO a.go:1 ${'a'.repeat(60_000)}`)
    expect(lineFilter({ grep: '(a|a)*(a|aa)*b', regex: true })(long)).toBe(false)
    const bad = (() => {
      try {
        lineFilter({ grep: '(a)\\1', regex: true })
      } catch (e) {
        return e
      }
    })()
    expect(bad).toBeInstanceOf(AppError)
    expect((bad as AppError).code).toBe('BAD_INPUT')
    expect((bad as AppError).message).toMatch(/grep is not a regular expression/)
  })

  it('keeps a time range, inclusive, by the time a line sorts at', () => {
    expect(pass(lineFilter({ regex: false, since: Date.UTC(2026, 10, 28, 5, 17, 9, 1), until: Date.UTC(2026, 10, 28, 5, 17, 9, 2) }))).toEqual([debug, trace])
    expect(pass(lineFilter({ regex: false, since: Date.UTC(2026, 10, 28, 5, 30) }))).toEqual([fatal])
  })
})

describe("logFileName: avalanchego's log files and the ones its rotater leaves", () => {
  it('names the logger, and the rotation time (UTC) and compression of a rotated file', () => {
    expect(logFileName('C.log')).toEqual({ logger: 'C', rotatedAt: null, compressed: false })
    expect(logFileName('main.log')).toEqual({ logger: 'main', rotatedAt: null, compressed: false })
    expect(logFileName('C-2026-11-28T05-17-08.123.log')).toEqual({ logger: 'C', rotatedAt: Date.UTC(2026, 10, 28, 5, 17, 8, 123), compressed: false })
    expect(logFileName('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5-2026-01-02T03-04-05.006.log.gz')).toEqual({
      logger: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
      rotatedAt: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      compressed: true
    })
    expect(logFileName('db.lock')).toBeNull()
    expect(logFileName('C.log.gz')).toBeNull()
  })
})
