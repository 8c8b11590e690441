import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lineHead, parseLine, type PlainTimeContext } from '../../src/main/services/logs/parse-line'
import { terminalSafe } from '../../src/shared/domain/text-safety'

const FIXTURES = join(__dirname, '../fixtures/logs')
const lines = (name: string): string[] => readFileSync(join(FIXTURES, name), 'utf8').split('\n').slice(0, -1)
/** The node's local time taken as UTC here, so that no test depends on the machine's zone. */
const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number => Date.UTC(y, mo - 1, d, h, mi, s, ms)
const context: PlainTimeContext = { writtenAt: Date.UTC(2026, 10, 28, 6), localTime: utc }

describe("parseLine: avalanchego's plain format", () => {
  const [info, warn, debug, braces, panic, fatal, verbo] = lines('plain.log').map((l) => parseLine(l, context))

  it('reads time, level, logger, caller, message and fields', () => {
    expect(info).toMatchObject({
      format: 'plain',
      time: Date.UTC(2026, 10, 28, 5, 17, 8, 123),
      level: 'info',
      chain: 'C Chain',
      caller: 'evm/vm.go:412',
      message: 'Initializing Coreth VM',
      fields: { Version: 'v0.13.8', 'libevm version': 'v1.13.14', Config: { 'pruning-enabled': true } }
    })
    expect(warn).toMatchObject({ level: 'warn', fields: { number: 1234, hash: '0xabc' } })
    expect(debug?.level).toBe('debug')
    expect(fatal).toMatchObject({ level: 'fatal', message: 'low on disk space. Shutting down...', fields: { remainingDiskBytes: 1024 } })
    expect(verbo).toMatchObject({ level: 'verbo', message: 'message without fields', fields: null })
  })

  it('keeps braces of the message in the message and takes the trailing object as fields', () => {
    expect(braces).toMatchObject({ level: 'error', message: 'block {verify} failed: bad root {a}', fields: { blkID: '2Q4bC' } })
  })

  it('keeps a line of neither format as text, whole', () => {
    expect(panic).toMatchObject({ format: 'text', time: null, level: null, chain: null, message: 'panic: runtime error: invalid memory address' })
  })

  it('reads the coloured format (--log-format colors) as the plain one, with the colours gone', () => {
    const [upnp, main, pchain] = lines('colors.log').map((l) => parseLine(l, context))
    expect(upnp).toMatchObject({ format: 'plain', level: 'warn', chain: null, caller: 'node/node.go:1501', message: 'UPnP gateway not found, port mapping failed' })
    expect(upnp!.text).not.toContain('\x1b')
    expect(upnp!.text).toContain('] WARN node/node.go:1501')
    expect(main).toMatchObject({ level: 'info', fields: { version: 'avalanchego/1.11.13' } })
    // A field whose value carries a title-changing escape (JSON-escaped in the file) comes out without it.
    expect(pchain).toMatchObject({ level: 'error', chain: 'P Chain', fields: { msg: 'title' } })
  })

  it('gives a plain line the year that puts it at or before the time the file was written', () => {
    const december = '[12-31|23:59:59.999] INFO main.go:1 last line of the year'
    expect(parseLine(december, { writtenAt: Date.UTC(2027, 0, 1, 0, 5), localTime: utc }).time).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999))
    expect(parseLine(december, { writtenAt: Date.UTC(2026, 11, 31, 23, 59, 59, 999), localTime: utc }).time).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999))
  })

  it('refuses a header with an impossible date or an unknown level (kept as text)', () => {
    expect(parseLine('[13-28|05:17:08.123] INFO main.go:1 x', context).format).toBe('text')
    expect(parseLine('[11-28|05:17:08.123] LOUD main.go:1 x', context).format).toBe('text')
  })
})

describe('parseLine: --log-format json', () => {
  const [info, warn, main, unknownLevel, cut] = lines('json.log').map((l) => parseLine(l, context))

  it('reads the same fields as the plain format, the zone of the timestamp applied', () => {
    expect(info).toMatchObject({
      format: 'json',
      time: Date.UTC(2026, 10, 28, 5, 17, 8, 123),
      level: 'info',
      chain: 'C Chain',
      caller: 'evm/vm.go:412',
      message: 'Initializing Coreth VM',
      fields: { Version: 'v0.13.8', Config: { 'pruning-enabled': true } }
    })
    expect(warn).toMatchObject({ time: Date.UTC(2026, 10, 28, 5, 17, 8, 456), level: 'warn', fields: { number: 1234, hash: '0xabc' } })
    expect(main).toMatchObject({ chain: null, level: 'error', message: 'main has no logger', fields: null })
  })

  it('keeps an object that is not an avalanchego line, and a cut one, as text', () => {
    expect(unknownLevel).toMatchObject({ format: 'text', level: null })
    expect(cut).toMatchObject({ format: 'text', message: '{"level":"info","timestamp":"2026-11-28T05:17:09.00' })
  })

  it('stops at a depth of fields a recursive walk could not take', () => {
    const deep = `{"level":"info","timestamp":"2026-11-28T05:17:08.123Z","msg":"deep","f":${'['.repeat(5_000)}${']'.repeat(5_000)}}`
    const line = parseLine(deep, context)
    expect(line.format).toBe('json')
    expect(JSON.stringify(line.fields)).toContain('[nested too deep]')
  })
})

describe('terminalSafe: what a log line may not do to a terminal', () => {
  it('removes escape sequences and writes other controls visibly', () => {
    expect(terminalSafe('a\x1b[2J\x1b[1;1Hb')).toBe('ab')
    expect(terminalSafe('x\x1b]0;pwned\x07y\x1b]8;;http://e.example\x1b\\z')).toBe('xyz')
    expect(terminalSafe('bell\x07 nul\x00 del\x7f csi\x9b')).toBe('bell␇ nul␀ del␡ csi⟨U+009B⟩')
    expect(terminalSafe('tab\tkept')).toBe('tab\tkept')
  })

  it('leaves no raw control in a parsed line, whatever part of it held one', () => {
    const hostile = '[11-28|05:17:08.123] INFO <C\x1b]0;t\x07 Chain> a.go:1 msg\x1b[31m red\x9b {"k\\u001b[0m": "v\\u0007"}'
    const line = parseLine(hostile, context)
    const strings: string[] = []
    JSON.stringify(line, (key, value: unknown) => (strings.push(key, typeof value === 'string' ? value : ''), value))
    expect(strings.join('')).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f]/)
    expect(line).toMatchObject({ format: 'plain', chain: 'C Chain', message: 'msg red⟨U+009B⟩', fields: { k: 'v␇' } })
  })
})

describe("lineHead: a search's quick read of a line", () => {
  it('gives the time, level and text parseLine gives, for every fixture line and a hostile one', () => {
    const all = [...lines('plain.log'), ...lines('colors.log'), ...lines('json.log'), '[11-28|05:17:08.123] INFO <C\x1b]0;t\x07 Chain> a.go:1 msg\x1b[31m red\x9b', '', 'x\r']
    for (const raw of all) {
      const { time, level, text } = parseLine(raw, context)
      const head = lineHead(raw, context)
      expect({ time: head.time, level: head.level, text: head.text }, raw).toEqual({ time, level, text })
    }
  })
})
