import type { UtxoView } from './utxo'

/** CSV and JSON exports of UTXO views: one row per UTXO, undecodable ones with their reason. */
export const UTXO_CSV_COLUMNS = ['utxoID', 'txID', 'outputIndex', 'assetID', 'outputTypeID', 'amount (nAVAX for AVAX; base units of other assets)', 'locktime (unix seconds)', 'threshold', 'addresses', 'hex', 'error'] as const

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so a spreadsheet never runs it as a formula. */
function csvField(v: string): string {
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function utxosToCsv(views: readonly UtxoView[]): string {
  const lines = [UTXO_CSV_COLUMNS.join(',')]
  for (const v of views) {
    const row = v.ok
      ? [v.utxo.utxoID, v.utxo.txID, String(v.utxo.outputIndex), v.utxo.assetID, String(v.utxo.outputTypeID), v.utxo.amount, v.utxo.locktime, String(v.utxo.threshold), v.utxo.addresses.join(' '), v.hex, '']
      : ['', '', '', '', '', '', '', '', '', v.hex, v.reason]
    lines.push(row.map(csvField).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

export function utxosToJson(views: readonly UtxoView[]): string {
  return `${JSON.stringify(views.map((v) => (v.ok ? { ...v.utxo, hex: v.hex } : { hex: v.hex, error: v.reason })), null, 2)}\n`
}
