import { csvText } from '../domain/csv'
import type { UtxoView } from './utxo'

/** CSV and JSON exports of UTXO views: one row per UTXO, undecodable ones with their reason. */
export const UTXO_CSV_COLUMNS = ['utxoID', 'txID', 'outputIndex', 'assetID', 'outputTypeID', 'amount (nAVAX for AVAX; base units of other assets)', 'locktime (unix seconds)', 'threshold', 'addresses', 'hex', 'error'] as const

/** One row per UTXO through the app's one CSV writer (src/shared/domain/csv.ts: formulas neutralised, RFC 4180). */
export function utxosToCsv(views: readonly UtxoView[]): string {
  return csvText(
    UTXO_CSV_COLUMNS,
    views.map((v) =>
      v.ok
        ? [v.utxo.utxoID, v.utxo.txID, String(v.utxo.outputIndex), v.utxo.assetID, String(v.utxo.outputTypeID), v.utxo.amount, v.utxo.locktime, String(v.utxo.threshold), v.utxo.addresses.join(' '), v.hex, '']
        : ['', '', '', '', '', '', '', '', '', v.hex, v.reason]
    )
  )
}

export function utxosToJson(views: readonly UtxoView[]): string {
  return `${JSON.stringify(views.map((v) => (v.ok ? { ...v.utxo, hex: v.hex } : { hex: v.hex, error: v.reason })), null, 2)}\n`
}
