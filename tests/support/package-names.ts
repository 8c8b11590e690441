/**
 * The packages a built JavaScript file imports by name (`import … from "zod"`, `import("ws")`), as package
 * names (`@noble/hashes`, not `@noble/hashes/sha2.js`); node: built-ins and relative imports left out.
 */
export function importedPackages(code: string): Set<string> {
  const names = new Set<string>()
  for (const m of code.matchAll(/(?:^|\n)\s*import\s[^'"]*?["']([^"'./][^"']*)["']|\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)) {
    const spec = (m[1] ?? m[2])!
    if (!spec.startsWith('node:')) names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
  }
  return names
}
