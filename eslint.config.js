import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { DOM_ONLY_GLOBALS, NODE_ONLY_GLOBALS } from './scripts/environment-globals.js'
import { noImportCycle } from './scripts/eslint-no-import-cycle.js'

/**
 * Lint enforces the layering of DESIGN.md: which folder may import what.
 * `electron` is allowed only in the Electron entry files and the preload, because requiring it in
 * plain Node tries to download the binary; tests, browser mode and the CLI must never load it.
 */
// Every module Node has, as a whole import path ('util', 'fs/promises', 'node:…'): a pattern group would also
// match a folder of ours named like one (../domain/ids).
const NODE_BUILTINS = `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?)$`
const restrict = (patterns, paths = []) => ['error', { patterns, paths }]

/**
 * One type-check program holds the whole repo, with the DOM's types and Node's (tsconfig.json), so these keep
 * each side to the globals it runs with: the renderer (a sandboxed page) has none of Node's, main, the preload,
 * the tests that run in Node and the scripts none of the DOM's; src/shared runs in both and uses neither.
 */
const noGlobals = (names, message) => ['error', ...names.map((name) => ({ name, message }))]
const NO_DOM_GLOBALS = noGlobals(DOM_ONLY_GLOBALS, 'this runs in Node, where the DOM is not: no window, document or other browser globals')
const NO_NODE_GLOBALS = noGlobals(NODE_ONLY_GLOBALS, 'this runs in the renderer, a sandboxed page: no process, Buffer, require or other Node globals')
// `NodeJS.Timeout` and the like: what a Node type names is not what the page's API gives.
const NO_NODE_TYPES = ['error', { selector: "TSQualifiedName[left.name='NodeJS']", message: "the renderer has no Node types: use the browser's (ReturnType<typeof setTimeout>)" }]

const RENDERER_ONLY_SHARED = [
  { group: ['**/main', '**/main/**', '**/preload/**'], message: 'the renderer imports only src/shared' },
  { group: ['electron', 'better-sqlite3', 'ws'], message: 'the renderer runs in a sandboxed page: no Node or Electron modules' },
  { regex: NODE_BUILTINS, message: 'the renderer runs in a sandboxed page: no Node or Electron modules' }
]
/**
 * One folder per panel, and no panel folder imports another: what two panels show alike (a widget, the words
 * of a shared thing) lives in src/renderer/src/components/ (or src/shared/domain for display rules), so a
 * panel can change or go without breaking another.
 */
const PANELS_DIR = 'src/renderer/src/panels'
const PANEL_FOLDERS = readdirSync(new URL(`./${PANELS_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const panelFolderRules = PANEL_FOLDERS.map((panel) => {
  const others = PANEL_FOLDERS.filter((p) => p !== panel).join('|')
  return {
    files: [`${PANELS_DIR}/${panel}/**`],
    rules: {
      'no-restricted-imports': restrict([
        ...RENDERER_ONLY_SHARED,
        {
          regex: `^\\.\\./(${others})(/|$)|(^|/)panels/(${others})(/|$)`,
          message: `panels/${panel} imports no other panel's folder: move what both use to src/renderer/src/components/`
        }
      ])
    }
  }
})

export default tseslint.config(
  // The build (run beside lint by npm test) writes and removes a bundled copy of its config in the root.
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'test-reports/**', 'playwright-report/**', 'dist/**', '*.config.ts.*.mjs', '*.config.ts.timestamp-*.mjs'] },
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module', extraFileExtensions: ['.vue'] } }
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/no-v-html': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off'
    }
  },
  {
    // No import circle in src/: a circle makes the order modules load in decide what is defined when, and
    // hides which of two parts is the lower one. (Imports of types only are left out: they vanish at build.)
    files: ['src/**/*.ts', 'src/**/*.vue'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' }
  },
  {
    files: ['src/main/**', 'src/preload/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-globals': NO_DOM_GLOBALS }
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-globals': NO_NODE_GLOBALS, 'no-restricted-syntax': NO_NODE_TYPES }
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-globals': ['error', ...NO_DOM_GLOBALS.slice(1), ...NO_NODE_GLOBALS.slice(1)], 'no-restricted-syntax': NO_NODE_TYPES }
  },
  {
    // Tests read arbitrary JSON from servers under test; asserting on it is the point.
    files: ['tests/**'],
    ignores: ['tests/sim/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict(
        [
          { group: ['**/main', '**/main/**', '**/renderer/**', '**/preload/**'], message: 'src/shared imports nothing of ours outside src/shared' },
          { regex: NODE_BUILTINS, message: 'src/shared runs in the renderer too: no Node built-ins' },
          { group: ['electron'], message: 'electron only in the Electron entry files and the preload' }
        ]
      )
    }
  },
  {
    files: ['src/main/**'],
    ignores: ['src/main/index.ts', 'src/main/electron/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['electron'], message: 'Only src/main/index.ts and src/main/electron/ may import electron: the rest runs in plain Node' },
        { group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload' }
      ])
    }
  },
  {
    // Layering inside main: clients speak to the outside world and know nothing of the app.
    files: ['src/main/clients/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/cache', '**/cache/**', 'better-sqlite3'], message: 'clients never import the cache: the data path in services writes answers to it' },
        { group: ['**/services', '**/services/**', '**/server/**', '**/app', '**/cli'], message: 'clients import no services, servers or the app: they are called by services' },
        { group: ['electron'], message: 'Only src/main/index.ts and src/main/electron/ may import electron: the rest runs in plain Node' },
        { group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload' }
      ])
    }
  },
  {
    // The cache stores what it is given: it never fetches and holds no service logic.
    files: ['src/main/cache/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/clients', '**/clients/**', 'ws', 'viem'], message: 'the cache never imports clients: services fetch and write through' },
        { group: ['**/services', '**/services/**', '**/server/**', '**/app', '**/cli'], message: 'the cache imports no services, servers or the app' },
        { group: ['electron'], message: 'Only src/main/index.ts and src/main/electron/ may import electron: the rest runs in plain Node' },
        { group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload' }
      ])
    }
  },
  {
    // Services are reached through the contract; they never know which transport serves them.
    files: ['src/main/services/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/electron/**', '**/app', '**/cli', 'electron'], message: 'services know no transport, no Electron and not the app that composes them' },
        {
          group: ['../*/handlers', '../*/*-handlers'],
          message: "no area imports another area's handlers: what two areas share is a service (a read or a function of that area), which its handlers call too"
        },
        { group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload' }
      ])
    }
  },
  {
    files: ['src/main/index.ts', 'src/main/electron/**'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/renderer/**', '**/preload/**'], message: 'main never imports the renderer or the preload' }])
    }
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/main', '**/main/**', '**/renderer/**', '**/shared/contract', '**/shared/contract/**', '**/shared/domain/**'], message: 'the preload may import only electron and src/shared/rpc' }
      ])
    }
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-imports': restrict(RENDERER_ONLY_SHARED) }
  },
  ...panelFolderRules,
  {
    files: ['tests/sim/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/src', '**/src/**'], message: 'tests/sim stands in for the outside world: it imports nothing of src/' },
        { group: ['electron'], message: 'no electron in the sim' }
      ])
    }
  }
)
