/**
 * Byte layouts of the txs and blocks the data set produces (Avalanche linear codec, big-endian):
 * transferable outputs/inputs, BaseTx, credentials, the P-Chain Banff standard block, and the C-Chain
 * atomic UTXO. IDs are sha256 of these bytes, so hex encodings served by the node are self-consistent.
 */
import { ByteWriter } from '../lib/bytes'
import { BANFF_STANDARD_BLOCK_TYPE_ID, SECP } from './constants'

export interface OutSpec {
  assetId: Uint8Array
  amount: bigint
  locktime: bigint
  threshold: number
  /** 20-byte short IDs (sorted when written) */
  addrs: Uint8Array[]
}

export interface InSpec {
  txId: Uint8Array
  outputIndex: number
  assetId: Uint8Array
  amount: bigint
  /** which owner addresses sign (parsed txs only; written txs always use [0]) */
  sigIndices?: number[]
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

/** secp256k1fx.TransferOutput (type 7) after its typeID */
export function writeSecpOutput(w: ByteWriter, o: OutSpec): void {
  w.u32(SECP.transferOutput).u64(o.amount).u64(o.locktime).u32(o.threshold).u32(o.addrs.length)
  for (const a of [...o.addrs].sort(compareBytes)) w.bytes(a)
}

/** avax.TransferableOutput: assetID then the output */
export function writeTransferableOutput(w: ByteWriter, o: OutSpec): void {
  w.bytes(o.assetId)
  writeSecpOutput(w, o)
}

/** avax.TransferableInput: txID, outputIndex, assetID, TransferInput (type 5) with one signature index */
export function writeTransferableInput(w: ByteWriter, i: InSpec): void {
  w.bytes(i.txId).u32(i.outputIndex).bytes(i.assetId).u32(SECP.transferInput).u64(i.amount).u32(1).u32(0)
}

/** secp256k1fx.OutputOwners (type 11) */
export function writeOwners(w: ByteWriter, locktime: bigint, threshold: number, addrs: Uint8Array[]): void {
  w.u32(SECP.outputOwners).u64(locktime).u32(threshold).u32(addrs.length)
  for (const a of [...addrs].sort(compareBytes)) w.bytes(a)
}

/** avax.BaseTx body: networkID, blockchainID, outs, ins, memo */
export function writeBaseTx(
  w: ByteWriter,
  networkId: number,
  chainId: Uint8Array,
  outs: OutSpec[],
  ins: InSpec[],
  memo: Uint8Array,
): void {
  w.u32(networkId).bytes(chainId).u32(outs.length)
  for (const o of outs) writeTransferableOutput(w, o)
  w.u32(ins.length)
  for (const i of ins) writeTransferableInput(w, i)
  w.sized(memo)
}

/** Credentials: one secp256k1fx.Credential (type 9) per input, each with one 65-byte signature */
export function writeCredentials(w: ByteWriter, signatures: Uint8Array[]): void {
  w.u32(signatures.length)
  for (const s of signatures) w.u32(SECP.credential).u32(1).bytes(s)
}

/** Atomic UTXO as core.getUTXOs returns it: codec 0, txID, outputIndex, assetID, TransferOutput */
export function encodeUtxo(txId: Uint8Array, outputIndex: number, out: OutSpec): Uint8Array {
  const w = new ByteWriter().u16(0).bytes(txId).u32(outputIndex).bytes(out.assetId)
  writeSecpOutput(w, out)
  return w.finish()
}

/** Banff standard block: codec 0, typeID 32, time u64, parentID, height u64, txs (signed bytes) */
export function encodeBanffBlock(time: number, parentId: Uint8Array, height: bigint, txs: Uint8Array[]): Uint8Array {
  const w = new ByteWriter().u16(0).u32(BANFF_STANDARD_BLOCK_TYPE_ID).u64(time).bytes(parentId).u64(height)
  w.u32(txs.length)
  // A block embeds each tx without its own codec version prefix.
  for (const t of txs) w.bytes(t.subarray(2))
  return w.finish()
}
