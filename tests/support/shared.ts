/**
 * Where the project's shared documents are: the interface spec and the reference payloads of the
 * real services (node-rpc, data-service). They live beside the project as `../shared`; a clone without
 * that folder (a CI machine, say) uses the copy kept in tests/shared. SHARED_DIR overrides both.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

const REPO = resolve(import.meta.dirname, '..', '..')

export function sharedDir(): string {
  const candidates = [process.env.SHARED_DIR, resolve(REPO, '..', 'shared'), join(REPO, 'tests', 'shared')].filter((p): p is string => !!p)
  const found = candidates.find((c) => existsSync(join(c, 'spec', 'interface.md')) && existsSync(join(c, 'reference', 'node-rpc')))
  if (!found) throw new Error(`the shared spec and reference were not found (looked in ${candidates.join(', ')}); set SHARED_DIR`)
  return found
}

export const specPath = (): string => join(sharedDir(), 'spec', 'interface.md')
export const nodeReferenceDir = (): string => join(sharedDir(), 'reference', 'node-rpc')
export const dataReferenceDir = (): string => join(sharedDir(), 'reference', 'data-service')
