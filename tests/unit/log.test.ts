/**
 * The log (src/main/log.ts): one line per event in text or JSON, levels, and no registered secret in any
 * line, whichever code writes it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { configureLog, hideInLogs, log, parseLogOptions } from '../../src/main/log'

const lines: string[] = []
const capture = (format: 'text' | 'json', level: 'debug' | 'info' | 'warn' | 'error' = 'info'): void => {
  lines.length = 0
  configureLog({ format, level, out: (l) => void lines.push(l) })
}
afterEach(() => configureLog({ format: 'text', level: 'info', out: (l) => void process.stderr.write(l) }))

describe('the log', () => {
  it('text: one line per event, its own line breaks escaped; json: one object per line', () => {
    capture('text')
    log.warn('two\nlines', new Error('and\r\nmore'))
    expect(lines).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z warn two\\nlines: Error: and\\nmore\n$/)])
    capture('json')
    log.error('failed', new TypeError('bad'))
    log.info('fine')
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { time: expect.any(String), level: 'error', msg: 'failed', error: 'TypeError: bad' },
      { time: expect.any(String), level: 'info', msg: 'fine' }
    ])
    expect(lines.every((l) => l.endsWith('}\n') && l.indexOf('\n') === l.length - 1)).toBe(true)
  })

  it('writes only lines at or above its level', () => {
    capture('text', 'warn')
    log.debug('d')
    log.info('i')
    log.warn('w')
    log.error('e')
    expect(lines.map((l) => l.split(' ')[1])).toEqual(['warn', 'error'])
  })

  it('never shows a registered secret, in the message or the error, in either format; short values only as whole tokens', () => {
    hideInLogs('https://hooks.example.com/T1/B2/sekret-part')
    hideInLogs('/T1/B2/sekret-part')
    hideInLogs('abc')
    for (const format of ['text', 'json'] as const) {
      capture(format)
      log.warn('posting to https://hooks.example.com/T1/B2/sekret-part failed (abc, abcdef)', new Error('GET /T1/B2/sekret-part: 500'))
      expect(lines[0]).not.toContain('sekret-part')
      expect(lines[0]).toContain('posting to [redacted] failed ([redacted], abcdef)')
      expect(lines[0]).toContain('GET [redacted]: 500')
    }
  })

  it('hides a secret in its encoded and decoded forms', () => {
    hideInLogs('https://hooks.example.com/T1/t%6Fken-part-77')
    hideInLogs('/T1/t%6Fken-part-77')
    capture('text')
    log.warn('the receiver said: no route for /T1/token-part-77')
    expect(lines[0]).toContain('no route for [redacted]')
    expect(lines[0]).not.toContain('token-part-77')
  })

  it('--log-format and --log-level: the values, or what to write instead', () => {
    expect(parseLogOptions(undefined, undefined)).toEqual({ format: 'text', level: 'info' })
    expect(parseLogOptions('json', 'debug')).toEqual({ format: 'json', level: 'debug' })
    expect(parseLogOptions('yaml', undefined)).toBe('--log-format must be text or json, got "yaml"')
    expect(parseLogOptions(undefined, 'loud')).toBe('--log-level must be one of debug, info, warn, error, got "loud"')
  })
})
