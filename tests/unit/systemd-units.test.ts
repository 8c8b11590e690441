/**
 * resources/systemd: `systemd-analyze verify` accepts both units with no warning, where systemd is present;
 * and what the issue asks of them is there (a dedicated user, the state directory, ProtectSystem=strict,
 * NoNewPrivileges, restart on failure, the token in the state directory and never on the command line).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../support/temp'

const UNITS = ['companion.service', 'companion-watch.service'].map((name) => ({ name, text: readFileSync(join('resources/systemd', name), 'utf8') }))
const analyze = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v systemd-analyze'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
})()

const directive = (text: string, key: string): string[] => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!)

describe('the systemd units', () => {
  it.each(UNITS)('$name runs as its own user, writes only its state directory, keeps the token out of its command line', ({ text }) => {
    expect(directive(text, 'User')).toEqual(['companion'])
    expect(directive(text, 'StateDirectory')).toEqual(['companion'])
    expect(directive(text, 'ProtectSystem')).toEqual(['strict'])
    expect(directive(text, 'NoNewPrivileges')).toEqual(['yes'])
    expect(directive(text, 'Restart')).toEqual(['on-failure'])
    const [exec] = directive(text, 'ExecStart')
    expect(exec).toMatch(/^companion (serve|watch) .*--data-dir %S\/companion .*--log-format json/)
    expect(exec).not.toMatch(/token=|Bearer/)
    if (exec!.startsWith('companion serve')) expect(exec).toContain('--token-file %S/companion/serve-token')
  })

  // `systemd-analyze verify` checks that ExecStart's program exists: the package is not installed on this
  // machine, so a stub stands in for it; every other line is verified as written.
  it.skipIf(!analyze)(
    `systemd-analyze verify accepts both with no warning${analyze ? '' : ' (skipped: systemd-analyze is not installed on this machine)'}`,
    () => {
      const t = tempDir()
      try {
        const stub = join(t.dir, 'companion')
        writeFileSync(stub, '#!/bin/sh\nexit 0\n')
        chmodSync(stub, 0o755)
        const files = UNITS.map(({ name, text }) => {
          const file = join(t.dir, name)
          writeFileSync(file, text.replace(/^ExecStart=companion /m, `ExecStart=${stub} `))
          return file
        })
        const r = spawnSync(analyze!, ['verify', ...files], { encoding: 'utf8' })
        expect(r.stderr).toBe('')
        expect(r.status).toBe(0)
      } finally {
        t.remove()
      }
    }
  )
})

describe('"Run on the validator host" (docs/validator-host.md)', () => {
  const section = readFileSync('docs/validator-host.md', 'utf8')

  it('names files the package holds, and the port, token file and log format the units use', () => {
    for (const path of ['resources/companion.example.json', 'resources/systemd/']) expect(section).toContain(`node-operator-companion/${path}`)
    const [serve] = directive(UNITS[0]!.text, 'ExecStart')
    const [watch] = directive(UNITS[1]!.text, 'ExecStart')
    expect(serve).toContain('--port 8765')
    expect(section).toContain('ssh -N -L 8765:127.0.0.1:8765')
    expect(section).toContain('/var/lib/companion/serve-token')
    expect(watch).toContain('--metrics-port 9101')
    expect(section).toContain('127.0.0.1:9101')
    for (const exec of [serve, watch]) expect(exec).toContain('--config %E/companion/companion.json')
    expect(section).toContain('/etc/companion/companion.json')
    for (const unit of UNITS) expect(directive(unit.text, 'EnvironmentFile')).toEqual(['-/etc/companion/secrets.env'])
    expect(section).toContain('/etc/companion/secrets.env')
    // The example's env: names are the ones the section tells to set.
    for (const name of readFileSync('resources/companion.example.json', 'utf8').match(/env:[A-Z_]+/g)!) expect(section).toContain(`${name.slice(4)}=`)
  })
})
