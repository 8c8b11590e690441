import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { LONGEST_FIRST } from '../support/longest-first'

it('the files started first on a clean clone exist (a renamed file would silently start last again)', () => {
  const root = join(import.meta.dirname, '..', '..')
  expect(LONGEST_FIRST.filter((f) => !existsSync(join(root, f)))).toEqual([])
})
