/**
 * Builds correctly signed atomic txs for tests: an ImportTx of the signer's UTXOs waiting in the C-Chain
 * shared memory, signed with the data set's own key, as a wallet would make it.
 */
import { fromHex } from '../lib/bytes'
import { cb58Decode } from '../lib/cb58'
import { encodeHexChecksum } from '../lib/hexChecksum'
import { encodeAtomicTx, encodeUnsignedAtomicTx } from './atomicCodec'
import type { AtomicTx } from './atomicCodec'
import { signUnsigned } from './keys'
import type { Dataset, UtxoRecord } from './index'

export interface ImportOptions {
  /** the UTXOs to import (default: the signer's first one from the X-Chain) */
  utxos?: UtxoRecord[]
  /** the EVM address credited (default: the signer's own EVM address) */
  to?: string
  /** nAVAX kept back as the fee (default 1,000,000 = 0.001 AVAX) */
  fee?: bigint
  /** private key (hex) signing every input (default: the signer's) */
  privateKeyHex?: string
}

/** The signer's UTXOs from the X-Chain still in the data set's shared memory (not what the sim has seen spent). */
export function signerUtxos(ds: Dataset): UtxoRecord[] {
  return ds.atomicUtxos(ds.params.xChainId, ds.signer.shortIdHex)
}

/** Signed ImportTx bytes and their "hex" form (0x + bytes + checksum) for core.issueTx. */
export function buildSignedImport(ds: Dataset, opts: ImportOptions = {}): { bytes: Uint8Array; hex: string; tx: AtomicTx } {
  const utxos = opts.utxos ?? signerUtxos(ds).slice(0, 1)
  if (utxos.length === 0) throw new Error('no UTXOs to import')
  const fee = opts.fee ?? 1_000_000n
  const total = utxos.reduce((s, u) => s + u.amount, 0n)
  const avax = cb58Decode(ds.avax.assetId)
  // inputs sorted by UTXO (txID, index), as the node requires
  const ins = utxos
    .map((u) => ({ txId: cb58Decode(u.txHash), outputIndex: u.outputIndex, assetId: cb58Decode(u.asset.assetId), amount: u.amount }))
    .sort((a, b) => Buffer.compare(Buffer.from(a.txId), Buffer.from(b.txId)) || a.outputIndex - b.outputIndex)
  const tx: AtomicTx = {
    kind: 'ImportTx',
    networkId: ds.params.networkId,
    blockchainId: cb58Decode(ds.params.cChainId),
    sourceChain: cb58Decode(utxos[0]!.createdOnChainId),
    importedInputs: ins,
    outs: [{ address: fromHex(opts.to ?? ds.signer.evm), amount: total - fee, assetId: avax }],
    signatureCount: ins.length,
  }
  const key = fromHex(opts.privateKeyHex ?? ds.signer.privateKeyHex)
  const unsigned = encodeUnsignedAtomicTx(tx)
  const bytes = encodeAtomicTx(tx, ins.map(() => signUnsigned(unsigned, key)))
  return { bytes, hex: encodeHexChecksum(bytes), tx }
}
