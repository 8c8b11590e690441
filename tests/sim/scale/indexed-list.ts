/**
 * Read-only lists whose items may be computed from their index (the large scale's 100,000 UTXOs and
 * 1,000,000 transactions are never held as objects): length, at(i), and the views paging needs
 * (a sub-range, reversed order, two sorted lists merged), all without copying.
 */

export interface IndexedList<T> {
  readonly length: number
  /** the item at 0 <= i < length */
  at(i: number): T
}

export function arrayList<T>(items: readonly T[]): IndexedList<T> {
  return { length: items.length, at: (i) => items[i] as T }
}

export function sliceList<T>(list: IndexedList<T>, from: number, to: number): IndexedList<T> {
  const start = Math.max(0, Math.min(from, list.length))
  const end = Math.max(start, Math.min(to, list.length))
  return { length: end - start, at: (i) => list.at(start + i) }
}

export function reversedList<T>(list: IndexedList<T>): IndexedList<T> {
  return { length: list.length, at: (i) => list.at(list.length - 1 - i) }
}

/** The first i in [0, n) for which before(i) is false (before: true for a prefix, false after). */
export function firstNotBefore(n: number, before: (i: number) => boolean): number {
  let lo = 0
  let hi = n
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The first index whose item is not before `probe` (list sorted by `before`). */
export function lowerBound<T, P>(list: IndexedList<T>, probe: P, before: (item: T, probe: P) => boolean): number {
  return firstNotBefore(list.length, (i) => before(list.at(i), probe))
}

/**
 * Two lists sorted by `cmp`, merged (ties: `small` first). `small` is walked once here (each of its items
 * placed in `big` by binary search), `big` never: the large list stays computed from its index.
 */
export function mergedList<T>(small: IndexedList<T>, big: IndexedList<T>, cmp: (a: T, b: T) => number): IndexedList<T> {
  if (small.length === 0) return big
  if (big.length === 0) return small
  // merged position of small[j] = j + (items of big before it)
  const at = new Float64Array(small.length)
  for (let j = 0; j < small.length; j++) at[j] = j + lowerBound(big, small.at(j), (b, s) => cmp(b, s) < 0)
  return {
    length: small.length + big.length,
    at(k) {
      // how many of small sit before merged position k, and is one of them at k
      const lo = firstNotBefore(small.length, (j) => (at[j] as number) < k)
      return lo < small.length && at[lo] === k ? small.at(lo) : big.at(k - lo)
    },
  }
}
