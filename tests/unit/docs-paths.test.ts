/**
 * What README.md and docs/ tell a reader to open or run exists: every relative link (and the heading it
 * points at), every repository path written as code (`src/…`, `tests/…`, `resources/…`, `scripts/…`,
 * `docs/…`, `bin/…`, `build/…`), every `npm run X` (a script of package.json), every `companion <command>`
 * and `npm run cli -- <command>` (a command the CLI's own usage lists), and every method they call (one of
 * the contract). A moved file or a renamed script fails here instead of in a reader's terminal.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contract } from '../../src/shared/contract'
import { runCli } from '../../src/main/cli'

/** README.md and every markdown file under docs/. */
function docFiles(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? under(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []))
  return ['README.md', ...under('docs')]
}

const DOCS = docFiles().map((file) => ({ file, text: readFileSync(file, 'utf8') }))

/** The code of a page: its fenced blocks and its `inline spans`, apart from the prose around them. */
function codeOf(text: string): string[] {
  const fences = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!)
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')
  return [...fences, ...[...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)]
}

/** Repository paths in code: a word that starts with one of the repository's folders (templates such as `<area>` left out). */
function repoPaths(text: string): string[] {
  return codeOf(text)
    .flatMap((code) => code.split(/[\s"'=(),;]+/))
    .map((word) => word.replace(/[.:]+$/, ''))
    .filter((word) => /^(src|tests|resources|scripts|docs|bin|build)\//.test(word) && !/[<>*…$]/.test(word))
}

/** Relative link targets: [text](target), the web and in-page anchors left out. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t) && !t.startsWith('#'))
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

const anchors = (text: string): string[] => [...text.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!))

/** The commands the CLI's own usage lists under "commands:". */
async function cliCommands(): Promise<string[]> {
  let usage = ''
  expect(await runCli(['--help'], (s) => (usage += s), () => {})).toBe(0)
  const block = usage.slice(usage.indexOf('\ncommands:\n'), usage.indexOf('\noptions'))
  return [...block.matchAll(/^ {2}(\w+)\b/gm)].map((m) => m[1]!)
}

describe('README.md and docs/', () => {
  it('are README.md and the pages under docs/, and README.md stays under 300 lines', () => {
    expect(DOCS.length).toBeGreaterThan(10)
    expect(DOCS[0]!.text.split('\n').length).toBeLessThan(300)
  })

  it('link only to files and headings that exist', () => {
    const broken: string[] = []
    for (const { file, text } of DOCS)
      for (const link of relativeLinks(text)) {
        const [path, anchor] = link.split('#') as [string, string | undefined]
        const target = normalize(join(dirname(file), path))
        if (!existsSync(target)) broken.push(`${file}: ${link}`)
        else if (anchor !== undefined && !anchors(readFileSync(target, 'utf8')).includes(anchor)) broken.push(`${file}: ${link} (no such heading)`)
      }
    expect(broken).toEqual([])
  })

  it('name only repository paths that exist', () => {
    const named = DOCS.flatMap(({ file, text }) => repoPaths(text).map((path) => ({ file, path })))
    expect(named.length).toBeGreaterThan(100)
    expect(named.filter(({ path }) => !existsSync(path)).map(({ file, path }) => `${file}: ${path}`)).toEqual([])
  })

  it('run only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts)
    const used = DOCS.flatMap(({ file, text }) => [...text.matchAll(/\bnpm (?:run ([\w:.-]+)|(test|start)\b)/g)].map((m) => ({ file, script: m[1] ?? m[2]! })))
    expect(used.length).toBeGreaterThan(20)
    expect(used.filter(({ script }) => !scripts.includes(script)).map(({ file, script }) => `${file}: npm run ${script}`)).toEqual([])
  })

  it('give only commands the CLI has, and call only methods of the contract', async () => {
    const commands = await cliCommands()
    expect(commands).toEqual(expect.arrayContaining(['methods', 'call', 'serve', 'watch', 'doctor']))
    const wrong: string[] = []
    let seen = 0
    for (const { file, text } of DOCS)
      for (const code of codeOf(text))
        for (const m of code.matchAll(/(?:^|[\s`(])(?:companion|npm run cli --) (?!companion\b)([a-z][\w-]*)(?: ([a-z]+\.[A-Za-z]+))?/g)) {
          seen++
          if (!commands.includes(m[1]!)) wrong.push(`${file}: ${m[0].trim()} (no command "${m[1]}")`)
          else if (m[1] === 'call' && m[2] !== undefined && !Object.hasOwn(contract.methods, m[2])) wrong.push(`${file}: ${m[0].trim()} (no method "${m[2]}")`)
        }
    expect(seen).toBeGreaterThan(20)
    expect(wrong).toEqual([])
  })
})
