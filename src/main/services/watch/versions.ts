/**
 * avalanchego versions as the watch reads them ("avalanchego/1.13.2", "v1.13.2", "1.13.2"): parsed, compared,
 * and the one most of a node's peers run. The alert rules, the exporter and the checks all read them here.
 */
import { VERSION_PATTERN } from '../../../shared/contract'

export type Version = [number, number, number]

/** "1.13.2" from "avalanchego/1.13.2" or "v1.13.2", as three numbers; undefined when unreadable. */
export function parseVersion(v: string | undefined): Version | undefined {
  const m = v === undefined ? null : VERSION_PATTERN.exec(v.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

/** Negative when a is older than b, 0 when the same, positive when newer. */
export const compareVersions = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/**
 * The version most of a node's peers run, from info.peers' `version` fields: the most common one, ties
 * broken by the newer. Unreadable versions are not counted; none readable: undefined.
 */
export function majorityVersion(versions: readonly string[]): string | undefined {
  const counts = new Map<string, { count: number; v: Version }>()
  for (const raw of versions) {
    const v = parseVersion(raw)
    if (!v) continue
    const key = v.join('.')
    const entry = counts.get(key) ?? { count: 0, v }
    entry.count++
    counts.set(key, entry)
  }
  let best: { key: string; count: number; v: Version } | undefined
  for (const [key, e] of counts) if (!best || e.count > best.count || (e.count === best.count && compareVersions(e.v, best.v) > 0)) best = { key, ...e }
  return best ? `avalanchego/${best.key}` : undefined
}
