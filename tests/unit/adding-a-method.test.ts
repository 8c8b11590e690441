/**
 * docs/adding.md ("Adding things"), followed literally against the tree, so that its text cannot go stale
 * in silence: every path it names exists; every row of its area table points at that area's contract
 * file, handlers module and renderer code, registered where a new area must be; each step of its worked
 * examples (a node method, a local method, a data-service endpoint, a watch rule, an alert channel) names
 * the file that holds that piece; and where the tree shows which files such an addition touched (the files
 * that name the example), the recipe names every one of them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALERT_RULES, CHANNEL_KINDS, CHANNEL_SECRET_FIELDS, DATA_LISTS, contract, type Method } from '../../src/shared/contract'

const DOC = 'docs/adding.md'
const section = readFileSync(DOC, 'utf8')

/** The text of one "## …" part of the page, by the start of its heading. */
function part(heading: string): string {
  const from = section.indexOf(`\n## ${heading}`)
  if (from === -1) throw new Error(`${DOC} has no part "## ${heading}…"`)
  const to = section.indexOf('\n## ', from + 1)
  return section.slice(from, to === -1 ? undefined : to)
}

/** What is written `like this`. */
const spans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
/** Paths of the repository, as opposed to code (`D.<name>`) or templates (`src/…/<area>.ts`). */
const isPath = (s: string): boolean => /^(src|tests|resources)\/|^[a-z]+\.config\.[jt]s$/.test(s) && !/[<*…]/.test(s)
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

/** The area functions (`src/main/services/<area>/area.ts`): each builds its area and is listed in app.ts. */
const AREA_FILES = readdirSync('src/main/services')
  .map((folder) => `src/main/services/${folder}/area.ts`)
  .filter((f) => existsSync(f))

const COUNT: Record<string, number> = { three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 }

describe('docs/adding.md', () => {
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
      // Registered where "A new area" says: the contract index, an area function listed in app.ts, and the panels index for a panel.
      expect(read('src/shared/contract/index.ts')).toContain(`from './${r.contractFile.replace(/^src\/shared\/contract\/|\.ts$/g, '')}'`)
      const [folder, module] = r.handlers.replace(/^src\/main\/services\/|\.ts$/g, '').split('/')
      const area = AREA_FILES.find((f) => read(f).includes(f === `src/main/services/${folder}/area.ts` ? `from './${module}'` : `from '../${folder}/${module}'`))
      expect(area, `an area function imports ${r.handlers}`).toBeDefined()
      expect(read('src/main/app.ts')).toContain(`from './${area!.replace(/^src\/main\/|\.ts$/g, '')}'`)
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
    expect(read(fileOf(s[5]!))).toContain(`method: '${method}', list: l('${name}', '`)
    expect(read(fileOf(s[6]!))).toMatch(new RegExp(`\\n  ${name}: '[^']+',?\\n`))
    expect(read(fileOf(s[7]!))).toMatch(new RegExp(`\\n  ${name}: \\{ (labels: \\{[^}]*\\}, )?defaults: \\[`))
  })

  it('a data-service endpoint: every file that names a paged list is a file of the recipe, and each recipe file names every paged list', () => {
    const text = part('A data-service endpoint')
    const recipe = new Set(steps(text).map(fileOf))
    // The response schema lives in its group's file (step 2 names the folder and the example's file).
    const groupFile = (f: string): boolean => f.startsWith('src/shared/contract/data-service/') && f !== 'src/shared/contract/data-service/inputs.ts'
    // What a list has beyond the recipe is its own choice: rows for the cache's search and pages assembled
    // offline from them (both named after the steps), Sync keeping it for chosen addresses, a comment's example.
    const beyond = ['src/main/cache/entity-extract/', 'src/main/services/entities/offline.ts', 'src/main/services/sync/', 'src/main/clients/rest/define.ts', 'src/renderer/src/components/form/SchemaForm.vue']
    const optional = (f: string): boolean => beyond.some((b) => f.startsWith(b))
    for (const named of ['src/main/cache/entity-extract/index.ts', 'src/main/services/entities/offline.ts']) expect(spans(text)).toContain(named)
    const src = filesUnder('src').map((f) => [f, read(f)] as const)
    for (const list of DATA_LISTS) {
      const naming = src.filter(([, t]) => new RegExp(`\\b${list}(Response)?\\b`).test(t)).map(([f]) => f)
      expect(naming.filter((f) => !recipe.has(f) && !groupFile(f) && !optional(f)), `files naming ${list} that the recipe leaves out`).toEqual([])
      expect([...recipe].filter((f) => !groupFile(f) && !naming.includes(f)), `recipe files that do not name ${list}`).toEqual([])
    }
  })

  it('a local method: each step names the file that holds its piece, and every file naming the method is one of them', () => {
    const text = part('A local method')
    const method = spans(text).find((t) => /^[a-z]+\.[a-zA-Z]+$/.test(t)) as Method
    expect(method).toBe('alerts.acknowledge')
    expect(contract.methods[method].effect).toBe('local')
    const name = method.split('.')[1]!
    const s = steps(text)
    expect(s.length).toBe(COUNT[/: (\w+) files/.exec(text)![1]!])
    expect(read(fileOf(s[0]!))).toMatch(new RegExp(`'${method}': defineMethod\\(\\{[^}]*effect: 'local'`))
    expect(fileOf(s[1]!)).toMatch(/^src\/main\/cache\//)
    expect(read(fileOf(s[1]!))).toMatch(new RegExp(`\\n  ${name}\\([^)]*\\): `))
    expect(spans(s[1]!.text)).toContain('src/main/cache/migrations.ts')
    expect(read(fileOf(s[2]!))).toContain(`${name}(id: string): Output<'${method}'>`)
    expect(read(fileOf(s[3]!))).toContain(`'${method}': `)
    expect(read(fileOf(s[3]!))).toContain(`AreaHandlers<'${method.split('.')[0]}'>`)
    expect(read(fileOf(s[4]!))).toContain(`api.call('${method}'`)
    expect(read(fileOf(s[5]!))).toContain(`store.${name}(`)
    const recipe = new Set(s.map(fileOf))
    const naming = filesUnder('src').filter((f) => read(f).includes(`'${method}'`))
    expect(naming.filter((f) => !recipe.has(f))).toEqual([])
  })

  it('a watch rule: each step names the file that holds its piece, and every file naming the rule is one of them', () => {
    const text = part('A watch rule')
    const rule = spans(text).find((t) => (ALERT_RULES as readonly string[]).includes(t))!
    expect(rule).toBe('lowPeers')
    const s = steps(text)
    expect(s.length).toBe(COUNT[/: (\w+) files/.exec(text)![1]!])
    const words = read(fileOf(s[0]!))
    expect(words).toMatch(/export const ALERT_RULES = \[/)
    expect(words).toContain(`  '${rule}',`)
    expect(words).toMatch(new RegExp(`\\n  ${rule}: \\{\\s+title: `))
    expect(read(fileOf(s[1]!))).toContain('export const RULE_CHECKS: Record<AlertRule,')
    expect(read(fileOf(s[1]!))).toMatch(new RegExp(`\\n  ${rule}\\(\\{`))
    expect(read(fileOf(s[2]!))).toContain(`rule: ${rule}\n`)
    expect(read(fileOf(s[3]!))).toMatch(new RegExp(`export const FOR_CHECKS_DEFAULT[^]*\\n  ${rule}: \\d+,`))
    expect(read(fileOf(s[4]!))).toMatch(new RegExp(`export const INHIBITS[^]*unreachable: \\[[^\\]]*'${rule}'`))
    // The example configuration sets the rule's threshold: an example, not a file a new rule needs.
    const recipe = new Set([...s.map(fileOf), 'resources/companion.example.json'])
    const naming = [...filesUnder('src'), ...filesUnder('resources')].filter((f) => /\.(ts|vue|ya?ml|json)$/.test(f) && new RegExp(`\\b${rule}\\b`).test(read(f)))
    expect(naming.filter((f) => !recipe.has(f))).toEqual([])
  })

  it('an alert channel: each step names the file that holds its piece, and every file naming the kind is one of them', () => {
    const text = part('An alert channel')
    const kind = spans(text).find((t) => (CHANNEL_KINDS as readonly string[]).includes(t))!
    expect(kind).toBe('telegram')
    const s = steps(text)
    expect(s.length).toBe(COUNT[/: (\w+) files/.exec(text)![1]!])
    const declared = read(fileOf(s[0]!))
    expect(declared).toMatch(new RegExp(`export const CHANNEL_KINDS = \\[[^\\]]*'${kind}'`))
    expect(declared).toMatch(new RegExp(`addChannelInputSchema = z\\.discriminatedUnion\\('kind', \\[[^\\]]*${kind}Input`))
    expect(read(fileOf(s[1]!))).toMatch(new RegExp(`export type ChannelConfig =[^=]*kind: '${kind}'`))
    const sender = `send${kind[0]!.toUpperCase()}${kind.slice(1)}`
    expect(read(fileOf(s[2]!))).toContain(`export const ${sender}: Sender<`)
    expect(read(fileOf(s[3]!))).toContain(`case '${kind}':\n      return ${sender}(channel, notice, opts)`)
    const registry = read(fileOf(s[4]!))
    for (const fn of ['splitChannel', 'secretsOf']) expect(registry.slice(registry.indexOf(`function ${fn}(`)).split('\n}\n')[0]).toContain(`case '${kind}':`)
    // The kind's secret field (the one its form marks secret) is one the host's config file seals.
    const targets = read(fileOf(s[5]!))
    expect(targets.slice(targets.indexOf('function channelHosts(')).split('\n}\n')[0]).toContain(`case '${kind}':`)
    expect(targets).toMatch(new RegExp(`TARGET_FIELD[^=]*= \\{[^}]*\\b${kind}: '`))
    const fields = read(fileOf(s[6]!))
    const secretField = new RegExp(`\\n  ${kind}: \\[\\s+\\{ key: '(\\w+)'[^}]*secret: true`).exec(fields)?.[1]
    expect(secretField).toBe('botToken')
    // Sealed where the kind declares it, and so one the host's config file takes as env:NAME and hides in logs.
    expect(declared).toMatch(new RegExp(`\\n    ${secretField}: sealed\\(`))
    expect(CHANNEL_SECRET_FIELDS).toContain(secretField)
    expect(read('src/main/config/host-config.ts')).toMatch(/SECRET_FIELDS = \{[^}]*channels: CHANNEL_SECRET_FIELDS/)
    expect(fields).toMatch(new RegExp(`KIND_LABEL: Record<ChannelKind, string> = \\{[^}]*\\n  ${kind}: '`))
    const recipe = new Set(s.map(fileOf))
    const naming = filesUnder('src').filter((f) => new RegExp(`['"]${kind}['"]|\\b${kind}:`).test(read(f)))
    expect(naming.filter((f) => !recipe.has(f))).toEqual([])
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
