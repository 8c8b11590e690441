/**
 * Logs a host can keep: `companion watch` and `companion serve` with --log-format json write one JSON object
 * per line, and a whole run's output holds none of the secrets it was given: the data-service API key, a
 * webhook URL's token, a Telegram bot token, an SMTP password (all from a config file's env: references)
 * and browser mode's access token. The run is made to fail where a secret could leak: a node that does not
 * answer (so alerts fire and go out), receivers that answer 500 with the request's URL and headers echoed,
 * an SMTP server that refuses the password.
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { startLocalServer, type LocalServer } from '../../support/local-server'
import { closedPort, freePort } from '../../support/ports'
import { smtpReceiver } from '../../support/receivers'
import { until } from '../../support/until'
import { tempDir } from './helpers'

const SECRETS = {
  DATA_KEY: 'datakey-4f9a1c7e2b',
  HOOK_URL: '', // set once the echo server listens: its URL carries a token
  BOT_TOKEN: '123456789:AAHsecretBotToken_abcdefghijkl',
  SMTP_PASSWORD: 'smtp-pass-77c1e0'
}
const HOOK_TOKEN = 'hooktoken-9e8d7c6b5a'
const BUILT_CLI = 'out/main/cli.js'

let echo: LocalServer
let smtp: Awaited<ReturnType<typeof smtpReceiver>>
let config: string
let t: { dir: string; remove: () => void }

beforeAll(async () => {
  // A receiver that fails, and says back all it was sent: the URL (with its token) and the headers.
  echo = await startLocalServer((req, res, seen) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`failed ${seen.url} ${JSON.stringify(seen.headers)} ${seen.body}`)
  })
  smtp = await smtpReceiver('not-the-password-given')
  SECRETS.HOOK_URL = `${echo.origin}/hook/${HOOK_TOKEN}?token=${HOOK_TOKEN}`
  t = tempDir()
  config = join(t.dir, 'companion.json')
  const down = `http://127.0.0.1:${await closedPort()}`
  writeFileSync(
    config,
    JSON.stringify({
      profiles: [
        {
          name: 'down',
          nodeUrl: down,
          dataUrl: echo.origin,
          metricsUrl: echo.origin,
          network: 'mainnet',
          apiKey: 'env:DATA_KEY',
          watch: { intervalSec: 5 },
          rules: [{ rule: 'unreachable', threshold: 1 }]
        }
      ],
      channels: [
        { kind: 'webhook', name: 'hook', url: 'env:HOOK_URL' },
        { kind: 'telegram', name: 'tg', botToken: 'env:BOT_TOKEN', chatId: 42, apiBaseUrl: echo.origin },
        { kind: 'email', name: 'mail', host: '127.0.0.1', port: smtp.port, secure: false, username: 'ops', password: 'env:SMTP_PASSWORD', from: 'a@example.com', to: ['b@example.com'] }
      ]
    })
  )
})
afterAll(async () => {
  await echo?.close()
  await smtp?.close()
  t?.remove()
})

interface Output {
  stdout: string
  stderr: string
}

/** The built CLI as a child with the secrets in its environment; stopped with SIGTERM once `ready` resolves. */
async function run(args: string[], ready: (seen: () => Output) => Promise<void>): Promise<Output & { code: number | null }> {
  // The built CLI (stage 2 runs after the build), not tsx: tsx's parent SIGKILLs its child when the child does not
  // report a relayed SIGTERM within 30 ms, which a loaded machine misses (exit 143 instead of a clean stop).
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { env: { ...process.env, ...SECRETS }, stdio: ['ignore', 'pipe', 'pipe'] })
  const seen: Output = { stdout: '', stderr: '' }
  child.stdout.on('data', (c: Buffer) => (seen.stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (seen.stderr += c.toString()))
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)))
  try {
    await ready(() => seen)
  } finally {
    child.kill('SIGTERM')
  }
  const code = await exited
  return { ...seen, code }
}

/** The channels whose first failure the run's log said ("alert channel "hook" (webhook) is failing: …"). */
function failingInLog(stderr: string): Set<string> {
  const names = stderr.split('\n').flatMap((line) => {
    if (!line.endsWith('}')) return [] // a line still being written
    const name = /^alert channel "([^"]+)" \(\w+\) is failing: /.exec((JSON.parse(line) as { msg: string }).msg)?.[1]
    return name ? [name] : []
  })
  return new Set(names)
}

/**
 * Every channel was tried (and failed) at least once: the failures are what could have been logged. Waited
 * for in the run's own log, which says once of each channel that it is failing (asking the delivery log
 * every half second opened the app again each time), then checked in the delivery log once.
 */
function everyChannelTried(dataDir: string): (seen: () => Output) => Promise<void> {
  return async (seen) => {
    await until(seen, (o) => ['hook', 'tg', 'mail'].every((n) => failingInLog(o.stderr).has(n)), 45_000)
    const out: string[] = []
    expect(await runCli(['call', 'alerts.deliveries', '{}', '--data-dir', dataDir], (s) => out.push(s), () => undefined)).toBe(0)
    const tried = new Set((JSON.parse(out.join('\n')) as { tries: { channelName: string }[] }).tries.map((x) => x.channelName))
    expect([...tried].sort()).toEqual(['hook', 'mail', 'tg'])
  }
}

function expectNoSecret(text: string, secrets: string[]): void {
  for (const s of secrets) expect(text.includes(s), `a secret was written: ${s.slice(0, 4)}…`).toBe(false)
}

function expectJsonLines(stderr: string): void {
  const lines = stderr.split('\n').filter((l) => l !== '')
  expect(lines.length).toBeGreaterThan(2)
  for (const line of lines) expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.stringMatching(/^(debug|info|warn|error)$/), msg: expect.any(String) })
}

const ALL = [SECRETS.DATA_KEY, HOOK_TOKEN, SECRETS.BOT_TOKEN, SECRETS.SMTP_PASSWORD]

describe('logs', () => {
  it('companion watch --log-format json: JSON lines, and no secret anywhere in the run', async () => {
    const dataDir = join(t.dir, 'watch')
    const port = String(await freePort())
    const r = await run(['watch', '--config', config, '--data-dir', dataDir, '--log-format', 'json', '--log-level', 'debug', '--metrics-port', port], everyChannelTried(dataDir))
    expect(r.code).toBe(0)
    expectJsonLines(r.stderr)
    expect(r.stderr).toContain(`config ${config}: channel \\"tg\\": added`)
    expect(r.stdout).toMatch(/"state":"firing","id":.*"rule":"unreachable"/)
    // Every failure reached a receiver that echoed the secrets back: none of it is in the output.
    expect(echo.seen.some((s) => s.url.includes(HOOK_TOKEN))).toBe(true)
    expect(echo.seen.some((s) => s.url.includes(SECRETS.BOT_TOKEN))).toBe(true)
    expectNoSecret(r.stdout + r.stderr, [...ALL, SECRETS.HOOK_URL, readFileSync(join(dataDir, 'metrics-token'), 'utf8').trim()].filter(Boolean))
  })

  it('companion serve --log-format json: the access token only in the URL line; with --token-file not even there', async () => {
    const dataDir = join(t.dir, 'serve')
    const plain = await run(['serve', '--port', '0', '--config', config, '--data-dir', dataDir, '--log-format', 'json'], everyChannelTried(dataDir))
    expect(plain.code).toBe(0)
    expectJsonLines(plain.stderr)
    const [url, ...rest] = plain.stdout.split('\n')
    const token = new URL(url!).searchParams.get('token')!
    expect(token.length).toBeGreaterThan(20)
    expectNoSecret(rest.join('\n') + plain.stderr, [...ALL, SECRETS.HOOK_URL, token])

    const tokenFile = join(dataDir, 'serve-token')
    const kept = await run(['serve', '--port', '0', '--config', config, '--data-dir', dataDir, '--token-file', tokenFile, '--log-format', 'json'], async (seen) => {
      await until(seen, (o) => o.stderr.includes('browser mode serving on'), 30_000)
    })
    expect(kept.code).toBe(0)
    const kToken = readFileSync(tokenFile, 'utf8').trim()
    expect(kept.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/)
    expect(kept.stderr).toContain(`the access token is in ${tokenFile} (made now)`)
    expectNoSecret(kept.stdout + kept.stderr, [...ALL, SECRETS.HOOK_URL, kToken])
  })
})
