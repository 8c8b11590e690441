/**
 * Guardrail: every contract method has a handler in the composed app, and at least one test calls it
 * through the contract (a client's `call('method'`, or the CLI's `'call', 'method'`). A new method
 * without both fails here, naming it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app'
import { plainSecretStore } from '../../src/main/secrets'
import { contract } from '../../src/shared/contract'
import { tempDir } from '../support/temp'

const TEST_DIRS = ['tests/unit', 'tests/integration', 'tests/e2e']

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(ts|js)$/.test(name) && !path.endsWith('contract-coverage.test.ts') ? [path] : []
  })
}

describe('contract coverage', () => {
  it('the composed app has a handler for every method (the server refuses to start otherwise)', () => {
    const t = tempDir()
    try {
      const app = createApp({ dataDir: t.dir, mode: 'cli', secrets: plainSecretStore })
      app.close()
    } finally {
      t.remove()
    }
  })

  it('every method is called by at least one test', () => {
    const text = TEST_DIRS.flatMap(files)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n')
    const uncalled = Object.keys(contract.methods).filter((m) => {
      const q = m.replace(/\./g, '\\.')
      return !new RegExp(`call\\(\\s*['"\`]${q}['"\`]|['"]call['"],\\s*['"]${q}['"]`).test(text)
    })
    expect(uncalled, 'contract methods no test calls').toEqual([])
  })
})
