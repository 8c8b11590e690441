import type { DecodedUtxo } from './utxo'

/**
 * Totals of decoded UTXOs, exact (bigint, given on as decimal strings). Per address, a UTXO with
 * several owners counts in full for each of them: each could spend it with the threshold met.
 */
export interface UtxoTotals {
  byAsset: { assetID: string; amount: string; count: number }[]
  byAddress: { address: string; assetID: string; amount: string; count: number }[]
}

export function totalsOf(utxos: readonly DecodedUtxo[]): UtxoTotals {
  const assets = new Map<string, { amount: bigint; count: number }>()
  const owners = new Map<string, { address: string; assetID: string; amount: bigint; count: number }>()
  for (const u of utxos) {
    const a = assets.get(u.assetID) ?? { amount: 0n, count: 0 }
    a.amount += BigInt(u.amount)
    a.count++
    assets.set(u.assetID, a)
    for (const address of u.addresses) {
      const key = `${address} ${u.assetID}`
      const o = owners.get(key) ?? { address, assetID: u.assetID, amount: 0n, count: 0 }
      o.amount += BigInt(u.amount)
      o.count++
      owners.set(key, o)
    }
  }
  return {
    byAsset: [...assets].map(([assetID, v]) => ({ assetID, amount: v.amount.toString(), count: v.count })).sort((x, y) => x.assetID.localeCompare(y.assetID)),
    byAddress: [...owners.values()]
      .map((o) => ({ ...o, amount: o.amount.toString() }))
      .sort((x, y) => x.address.localeCompare(y.address) || x.assetID.localeCompare(y.assetID))
  }
}
