/**
 * The VM configuration as a person reads it (node-control panel): a tree of keys with their values as text, and the
 * difference between two snapshots as a list of changed, added and removed keys. Pure functions (no Vue,
 * no naive-ui), so they are unit-tested on their own.
 */
import { visibleText } from './text-safety'

export type ConfigValue = unknown

/**
 * A value as one line of text: strings as they are, everything else as JSON; bidirectional controls written
 * out (⟨U+202E⟩: text-safety.ts), since these trees show what a node or a block sent.
 */
export function valueText(v: ConfigValue): string {
  if (typeof v === 'string') return visibleText(v)
  if (v === undefined) return ''
  return visibleText(JSON.stringify(v))
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Every leaf of a configuration by its dotted path ("state-sync-enabled", "eth-apis.0"). Objects and
 * arrays are walked; an empty object or array is a leaf of its own, so that it can be added or removed.
 */
export function flattenConfig(config: Record<string, unknown>): Map<string, ConfigValue> {
  const out = new Map<string, ConfigValue>()
  const walk = (v: unknown, path: string): void => {
    const entries = isObject(v) ? Object.entries(v) : Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : null
    if (entries === null || entries.length === 0) {
      out.set(path, v)
      return
    }
    for (const [k, x] of entries) walk(x, path === '' ? k : `${path}.${k}`)
  }
  for (const [k, v] of Object.entries(config)) walk(v, k)
  return out
}

export interface ConfigChange {
  path: string
  kind: 'changed' | 'added' | 'removed'
  /** As text; absent for an added key. */
  before?: string
  /** As text; absent for a removed key. */
  after?: string
}

/** What differs from `before` to `after`, by path in alphabetical order. */
export function diffConfig(before: Record<string, unknown>, after: Record<string, unknown>): ConfigChange[] {
  const a = flattenConfig(before)
  const b = flattenConfig(after)
  const changes: ConfigChange[] = []
  for (const [path, old] of a) {
    if (!b.has(path)) changes.push({ path, kind: 'removed', before: valueText(old) })
    else if (JSON.stringify(old) !== JSON.stringify(b.get(path))) changes.push({ path, kind: 'changed', before: valueText(old), after: valueText(b.get(path)) })
  }
  for (const [path, now] of b) if (!a.has(path)) changes.push({ path, kind: 'added', after: valueText(now) })
  return changes.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
}

/** A node of the tree view (the shape naive-ui's n-tree takes): labels are plain text. */
export interface ConfigTreeNode {
  key: string
  label: string
  children?: ConfigTreeNode[]
  isLeaf: boolean
}

/** The configuration as a tree, keys sorted; a leaf's label is "key: value". */
export function configTree(config: Record<string, unknown>): ConfigTreeNode[] {
  const build = (v: unknown, name: string, path: string): ConfigTreeNode => {
    const entries = isObject(v) ? Object.entries(v) : Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : null
    if (entries === null || entries.length === 0) return { key: path, label: `${visibleText(name)}: ${valueText(v)}`, isLeaf: true }
    const kids = isObject(v) ? [...entries].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)) : entries
    return {
      key: path,
      label: `${visibleText(name)} (${entries.length})`,
      isLeaf: false,
      children: kids.map(([k, x]) => build(x, k, `${path}.${k}`))
    }
  }
  return Object.keys(config)
    .sort()
    .map((k) => build(config[k], k, k))
}
