/**
 * The logs area against a real folder laid out as avalanchego leaves it (main.log, C.log, P.log, a rotated and
 * compressed C file), with what a hostile or broken folder holds beside them: a link to a file outside, a named
 * pipe, a line of 1 MB. Each is refused or cut as issue 35 says, and no read blocks.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { ConfigError, parseHostConfig } from '../../../src/main/config/host-config'
import { listLogFolder } from '../../../src/main/services/logs/log-folder'
import { queryLogs } from '../../../src/main/services/logs/query'
import { LINE_MAX_BYTES } from '../../../src/main/services/logs/read-lines'
import { appsPerTest, failure, tempDir } from './helpers'

const FIXTURES = join(__dirname, '../../fixtures/logs')
/** Every file's mtime: the year of a plain line is read from it (no test depends on today's date). */
const WRITTEN = new Date(Date.UTC(2026, 10, 28, 12))
/** The plain format's times are the node's local time: the same local date the app reads them as. */
const local = (mo: number, d: number, h: number, mi: number, s: number, ms: number): number => new Date(2026, mo - 1, d, h, mi, s, ms).getTime()

describe('logs area: the node log folder on this machine', () => {
  const { open } = appsPerTest()
  let logDir = ''

  beforeAll(() => {
    const root = tempDir('companion-logs-').dir
    logDir = join(root, 'logs')
    mkdirSync(logDir)
    writeFileSync(join(root, 'outside.log'), '[11-28|05:17:08.123] INFO a.go:1 SECRET outside the folder\n')
    copyFileSync(join(FIXTURES, 'plain.log'), join(logDir, 'C.log'))
    // The 1 MB line (no newline inside), then one more line the reader must still find.
    writeFileSync(join(logDir, 'C.log'), `[11-28|05:18:00.000] WARN <C Chain> a.go:1 huge ${'x'.repeat(1024 * 1024)}\n[11-28|05:18:01.000] INFO <C Chain> a.go:2 after the huge line\n`, { flag: 'a' })
    copyFileSync(join(FIXTURES, 'colors.log'), join(logDir, 'P.log'))
    writeFileSync(join(logDir, 'C-2026-11-28T05-00-00.000.log.gz'), gzipSync(Buffer.from('{"level":"error","timestamp":"2026-11-28T04:59:59.000Z","logger":"C Chain","caller":"old.go:1","msg":"rotated and compressed"}\n')))
    symlinkSync(join(root, 'outside.log'), join(logDir, 'main.log'))
    execFileSync('mkfifo', [join(logDir, 'X.log')])
    for (const name of ['C.log', 'P.log', 'C-2026-11-28T05-00-00.000.log.gz']) utimesSync(join(logDir, name), WRITTEN, WRITTEN)
    return () => rmSync(root, { recursive: true, force: true })
  })

  it('is chosen on the machine, never by a page: checked where it is typed, listed with what it does not read', async () => {
    const browser = open({ transport: 'ws' })
    expect((await failure(browser.client.call('logs.setFolder', { dir: logDir }))).code).toBe('FORBIDDEN')
    const { client } = open({ dataDir: browser.dataDir })
    const missing = await failure(client.call('logs.setFolder', { dir: join(logDir, 'nope') }))
    expect(missing.code).toBe('BAD_INPUT')
    expect(missing.message).toMatch(/log folder .* does not exist: give the folder the node writes its logs to/)
    expect((await failure(client.call('logs.setFolder', { dir: '/etc' }))).message).toMatch(/system folder/)

    const folder = await client.call('logs.setFolder', { dir: logDir })
    expect(folder).toMatchObject({ dir: logDir, source: 'machine', problem: null })
    expect(folder.files.map((f) => [f.name, f.logger, f.compressed])).toEqual([
      ['C-2026-11-28T05-00-00.000.log.gz', 'C', true],
      ['C.log', 'C', false],
      ['P.log', 'P', false]
    ])
    expect(folder.files[0]!.rotatedAt).toBe(Date.UTC(2026, 10, 28, 5))
    expect(folder.skipped).toEqual(
      expect.arrayContaining([
        { name: 'main.log', reason: 'it is a link: links are not followed' },
        { name: 'X.log', reason: 'it is a named pipe, not a regular file' }
      ])
    )
    // The browser session on the same data reads the folder the machine chose.
    expect((await browser.client.call('logs.folder', {})).dir).toBe(logDir)
  })

  it('queries lines of every file with the filters, cuts the 1 MB line, pages to older lines', async () => {
    const { client } = open()
    await client.call('logs.setFolder', { dir: logDir })

    const all = await client.call('logs.query', {})
    expect(all.unreadable).toEqual([])
    expect(all.lines.some((l) => l.text.includes('SECRET'))).toBe(false)
    expect(all.lines[0]).toMatchObject({ file: 'C-2026-11-28T05-00-00.000.log.gz', format: 'json', message: 'rotated and compressed' })
    const huge = all.lines.find((l) => l.message.startsWith('huge'))!
    expect(huge).toMatchObject({ cut: true, level: 'warn', format: 'plain' })
    expect(Buffer.byteLength(huge.text)).toBeLessThanOrEqual(LINE_MAX_BYTES)
    expect(all.lines.at(-1)).toMatchObject({ message: 'after the huge line', time: local(11, 28, 5, 18, 1, 0) })
    expect(all.lines.find((l) => l.file === 'P.log' && l.level === 'warn')).toMatchObject({ chain: null, message: 'UPnP gateway not found, port mapping failed' })
    expect(all.before).toBeNull()

    const warnC = await client.call('logs.query', { level: 'warn', chain: 'C' })
    expect(warnC.lines.map((l) => l.level)).toEqual(['error', 'warn', 'error', 'fatal', 'warn'])
    const grep = await client.call('logs.query', { grep: 'shutting down|upnp', regex: true })
    expect(grep.lines).toEqual([])
    const grepCi = await client.call('logs.query', { grep: '(?i)shutting down|upnp', regex: true })
    expect(grepCi.lines.map((l) => l.file)).toEqual(['P.log', 'C.log'])
    const since = await client.call('logs.query', { since: local(11, 28, 5, 17, 10, 0), file: 'C.log' })
    expect(since.lines.map((l) => l.message.slice(0, 10))).toEqual(['low on dis', 'message wi', `huge ${'x'.repeat(5)}`, 'after the '])

    const newest = await client.call('logs.query', { chain: 'C', limit: 3 })
    expect(newest.lines.map((l) => l.message.slice(0, 5))).toEqual(['messa', 'huge ', 'after'])
    const older = await client.call('logs.query', { chain: 'C', limit: 3, before: newest.before! })
    expect(older.lines.map((l) => l.message.slice(0, 5))).toEqual(['block', 'panic', 'low o'])
    const oldest = await client.call('logs.query', { chain: 'C', limit: 10, before: older.before! })
    expect(oldest.lines.map((l) => l.file)).toEqual(['C-2026-11-28T05-00-00.000.log.gz', 'C.log', 'C.log', 'C.log'])
    expect(oldest.before).toBeNull()

    expect((await failure(client.call('logs.query', { file: 'X.log' }))).code).toBe('NOT_FOUND')
    expect((await failure(client.call('logs.query', { file: '../outside.log' }))).code).toBe('BAD_INPUT')
    expect((await failure(client.call('logs.query', { before: 'not-a-position' }))).code).toBe('BAD_INPUT')
  })

  it('never blocks on a file that became a named pipe or a link after it was listed: it is said unreadable', async () => {
    const stale = (await listLogFolder(logDir)).files.map((f) => (f.name === 'P.log' ? { ...f, name: 'X.log' } : f))
    const linked = [...stale, { ...stale[0]!, name: 'main.log', compressed: false, rotatedAt: null }]
    const result = await queryLogs(logDir, linked, { regex: false, limit: 500 }, { budgetBytes: 1 << 30 })
    expect([...result.unreadable].sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'main.log', reason: 'main.log is a link: links in the log folder are not followed' },
      { file: 'X.log', reason: 'X.log is a named pipe, not a regular file: it is not read' }
    ])
    expect(result.lines.some((l) => l.text.includes('SECRET'))).toBe(false)
  })

  it('companion logs prints the lines of logs.query with the filters, escapes removed; bad options are said', async () => {
    const { dir: dataDir, remove } = tempDir()
    onTestFinished(remove)
    const cli = async (...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli(args, (l) => out.push(l), (l) => err.push(l))
      return { code, out, err }
    }
    expect((await cli('call', 'logs.setFolder', JSON.stringify({ dir: logDir }), '--data-dir', dataDir)).code).toBe(0)
    const warn = await cli('logs', '--level', 'warn', '--chain', 'P', '--data-dir', dataDir)
    expect(warn).toMatchObject({ code: 0, err: [] })
    expect(warn.out).toEqual([
      '[11-28|05:17:08.100] WARN node/node.go:1501 UPnP gateway not found, port mapping failed {"err": "no gateway"}',
      '[11-28|05:17:08.300] ERROR <P Chain> snowman/transitive.go:50 failed {"msg": "\\u001b]0;pwned\\u0007title"}'
    ])
    const grep = await cli('logs', '--grep', 'SHUTTING', '--since', '2026-11-28T00:00:00Z', '--json', '--data-dir', dataDir)
    expect(grep.out.map((l) => JSON.parse(l) as { level: string; fields: unknown })).toEqual([expect.objectContaining({ level: 'fatal', fields: { remainingDiskBytes: 1024 } })])
    const paged = await cli('logs', '--chain', 'C', '--limit', '1', '--data-dir', dataDir)
    expect(paged.out).toEqual(['[11-28|05:18:01.000] INFO <C Chain> a.go:2 after the huge line'])
    expect(paged.err.join('\n')).toMatch(/older lines: companion logs … --before '.+'/)
    const bad = await cli('logs', '--level', 'loud', '--data-dir', dataDir)
    expect(bad.code).toBe(2)
    expect(bad.err.join('\n')).toMatch(/bad option: level/)
    expect((await cli('logs', '--since', 'yesterday', '--data-dir', dataDir)).err.join('\n')).toMatch(/--since yesterday: give a time ago/)
  })

  it("a host's config file may name the folder: checked when the file is loaded, applied at start", async () => {
    const text = (logDirValue: unknown): string => JSON.stringify({ profiles: [{ name: 'node', nodeUrl: 'http://127.0.0.1:9650', network: 'fuji' }], logDir: logDirValue })
    const missing = (() => {
      try {
        parseHostConfig('host.json', text(join(logDir, 'nope')), {})
      } catch (e) {
        return e
      }
    })()
    expect(missing).toBeInstanceOf(ConfigError)
    expect((missing as ConfigError).problems).toEqual([expect.stringMatching(/^logDir: The log folder .*nope does not exist/)])
    const { app, client } = open({ hostConfig: parseHostConfig('host.json', text(logDir), {}) })
    expect(app.configReport?.changed).toContain('log folder: set')
    expect(await client.call('logs.folder', {})).toMatchObject({ dir: logDir, source: 'machine' })
  })

  it('reads at most its budget: a bigger file from its end, from the first whole line, and says it stopped', async () => {
    const files = (await listLogFolder(logDir)).files.filter((f) => f.name === 'C.log')
    const result = await queryLogs(logDir, files, { regex: false, limit: 500 }, { budgetBytes: 100 })
    expect(result).toMatchObject({ budgetReached: true, scannedBytes: 100, unreadable: [] })
    // The last 100 bytes hold the end of the huge line (skipped: it starts before them) and the whole last line.
    expect(result.lines.map((l) => l.message)).toEqual(['after the huge line'])
    expect(result.before).not.toBeNull()
  })
})
