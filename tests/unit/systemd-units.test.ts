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
