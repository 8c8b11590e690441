import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { APP_VERSION } from '../../src/main/version'

it('APP_VERSION matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  expect(APP_VERSION).toBe(pkg.version)
})
