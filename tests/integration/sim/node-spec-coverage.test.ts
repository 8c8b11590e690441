/**
 * Every node method the spec names is exercised by a node conformance test. The list is read FROM
 * THE SPEC FILE (its method tables and the C-Chain additions), so a method added to the spec
 * without a test fails here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { specPath } from './data-helpers'

export function nodeMethodsFromSpec(text: string): string[] {
  const names = new Set<string>()
  for (const m of text.matchAll(/\b(admin_[A-Za-z]+|core\.[a-zA-Z]+|platform\.[a-zA-Z]+|eth_[A-Za-z]+|net_version)\b/g)) names.add(m[1]!)
  return [...names].sort()
}

const testSources = ['node-methods.test.ts', 'node-rules.test.ts', 'node-determinism.test.ts', 'node-proof-window.test.ts']
  .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
  .join('\n')

describe('node methods of the spec', () => {
  const methods = nodeMethodsFromSpec(readFileSync(specPath(), 'utf8'))

  it('finds the method tables in the spec', () => {
    expect(methods).toEqual(expect.arrayContaining(['admin_startCPUProfiler', 'core.getUTXOs', 'platform.getCurrentValidators', 'eth_baseFee']))
  })

  it.each(methods)('%s is called by a node conformance test', (method) => {
    expect(testSources).toMatch(new RegExp(`['"]${method.replace('.', '\\.')}['"]`))
  })
})
