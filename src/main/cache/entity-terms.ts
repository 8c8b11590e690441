/**
 * The one spelling of a term (what finds an entity), the same when an entity is kept and when a person
 * searches: hex (EVM addresses, hashes) lower-cased; a P-/X-/C- address without its chain prefix (the node
 * writes "P-avax1…", the data service "avax1…": both find the same rows); everything else as it is (cb58
 * and bech32 are case-sensitive or already lower case, NodeIDs keep their "NodeID-" prefix).
 */
const HEX = /^0x[0-9a-fA-F]+$/
const CHAIN_ADDRESS = /^[A-Za-z]-([a-z0-9]{1,83}1[02-9ac-hj-np-z]{6,})$/

/** Terms longer than this are not IDs: they are left out rather than kept (a hostile server's 1 MB "address"). */
export const MAX_TERM = 200

export function normalizeTerm(raw: string): string {
  const s = raw.trim()
  if (HEX.test(s)) return s.toLowerCase()
  const m = CHAIN_ADDRESS.exec(s)
  return m ? m[1]! : s
}

/**
 * Collects the terms of one entity: normalised, without empties, duplicates or over-long values. Callers
 * pass anything that may hold an ID (a field that may be missing, an array of addresses).
 */
export class TermSet {
  private readonly set = new Set<string>()

  add(...values: unknown[]): this {
    for (const v of values) {
      if (typeof v === 'string') {
        if (v.length > 0 && v.length <= MAX_TERM) this.set.add(normalizeTerm(v))
      } else if (typeof v === 'number' && Number.isSafeInteger(v)) this.set.add(String(v))
      else if (Array.isArray(v)) for (const x of v as unknown[]) this.add(x)
    }
    return this
  }

  list(): string[] {
    return [...this.set]
  }
}
