/**
 * The README's "Adding a method", followed literally against the tree, so that its text cannot go stale
 * in silence: every path it names exists; every row of its area table points at that area's contract
 * file, handlers module and renderer code, registered where a new area must be; and each step of its
 * two worked examples (a node method, a data-service endpoint) names the file that holds that piece.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contract } from '../../src/shared/contract'

const readme = readFileSync('README.md', 'utf8')
const start = readme.indexOf('\n## Adding a method\n')
const end = readme.indexOf('\n## ', start + 1)
const section = readme.slice(start, end === -1 ? undefined : end)

/** The text of one "### …" part of the section, by the start of its heading. */
function part(heading: string): string {
  const from = section.indexOf(`\n### ${heading}`)
  if (from === -1) throw new Error(`README "Adding a method" has no part "### ${heading}…"`)
  const to = section.indexOf('\n### ', from + 1)
  return section.slice(from, to === -1 ? undefined : to)
}

/** What is written `like this`. */
const spans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
/** Paths of the repository, as opposed to code (`D.<name>`) or templates (`src/…/<area>.ts`). */
const isPath = (s: string): boolean => /^(src|tests)\/|^[a-z]+\.config\.[jt]s$/.test(s) && !/[<*…]/.test(s)
const read = (path: string): string => readFileSync(path, 'utf8')

/** Every file under a path (itself, if it is a file). */
function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)))
}

/** The numbered steps of a part, each with the paths it names, in order. */
function steps(text: string): { text: string; paths: string[] }[] {
  return text
    .split(/\n(?=\d+\. )/)
    .slice(1)
    .map((t) => ({ text: t, paths: spans(t).filter(isPath) }))
}

/** The file a step edits: the first file (not folder) it names; later ones are for reading. */
const fileOf = (step: { paths: string[] }): string => step.paths.find((p) => !p.endsWith('/')) ?? ''

const COUNT: Record<string, number> = { four: 4, five: 5, six: 6, seven: 7 }

describe('README "Adding a method"', () => {
  it('names only paths that exist', () => {
    const named = [...new Set(spans(section).filter(isPath))]
    expect(named.length).toBeGreaterThan(20)
    expect(named.filter((p) => !existsSync(p))).toEqual([])
  })

  describe('its table of areas', () => {
    const lines = section.split('\n').filter((l) => l.startsWith('| '))
    const bases = lines[0]!.split('|').slice(2, 5).map((c) => spans(c)[0]!)
    const rows = lines.slice(1).map((l) => {
      const [areas, contractCell, handlersCell, rendererCell] = l.split('|').slice(1, 5).map(spans)
      return { prefixes: areas!, contractFile: bases[0] + contractCell![0]!, handlers: bases[1] + handlersCell![0]!, renderer: rendererCell!.map((s) => bases[2] + s) }
    })

    it('has a row for every area of the contract', () => {
      const areas = new Set(Object.keys(contract.methods).map((m) => m.split('.')[0]))
      expect(rows.flatMap((r) => r.prefixes).sort()).toEqual([...areas].sort())
    })

    it.each(rows.map((r) => [r.prefixes.join(', '), r] as const))('%s: contract file, handlers module and renderer code are where it says', (_name, r) => {
      const declared = read(r.contractFile)
      const handlers = read(r.handlers)
      const renderer = r.renderer.flatMap(filesUnder).map(read).join('\n')
      for (const prefix of r.prefixes) {
        expect(declared, `${r.contractFile} declares ${prefix}.*`).toContain(`'${prefix}.`)
        expect(handlers, `${r.handlers} is typed to ${prefix}.*`).toContain(`AreaHandlers<'${prefix}'>`)
        expect(renderer, `${r.renderer.join(', ')} call ${prefix}.*`).toMatch(new RegExp(`'${prefix}\\.\\w+'`))
      }
      // Registered where "A new area" says: the contract index, app.ts, and the panels index for a panel.
      expect(read('src/shared/contract/index.ts')).toContain(`from './${r.contractFile.replace(/^src\/shared\/contract\/|\.ts$/g, '')}'`)
      expect(read('src/main/app.ts')).toContain(`from './services/${r.handlers.replace(/^src\/main\/services\/|\.ts$/g, '')}'`)
      for (const folder of r.renderer.filter((p) => /\/panels\/\w+\/$/.test(p)))
        expect(read('src/renderer/src/panels/index.ts'), `PANELS lists a panel of ${folder}`).toMatch(new RegExp(`import\\('\\./${folder.split('/').at(-2)}/\\w+Panel\\.vue'\\)`))
    })
  })

  it('a node method: each step names the file that holds its piece, as many steps as files it counts', () => {
    const text = part('A node method')
    const [method, wire] = spans(text.split('\n').find((l) => l.includes(', a read of'))!)
    expect([method, wire]).toEqual(['pchain.getCurrentSupply', 'platform.getCurrentSupply'])
    const s = steps(text)
    expect(s.length).toBe(COUNT[/: (\w+) files/.exec(text)![1]!])
    const name = wire!.split('.')[1]!
    expect(read(fileOf(s[0]!))).toMatch(new RegExp(`export const ${name} = defineRpcMethod\\(\\{\\s+api: '\\w+',\\s+method: '${wire}'`))
    expect(read(fileOf(s[1]!))).toContain(`'${method}': defineCachedRead({`)
    expect(read(fileOf(s[2]!))).toContain(`'${method}': async`)
    expect(read(fileOf(s[2]!))).toContain(`AreaHandlers<'${method!.split('.')[0]}'>`)
    expect(read(fileOf(s[3]!))).toContain(`useRead('${method}'`)
  })

  it('a data-service endpoint: each step names the file that holds its piece, as many steps as files it counts', () => {
    const text = part('A data-service endpoint')
    const method = spans(text).find((t) => /^data\.\w+$/.test(t))!
    expect(method).toBe('data.listErc20Balances')
    const name = method.split('.')[1]!
    const s = steps(text)
    expect(s.length).toBe(COUNT[/: (\w+) files/.exec(text)![1]!])
    expect(read(fileOf(s[0]!))).toMatch(new RegExp(`\\n  ${name}: \\{`))
    expect(read(fileOf(s[1]!))).toContain(`export const ${name}Response =`)
    expect(read(fileOf(s[2]!))).toContain(`${name}: defineEndpoint({\n    name: '${name}'`)
    const declared = read(fileOf(s[3]!))
    for (const piece of [`${name}: endpointInput(`, `'${method}': read(`, `${name}: { input: dataInputs.${name}`]) expect(declared).toContain(piece)
    expect(read(fileOf(s[4]!))).toContain(`'${method}': (input, { signal }) => callWithInput(access(), D.${name}, input, signal)`)
    expect(read(fileOf(s[5]!))).toContain(`method: '${method}'`)
  })

  it('useNodeChange is the one way the renderer sends what the contract declares effect "node"', () => {
    const text = part('`effect`')
    expect(spans(text)).toContain('src/renderer/src/composables/useNodeChange.ts')
    const nodeMethods = Object.entries(contract.methods).filter(([, spec]) => spec.effect === 'node').map(([m]) => m)
    expect(nodeMethods.length).toBeGreaterThan(0)
    // The renderer's api.call leaves them out by type; only useNodeChange holds the full client.
    expect(read('src/renderer/src/api.ts')).toContain('call<M extends Exclude<Method, NodeMethod>>')
    const full = filesUnder('src/renderer/src').filter((f) => read(f).includes('as RpcClient<Contract>'))
    expect(full).toEqual(['src/renderer/src/composables/useNodeChange.ts'])
  })
})
