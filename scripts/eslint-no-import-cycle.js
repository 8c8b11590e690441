/**
 * The lint rule that keeps src/ free of import circles: an import whose module leads back, through the value
 * imports of the files it imports (static, re-exports and dynamic `import()`), to the file that imports it.
 * Imports of types only are left out: they vanish at build. Packages are left out: a circle is ours.
 *
 * Why not eslint-plugin-import-x's no-cycle: it parsed each imported file with the linted file's full parser,
 * three quarters of lint's CPU time (about 37 of 50 CPU-seconds on the whole repo). Here each file is read once
 * per process with TypeScript's own parser (no type information, a millisecond a file), its value imports kept,
 * and a circle found by one search of that graph per linted file.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const EXTENSIONS = ['.ts', '.vue', '.js', '.mjs']

/** file -> { mtime, imports }: each file read once (again only when it changed: an editor's lint server lives long) */
const graph = new Map()

const isFile = (path) => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The file a relative specifier names (as Node and Vite resolve ours: the path, with an extension, or its index), or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))]) {
    if (isFile(candidate)) return candidate
  }
  return null
}

/** The code of a file as TypeScript reads it: a .vue file's <script> blocks, one after the other. */
function codeOf(file) {
  const text = readFileSync(file, 'utf8')
  if (!file.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly)

/** The specifiers of a file's value imports, read with TypeScript's parser (no type checking). */
function valueSpecifiers(file) {
  const source = ts.createSourceFile(file, codeOf(file), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const out = []
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const clause = s.importClause
      if (clause?.isTypeOnly) continue
      if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && allTypes(clause.namedBindings.elements)) continue
      out.push(s.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      if (s.isTypeOnly) continue
      if (s.exportClause && ts.isNamedExports(s.exportClause) && allTypes(s.exportClause.elements)) continue
      out.push(s.moduleSpecifier.text)
    }
  }
  // import('…') anywhere: looked for only in files that have one.
  if (source.text.includes('import(')) {
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text)
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}

/** The files a file imports for their values, resolved. */
function importsOf(file) {
  let mtime = 0
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    return []
  }
  const known = graph.get(file)
  if (known && known.mtime === mtime) return known.imports
  const imports = [...new Set(valueSpecifiers(file).map((s) => resolveImport(file, s)).filter((f) => f !== null))]
  graph.set(file, { mtime, imports })
  return imports
}

/**
 * The way back from `start` to `target` through value imports, as a list of files, or null. Files already
 * searched for this target without reaching it (`dead`) are not searched again.
 */
function pathBack(start, target, dead) {
  const parent = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const next of importsOf(file)) {
      if (next === target) {
        const path = [file]
        for (let p = parent.get(file); p; p = parent.get(p)) path.unshift(p)
        return path
      }
      if (parent.has(next) || dead.has(next)) continue
      parent.set(next, file)
      queue.push(next)
    }
  }
  for (const f of parent.keys()) dead.add(f)
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no import circle: a module must not lead back, through its value imports, to the file importing it' },
    schema: [],
    messages: { cycle: 'Import circle: {{path}}. Move what both need into a lower module, or import the type only.' }
  },
  create(context) {
    const file = context.filename
    const root = context.cwd
    const dead = new Set()
    const check = (node, source, typeOnly) => {
      if (typeOnly || !source || typeof source.value !== 'string') return
      const target = resolveImport(file, source.value)
      if (!target) return
      const back = target === file ? [] : pathBack(target, file, dead)
      if (back === null) return
      const path = [file, ...(target === file ? [] : back), file].map((f) => relative(root, f)).join(' → ')
      context.report({ node, messageId: 'cycle', data: { path } })
    }
    const specifiersAllTypes = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type')
    return {
      ImportDeclaration(node) {
        const onlyNamed = node.specifiers.every((s) => s.type === 'ImportSpecifier')
        check(node, node.source, node.importKind === 'type' || (onlyNamed && specifiersAllTypes(node.specifiers, 'importKind')))
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source, node.exportKind === 'type' || specifiersAllTypes(node.specifiers, 'exportKind'))
      },
      ExportAllDeclaration(node) {
        check(node, node.source, node.exportKind === 'type')
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source, false)
      }
    }
  }
}
