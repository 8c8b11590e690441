/**
 * The host's config file (serve/watch --config): resources/companion.example.json parses as it is; wrong
 * fields are named with their path and fix; env: references; applied through the services against the sim,
 * and applied a second time it changes nothing (profiles by name, their key, rules, watch settings and the
 * channels). And `companion serve --config` as a process: the example against the sim starts with its
 * profiles; a wrong field stops it with the file, the field path and exit code 2.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { runCli } from '../../../src/main/cli'
import { configureLog } from '../../../src/main/log'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadHostConfig, parseHostConfig } from '../../../src/main/config/host-config'
import { startSim, type Sim } from '../../sim/index'
import { appsPerTest, tempDir } from './helpers'
import { runServe } from './serve-process'

const EXAMPLE = 'resources/companion.example.json'
const ENV = {
  COMPANION_DATA_API_KEY: 'data-key-0123456789',
  COMPANION_SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0000/B0000/slacksecret123',
  COMPANION_SMTP_PASSWORD: 'smtp-password-123'
}

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => sim?.stop())
const apps = appsPerTest()

/** The example file with its profiles' node URLs pointed at the sim. */
function exampleAtSim(): Record<string, unknown> {
  const raw = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as { profiles: { nodeUrl: string; dataUrl?: string; metricsUrl?: string }[] }
  for (const p of raw.profiles) Object.assign(p, { nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl })
  // The host's file may choose the profile folder (it is on the machine), and it must exist.
  mkdirSync(sim.profileDir, { recursive: true })
  Object.assign(raw.profiles[0]!, { profileDir: sim.profileDir })
  return raw
}

function problemsOf(config: unknown, env: NodeJS.ProcessEnv = ENV): string[] {
  try {
    parseHostConfig('host.json', JSON.stringify(config), env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).problems
  }
  throw new Error('the file was accepted')
}

describe('the config file', () => {
  it('resources/companion.example.json is valid as it stands, its secrets taken from the environment', () => {
    const c = loadHostConfig(EXAMPLE, ENV)
    expect(c.profiles.map((p) => p.name)).toEqual(['validator-1', 'fuji-test'])
    expect(c.profiles[0]).toMatchObject({ apiKey: ENV.COMPANION_DATA_API_KEY, dataUrl: 'https://data-api.avax.network', watch: { intervalSec: 60 } })
    expect(c.channels[0]).toMatchObject({ kind: 'slack', webhookUrl: ENV.COMPANION_SLACK_WEBHOOK_URL, minSeverity: 'warning' })
  })

  it('a profile folder that is not there, or is a file, is named by its path with what to fix', () => {
    const config = (profileDir: string) => ({ profiles: [{ name: 'a', nodeUrl: 'http://127.0.0.1:9650', network: 'mainnet', profileDir }] })
    expect(problemsOf(config('/nonexistent/avalanchego/profiles'))).toEqual([
      expect.stringMatching(/^profiles\[0\]\.profileDir \(profile "a"\): The profile folder \/nonexistent\/avalanchego\/profiles does not exist: give the folder the node writes/)
    ])
    expect(problemsOf(config(resolve(EXAMPLE)))).toEqual([expect.stringMatching(/^profiles\[0\]\.profileDir \(profile "a"\): .* is a file, not a folder/)])
  })

  it('names each wrong field by its path, with what to fix; an env: reference with no variable says which to set', () => {
    const wrong = {
      profiles: [{ name: 'a', nodeUrl: 'http://127.0.0.1:9650/ext/info', network: 'main', colour: 'red', rules: [{ rule: 'uptimeLow', threshold: 120 }], watch: { intervalSec: 1 } }],
      channels: [{ kind: 'telegram', name: 't', botToken: 'env:NOT_SET_ANYWHERE', chatId: 5 }]
    }
    const problems = problemsOf(wrong, {})
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^profiles\[0\]\.nodeUrl \(profile "a"\): .*without a path \(remove "\/ext\/info"\)/),
        expect.stringMatching(/^profiles\[0\]\.network \(profile "a"\): must be one of mainnet, fuji, testnet/),
        expect.stringMatching(/^profiles\[0\] \(profile "a"\): unknown field "colour": remove it or correct the spelling/),
        expect.stringMatching(/^profiles\[0\]\.rules\[0\]\.threshold \(profile "a"\): .*from 0 to 100 %/),
        expect.stringMatching(/^profiles\[0\]\.watch\.intervalSec \(profile "a"\): intervalSec must be at least 5 seconds/),
        expect.stringMatching(/^channels\[0\]\.botToken: the environment variable NOT_SET_ANYWHERE is not set: set it where the app starts \(systemd: Environment= or EnvironmentFile=/)
      ])
    )
    // The unresolved reference is not also reported as a malformed token.
    expect(problems.filter((p) => p.startsWith('channels[0].botToken'))).toHaveLength(1)
    expect(problemsOf({ profiles: [{ name: 'a', nodeUrl: sim.nodeUrl, network: 'fuji' }, { name: 'A', nodeUrl: sim.nodeUrl, network: 'fuji' }], activeProfile: 'b' })).toEqual([
      expect.stringMatching(/^profiles\[1\]\.name \(profile "A"\): another entry of profiles is named "A" already/),
      expect.stringMatching(/^activeProfile: names no profile of this file: one of "a", "A"/)
    ])
    expect(() => parseHostConfig('host.json', '{\n  "profiles": [\n    { "name": "a", }\n  ]\n}', {})).toThrow(/host\.json cannot be used:\n {2}not valid JSON at line 3, column 20/)
    expect(() => loadHostConfig('/nonexistent/companion.json')).toThrow(/\/nonexistent\/companion\.json cannot be used:\n {2}cannot be read: it does not exist: check the path given to --config/)
  })

  it('applies through the services, and applying it again changes nothing', async () => {
    const config = parseHostConfig('host.json', JSON.stringify(exampleAtSim()), ENV)
    const first = apps.open({ hostConfig: config })
    expect(first.app.configReport!.changed).toEqual(['profile "validator-1": created, profile folder set, alert rules changed', 'profile "fuji-test": created, watch settings changed', 'channel "ops Slack": added', 'channel "on-call mail": added'])
    const { client, dataDir } = first
    const snapshot = async () => {
      const { profiles, activeId } = await client.call('profiles.list', {})
      const rules = await Promise.all(profiles.map((p) => client.call('alerts.rules', { profileId: p.id })))
      return { profiles, activeId, rules, watch: await client.call('watch.settings', {}), channels: (await client.call('alerts.channels', {})).channels }
    }
    const before = await snapshot()
    const v1 = before.profiles.find((p) => p.name === 'validator-1')!
    expect(before.activeId).toBe(v1.id)
    expect(v1).toMatchObject({ nodeUrl: sim.nodeUrl, network: 'mainnet', profileDir: sim.profileDir, apiKey: { set: true, storage: 'unencrypted' } })
    expect(before.rules.find((r) => r.profileId === v1.id)!.rules).toContainEqual({ rule: 'uptimeLow', enabled: true, threshold: 85, forChecks: 2 })
    expect(before.watch.profiles.find((s) => s.profileId === v1.id)).toMatchObject({ enabled: true, intervalSec: 60 })
    expect(before.channels.map((c) => [c.name, c.kind, c.minSeverity])).toEqual([
      ['ops Slack', 'slack', 'warning'],
      ['on-call mail', 'email', 'critical']
    ])
    first.app.close()

    const again = apps.open({ dataDir, hostConfig: config })
    expect(again.app.configReport).toEqual({ changed: [], unchanged: ['profile "validator-1"', 'profile "fuji-test"', 'channel "ops Slack": unchanged', 'channel "on-call mail": unchanged'] })
    const client2 = again.client
    const after = { ...(await client2.call('profiles.list', {})) }
    expect(after.profiles).toEqual(before.profiles)
    expect((await client2.call('alerts.channels', {})).channels.map((c) => [c.id, c.createdAt])).toEqual(before.channels.map((c) => [c.id, c.createdAt]))
    again.app.close()

    // A changed file changes what it changes, and only that: a new node URL, a new key, a new Slack URL.
    const changed = exampleAtSim() as { profiles: { nodeUrl: string }[] }
    changed.profiles[1]!.nodeUrl = 'http://127.0.0.1:9651'
    const third = apps.open({
      dataDir,
      hostConfig: parseHostConfig('host.json', JSON.stringify(changed), { ...ENV, COMPANION_DATA_API_KEY: 'another-key-98765', COMPANION_SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0000/B0000/other' })
    })
    expect(third.app.configReport!.changed).toEqual(['profile "validator-1": API key set', 'profile "fuji-test": nodeUrl changed', 'channel "ops Slack": replaced'])
    expect(third.app.configReport!.unchanged).toEqual(['channel "on-call mail": unchanged'])
  })

  it('companion watch --config: a wrong field stops it before it starts, with exit code 2, one log line per problem', async () => {
    const t = tempDir()
    const lines: string[] = []
    configureLog({ out: (l) => void lines.push(l) })
    try {
      const file = join(t.dir, 'companion.json')
      writeFileSync(file, JSON.stringify({ profiles: [{ name: 'a', nodeUrl: sim.nodeUrl, network: 'fuji', watch: { intervalSec: 2 } }], channels: [{ kind: 'slack', name: 's', webhookUrl: 'env:NO_SUCH_VARIABLE_HERE' }] }))
      expect(await runCli(['watch', '--config', file, '--data-dir', join(t.dir, 'data')], () => undefined, () => undefined)).toBe(2)
      expect(lines).toEqual([
        expect.stringContaining(`error companion watch: ${file}: channels[0].webhookUrl: the environment variable NO_SUCH_VARIABLE_HERE is not set`),
        expect.stringContaining(`error companion watch: ${file}: profiles[0].watch.intervalSec (profile "a"): intervalSec must be at least 5 seconds`)
      ])
      expect(existsSync(join(t.dir, 'data'))).toBe(false)
    } finally {
      configureLog({ out: (l) => void process.stderr.write(l) })
      t.remove()
    }
  })

  it('companion serve --config: the example against the sim starts with its profiles; a wrong field exits 2 naming the file and the field', async () => {
    const t = tempDir()
    try {
      const file = join(t.dir, 'companion.json')
      writeFileSync(file, JSON.stringify(exampleAtSim()))
      const serve = await runServe(['--config', file, '--data-dir', join(t.dir, 'data')], ENV, /browser mode serving on/)
      expect(serve.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/)
      expect(serve.stderr).toContain(`config ${file}: profile "validator-1": created`)
      expect(serve.stderr).toContain(`config ${file}: channel "on-call mail": added`)

      const bad = exampleAtSim() as { profiles: Record<string, unknown>[] }
      bad.profiles[1]!.network = 'mainnnet'
      writeFileSync(file, JSON.stringify(bad))
      const refused = await runServe(['--config', file, '--data-dir', join(t.dir, 'data')], ENV)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: profiles\\[1\\]\\.network \\(profile "fuji-test"\\): must be one of mainnet, fuji, testnet`))
    } finally {
      t.remove()
    }
  })
})
