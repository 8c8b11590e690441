/**
 * The layering lint keeps two shapes from coming back: an import circle anywhere in src/, and a panel folder
 * importing another panel's folder (or an area of main another area's handlers). Each case is a small tree
 * of files laid out as the repo's, linted with the repo's own config.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..')
// Inside the repo (test-results/ is ignored by git and by lint), so that the config finds its plugins.
const root = join(repo, 'test-results', `lint-fixture-${process.pid}`)
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function lint(files: Record<string, string>): Promise<{ file: string; rule: string | null; message: string }[]> {
  const dir = join(root, String(Math.random()).slice(2))
  writeFileSync(mkdirp(join(dir, 'eslint.config.js')), "export { default } from '../../../eslint.config.js'\n")
  for (const [path, text] of Object.entries(files)) writeFileSync(mkdirp(join(dir, path)), text)
  const results = await new ESLint({ cwd: dir }).lintFiles(Object.keys(files))
  return results.flatMap((r) => r.messages.map((m) => ({ file: r.filePath.slice(dir.length + 1), rule: m.ruleId, message: m.message })))
}

function mkdirp(file: string): string {
  mkdirSync(dirname(file), { recursive: true })
  return file
}

describe('lint of the layering', { timeout: 60_000 }, () => {
  it('fails on an import circle in src/, through a .vue file too, and passes the same files without it', async () => {
    const circle = await lint({
      'src/renderer/src/stores/a.ts': "import { b } from './b'\nexport const a = (): number => b() + 1\n",
      'src/renderer/src/stores/b.ts': "import C from '../components/C.vue'\nexport const b = (): number => (C ? 1 : 0)\n",
      'src/renderer/src/components/C.vue': '<script setup lang="ts">\nimport { a } from \'../stores/a\'\nconst n: number = a()\n</script>\n<template><p>{{ n }}</p></template>\n'
    })
    expect(circle.filter((m) => m.rule === 'local/no-import-cycle').map((m) => m.file).sort()).toEqual([
      'src/renderer/src/components/C.vue',
      'src/renderer/src/stores/a.ts',
      'src/renderer/src/stores/b.ts'
    ])
    const line = await lint({
      'src/renderer/src/stores/a.ts': "import { b } from './b'\nexport const a = (): number => b() + 1\n",
      'src/renderer/src/stores/b.ts': 'export const b = (): number => 1\n'
    })
    expect(line).toEqual([])
    // Back through types only is no circle (they vanish at build); back through import() is one.
    const back = (code: string) =>
      lint({
        'src/main/a.ts': "import { b } from './b'\nexport type A = number\nexport const a = (): number => b() + 1\n",
        'src/main/b.ts': `${code}\nexport const b = (): number => 1\n`
      })
    expect(await back("import type { A } from './a'\nexport type B = A")).toEqual([])
    expect(await back("import { type A } from './a'\nexport type B = A")).toEqual([])
    expect((await back("export const later = async (): Promise<number> => (await import('./a')).a()")).map((m) => `${m.file} ${m.rule}`).sort()).toEqual([
      'src/main/a.ts local/no-import-cycle',
      'src/main/b.ts local/no-import-cycle'
    ])
  })

  it('fails when a panel folder imports another panel folder', async () => {
    const found = await lint({
      'src/renderer/src/panels/atomic/format.ts': "import { amountText } from '../utxos/format'\nexport const x = amountText\n",
      'src/renderer/src/panels/atomic/other.ts': "import { amountText } from '../../panels/utxos/format'\nexport const y = amountText\n",
      'src/renderer/src/panels/utxos/format.ts': "import { own } from './own'\nimport { shared } from '../../components/shared'\nexport const amountText = (): string => own + shared\n",
      'src/renderer/src/panels/utxos/own.ts': "export const own = 'a'\n",
      'src/renderer/src/components/shared.ts': "export const shared = 'b'\n"
    })
    expect(found.map((m) => `${m.file} ${m.rule}`).sort()).toEqual([
      'src/renderer/src/panels/atomic/format.ts no-restricted-imports',
      'src/renderer/src/panels/atomic/other.ts no-restricted-imports'
    ])
    expect(found[0]!.message).toContain('src/renderer/src/components/')
  })

  it("fails when an area of main imports another area's handlers, not its service", async () => {
    const found = await lint({
      'src/main/services/watch/check.ts': "import { infoHandlers } from '../info/handlers'\nimport { pchainHandlers } from '../chains/pchain-handlers'\nimport { nodeIdOf } from '../info/reads'\nexport const all = [infoHandlers, pchainHandlers, nodeIdOf]\n",
      'src/main/services/info/handlers.ts': 'export const infoHandlers = 1\n',
      'src/main/services/info/reads.ts': 'export const nodeIdOf = 1\n',
      'src/main/services/chains/pchain-handlers.ts': 'export const pchainHandlers = 1\n'
    })
    expect(found.map((m) => `${m.file} ${m.rule} ${m.message.slice(0, 40)}`)).toEqual([
      expect.stringContaining("src/main/services/watch/check.ts no-restricted-imports '../info/handlers'"),
      expect.stringContaining("src/main/services/watch/check.ts no-restricted-imports '../chains/pchain-handlers'")
    ])
  })

  it("keeps each side to the globals it runs with, now that one type check sees the DOM's and Node's", async () => {
    const found = await lint({
      'src/renderer/src/stores/node.ts':
        "import { EventEmitter } from 'events'\nlet timer: NodeJS.Timeout | undefined\nexport const x = [process.env['A'], Buffer.from('a'), EventEmitter, timer]\n",
      'src/renderer/src/stores/page.ts': "export const y = [window.innerWidth, document.title, setTimeout(() => undefined, 1)]\n",
      'src/main/services/dom.ts': "export const z = [document.title, localStorage.length, new HTMLElement()]\n",
      'src/main/services/node.ts': "import { join } from 'node:path'\nexport const w = [process.env['A'], Buffer.from('a'), join('a'), new URL('http://a'), fetch, setTimeout]\n",
      'src/shared/domain/both.ts': "export const v = [window.innerWidth, process.env['A']]\n"
    })
    expect(found.map((m) => `${m.file} ${m.rule} ${m.message.split('.')[0]}`).sort()).toEqual([
      "src/main/services/dom.ts no-restricted-globals Unexpected use of 'HTMLElement'",
      "src/main/services/dom.ts no-restricted-globals Unexpected use of 'document'",
      "src/main/services/dom.ts no-restricted-globals Unexpected use of 'localStorage'",
      "src/renderer/src/stores/node.ts no-restricted-globals Unexpected use of 'Buffer'",
      "src/renderer/src/stores/node.ts no-restricted-globals Unexpected use of 'process'",
      "src/renderer/src/stores/node.ts no-restricted-imports 'events' import is restricted from being used by a pattern",
      'src/renderer/src/stores/node.ts no-restricted-syntax the renderer has no Node types: use the browser\'s (ReturnType<typeof setTimeout>)',
      "src/shared/domain/both.ts no-restricted-globals Unexpected use of 'process'",
      "src/shared/domain/both.ts no-restricted-globals Unexpected use of 'window'"
    ])
  })
})
