/**
 * The version most of a node's peers run, from info.peers' `version` fields ("avalanchego/1.13.2"): the
 * most common one, ties broken by the newer. Unreadable versions are not counted; none readable: undefined.
 */
import { parseVersion } from '../alerts/rule-checks'

export function majorityVersion(versions: readonly string[]): string | undefined {
  const counts = new Map<string, { count: number; v: [number, number, number] }>()
  for (const raw of versions) {
    const v = parseVersion(raw)
    if (!v) continue
    const key = v.join('.')
    const entry = counts.get(key) ?? { count: 0, v }
    entry.count++
    counts.set(key, entry)
  }
  let best: { key: string; count: number; v: [number, number, number] } | undefined
  for (const [key, e] of counts) {
    const newer = best !== undefined && e.count === best.count && (e.v[0] - best.v[0] || e.v[1] - best.v[1] || e.v[2] - best.v[2]) > 0
    if (!best || e.count > best.count || newer) best = { key, ...e }
  }
  return best ? `avalanchego/${best.key}` : undefined
}
