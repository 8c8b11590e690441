/**
 * Places the call tree of a profile (control.openProfile's `flame`: parent before child, root first) as
 * rectangles of a flame graph: each frame spans its share of its parent, children left to right in the
 * order given (largest first). Shares are computed from the exact values; positions are fractions of the
 * root's width (0..1), for drawing only.
 */
export interface FlameNode {
  id: number
  parent: number
  name: string
  value: string
  depth: number
}

export interface FlameRect {
  id: number
  name: string
  value: string
  depth: number
  /** Left edge and width as fractions of the whole graph. */
  x: number
  w: number
}

const SCALE = 1_000_000_000n

export function layoutFlame(nodes: readonly FlameNode[]): { rects: FlameRect[]; maxDepth: number } {
  const root = nodes[0]
  if (!root) return { rects: [], maxDepth: 0 }
  const total = BigInt(root.value)
  const frac = (v: bigint): number => (total === 0n ? 0 : Number((v * SCALE) / total) / Number(SCALE))
  const byId = new Map<number, FlameRect>()
  /** Where the next child of each parent starts (in value units, exact). */
  const nextStart = new Map<number, bigint>()
  const startOf = new Map<number, bigint>()
  const rects: FlameRect[] = []
  let maxDepth = 0
  for (const n of nodes) {
    const v = BigInt(n.value)
    let start = 0n
    if (n.parent >= 0) {
      const parentStart = startOf.get(n.parent)
      if (parentStart === undefined || !byId.has(n.parent)) continue
      start = nextStart.get(n.parent) ?? parentStart
      nextStart.set(n.parent, start + v)
    }
    startOf.set(n.id, start)
    const rect = { id: n.id, name: n.name, value: n.value, depth: n.depth, x: frac(start), w: frac(v) }
    byId.set(n.id, rect)
    rects.push(rect)
    if (n.depth > maxDepth) maxDepth = n.depth
  }
  return { rects, maxDepth }
}

/** The frames whose name contains the search (case-insensitive); empty search: none. */
export function matching(rects: readonly FlameRect[], search: string): Set<number> {
  const q = search.trim().toLowerCase()
  if (q === '') return new Set()
  return new Set(rects.filter((r) => r.name.toLowerCase().includes(q)).map((r) => r.id))
}
