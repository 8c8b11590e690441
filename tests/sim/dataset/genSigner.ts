/**
 * The "signer" address: the one address of the data set whose private key the data set knows
 * (./keys.ts). Its X-Chain export to the C-Chain is written last, after every other event, so adding it
 * changes nothing else in the data set; it leaves SIGNER_UTXOS UTXOs in the C-Chain shared memory that
 * a test can import with a correctly signed ImportTx.
 */
import { makeAddr } from './addresses'
import type { Addr } from './addresses'
import type { GenContext } from './context'
import { FEE } from './context'
import type { KeyPair } from './keys'
import { signerKey } from './keys'
import type { PrimaryNetworkTx } from './types'

export const SIGNER_UTXOS = 12

export interface Signer {
  key: KeyPair
  addr: Addr
  /** the X-Chain ExportTx that made its UTXOs */
  exportTx: PrimaryNetworkTx
}

export function generateSigner(ctx: GenContext, seed: number): Signer {
  const key = signerKey(seed)
  const addr = makeAddr(key.shortId, ctx.params.hrp)
  const last = ctx.ledger.txs.at(-1)?.blockTimestamp ?? ctx.now
  const time = Math.max(ctx.now - 30, last)
  const exportTx = ctx.ledger.issue({
    chain: 'X', txType: 'ExportTx', time, payer: addr, fee: FEE,
    // amounts 1.000000001, 2.000000002, … AVAX: every digit of each shows in totals
    outputs: Array.from({ length: SIGNER_UTXOS }, (_, i) => ({ to: [addr], amount: BigInt(i + 1) * 1_000_000_001n, exportTo: 'C' as const })),
  })
  return { key, addr, exportTx }
}
