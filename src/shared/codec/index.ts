/** Pure decoding of the node's hex UTXOs and atomic txs; main and the renderer both use it. */
export * from './reader'
export * from './utxo'
export * from './atomic-tx'
export * from './totals'
export * from './export'
