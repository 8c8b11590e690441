/**
 * Issue 31, item 6: the config file cannot leak a secret through its errors nor hold the start. A JSON
 * syntax error is named by line, column and kind, never by a quote of the file (V8's message quotes it: an
 * unquoted password reached the journal); `--config` must be a regular file under MAX_CONFIG_BYTES (a named
 * pipe held `companion serve` for ever, waiting for a writer).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { loadHostConfig, MAX_CONFIG_BYTES, parseHostConfig } from '../../../src/main/config/host-config'
import { configureLog } from '../../../src/main/log'
import { tempDir } from './helpers'
import { runServe } from './serve-process'

const BUILT_CLI = 'out/main/cli.js'
const t = tempDir()
afterAll(() => t.remove())
afterEach(() => configureLog({ out: (l) => void process.stderr.write(l) }))

const problemOf = (text: string): string => {
  try {
    parseHostConfig('host.json', text, {})
  } catch (e) {
    return (e as Error).message
  }
  throw new Error('the text was accepted')
}

describe('a config file with a JSON syntax error', () => {
  it('companion watch --config: the log names the line, the column and the kind, and never the unquoted secret', async () => {
    const file = join(t.dir, 'secret.json')
    writeFileSync(
      file,
      '{\n  "profiles": [{ "name": "a", "nodeUrl": "http://127.0.0.1:9650", "network": "fuji" }],\n  "channels": [\n    { "kind": "email", "name": "m", "host": "smtp.example.com", "port": 587, "secure": false,\n      "username": "ops", "password": hunter2-SM, "from": "a@example.com", "to": ["b@example.com"] }\n  ]\n}\n'
    )
    const lines: string[] = []
    configureLog({ out: (l) => void lines.push(l) })
    expect(await runCli(['watch', '--config', file, '--data-dir', join(t.dir, 'data')], () => undefined, () => undefined)).toBe(2)
    expect(lines.join('')).toContain(`${file}: not valid JSON at line 5, column 38: a value was expected here`)
    expect(lines.join('')).not.toMatch(/hunter2|assword": h/)
  })

  it('each kind of break is named where it is, in words of its own', () => {
    expect(problemOf('{\n  "profiles": [\n    { "name": "a", }\n  ]\n}')).toMatch(/line 3, column 20: a comma before a closing \} \(JSON allows no trailing comma\)$/)
    expect(problemOf('{ "a": "open secret-value\n}')).toMatch(/line 1, column 26: a line break inside a string/)
    expect(problemOf('{ "a": 1 "b": 2 }')).toMatch(/line 1, column 10: a comma \(,\) or a closing \} was expected here$/)
    expect(problemOf("{ 'key-secret': 1 }")).toMatch(/line 1, column 3: a field name in double quotes was expected here$/)
    expect(problemOf('{ "a": [1, 2 }')).toMatch(/line 1, column 14: a comma \(,\) or a closing \] was expected here$/)
    expect(problemOf('{ "a": 1 } x-secret')).toMatch(/line 1, column 12: more text after the end/)
    expect(problemOf('{ "a": "x\\q" }')).toMatch(/line 1, column 10: a backslash in a string that is not a valid escape/)
    expect(problemOf('{ "a": "never closed')).toMatch(/line 1, column 8: a string starts here and is never closed/)
    expect(problemOf('{ "a": ')).toMatch(/line 1, column 8: the file ends where a value was expected$/)
    for (const text of ['{ "a": "open secret-value\n}', '{ "a": 1 } x-secret', "{ 'key-secret': 1 }"]) expect(problemOf(text)).not.toContain('secret')
  })
})

describe('--config must be a regular file of bounded size', () => {
  it('a file larger than the bound is refused before it is parsed, with its size', () => {
    const file = join(t.dir, 'big.json')
    writeFileSync(file, `{"profiles": [], "pad": "${'x'.repeat(MAX_CONFIG_BYTES)}"}`)
    expect(() => loadHostConfig(file)).toThrow(/big\.json cannot be used:\n {2}cannot be read: it is 1,048,\d{3} bytes, more than the 1 MiB a config file may be/)
  })

  it('companion serve --config <named pipe> exits at once with exit code 2 (it waited for a writer for ever)', async () => {
    if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npx electron-vite build" first`)
    const fifo = join(t.dir, 'config.fifo')
    execFileSync('mkfifo', [fifo])
    // Killed after 50 s if it still waits (as it did): the test then fails on its exit code, not on its timeout.
    const r = await runServe(['--config', fifo, '--data-dir', join(t.dir, 'data')], {}, undefined, 50_000)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`${fifo}: cannot be read: it is a named pipe, not a regular file`)
  }, 60_000)
})
