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
import { createRpcServer } from '../../src/shared/rpc/server'
import { missingHandlers, wrapEachMethod } from '../../src/main/services/each-method'
import { withEffectPolicy } from '../../src/main/services/effect-policy'
import { withInvalidation } from '../../src/main/services/invalidation'
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

  // The test of the test above: the composition it relies on refuses every missing handler, one by one.
  it.each(Object.keys(contract.methods))('a composition without a handler for %s is refused at start, naming it', (method) => {
    const handlers: Record<string, () => undefined> = Object.fromEntries(Object.keys(contract.methods).map((m) => [m, () => undefined]))
    expect(() => wrapEachMethod(handlers, (_m, _s, h) => h)).not.toThrow()
    delete handlers[method]
    expect(missingHandlers(handlers)).toEqual([method])
    expect(() => withEffectPolicy(handlers as never, { nodeChangesOverWebsocket: () => false })).toThrow(`No handler for ${method}`)
    expect(() => withInvalidation(handlers as never, () => undefined)).toThrow(`No handler for ${method}`)
    expect(() => createRpcServer(contract, handlers as never)).toThrow(`No handler for ${method}`)
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
