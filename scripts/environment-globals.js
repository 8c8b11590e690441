/**
 * The globals one side of the app has and the other has not, for lint (eslint.config.js): the type check is one
 * program with both the DOM's types and Node's (tsconfig.json), so it no longer tells when main uses `document`
 * or the renderer `process`.
 *
 * The DOM's are read from TypeScript's own lib.dom.d.ts, less every name Node's types (@types/node) declare too
 * (fetch, URL, setTimeout, Event…), so they follow the installed versions. Node's own are few and stable.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const MODULES = join(import.meta.dirname, '..', 'node_modules')
const namesIn = (text, pattern) => new Set([...text.matchAll(pattern)].map((m) => m[1]))

const domGlobals = namesIn(readFileSync(join(MODULES, 'typescript', 'lib', 'lib.dom.d.ts'), 'utf8'), /^declare (?:var|function) ([A-Za-z_$][\w$]*)/gm)
const nodeTypes = join(MODULES, '@types', 'node')
// Every var, function or class any of Node's declaration files names: a module's export counts too, which
// lets through a few DOM globals Node has not (open, close), rather than forbidding one it has.
const nodeDeclared = namesIn(
  readdirSync(nodeTypes, { recursive: true })
    .filter((f) => String(f).endsWith('.d.ts'))
    .map((f) => readFileSync(join(nodeTypes, String(f)), 'utf8'))
    .join('\n'),
  /^\s*(?:declare\s+)?(?:var|function|const|let|class)\s+([A-Za-z_$][\w$]*)/gm
)

/** window, document, localStorage, HTMLElement…: declared by the DOM's types and not by Node's. */
export const DOM_ONLY_GLOBALS = [...domGlobals].filter((name) => !nodeDeclared.has(name)).sort()

/** Node's globals a page has not. */
export const NODE_ONLY_GLOBALS = ['process', 'Buffer', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate']
