/**
 * The C-Chain atomic tx layout (coreth atomic codec): ImportTx (type 0) and ExportTx (type 1), signed
 * with secp256k1fx credentials. Used to generate the data set's atomic txs and to parse what
 * core.issueTx receives.
 */
import { ByteReader, ByteWriter } from '../lib/bytes'
import { ATOMIC_TYPE_IDS, SECP } from './constants'
import type { InSpec, OutSpec } from './txCodec'
import { writeCredentials, writeTransferableInput, writeTransferableOutput } from './txCodec'

export interface EvmOutput {
  address: Uint8Array
  amount: bigint
  assetId: Uint8Array
}
export interface EvmInput extends EvmOutput {
  nonce: bigint
}

export type AtomicTx =
  | {
      kind: 'ImportTx'
      networkId: number
      blockchainId: Uint8Array
      sourceChain: Uint8Array
      importedInputs: InSpec[]
      outs: EvmOutput[]
      signatureCount: number
    }
  | {
      kind: 'ExportTx'
      networkId: number
      blockchainId: Uint8Array
      destinationChain: Uint8Array
      ins: EvmInput[]
      exportedOutputs: OutSpec[]
      signatureCount: number
    }

/** Signed bytes of an atomic tx; `signatures` holds one 65-byte signature per credential. */
export function encodeAtomicTx(tx: AtomicTx, signatures: Uint8Array[]): Uint8Array {
  const w = writeUnsigned(tx)
  writeCredentials(w, signatures)
  return w.finish()
}

/** The unsigned tx bytes (codec version included): what each credential signs (sha256 of it). */
export function encodeUnsignedAtomicTx(tx: AtomicTx): Uint8Array {
  return writeUnsigned(tx).finish()
}

function writeUnsigned(tx: AtomicTx): ByteWriter {
  const w = new ByteWriter().u16(0)
  if (tx.kind === 'ImportTx') {
    w.u32(ATOMIC_TYPE_IDS.ImportTx).u32(tx.networkId).bytes(tx.blockchainId).bytes(tx.sourceChain)
    w.u32(tx.importedInputs.length)
    for (const i of tx.importedInputs) writeTransferableInput(w, i)
    w.u32(tx.outs.length)
    for (const o of tx.outs) w.bytes(o.address).u64(o.amount).bytes(o.assetId)
  } else {
    w.u32(ATOMIC_TYPE_IDS.ExportTx).u32(tx.networkId).bytes(tx.blockchainId).bytes(tx.destinationChain)
    w.u32(tx.ins.length)
    for (const i of tx.ins) w.bytes(i.address).u64(i.amount).bytes(i.assetId).u64(i.nonce)
    w.u32(tx.exportedOutputs.length)
    for (const o of tx.exportedOutputs) writeTransferableOutput(w, o)
  }
  return w
}

function readOutSpec(r: ByteReader): OutSpec {
  const assetId = r.bytes(32)
  const typeId = r.u32()
  if (typeId !== SECP.transferOutput) throw new Error(`unknown output type ID ${typeId}`)
  const amount = r.u64()
  const locktime = r.u64()
  const threshold = r.u32()
  const n = r.u32()
  const addrs: Uint8Array[] = []
  for (let i = 0; i < n; i++) addrs.push(r.bytes(20))
  return { assetId, amount, locktime, threshold, addrs }
}

function readInSpec(r: ByteReader): InSpec {
  const txId = r.bytes(32)
  const outputIndex = r.u32()
  const assetId = r.bytes(32)
  const typeId = r.u32()
  if (typeId !== SECP.transferInput) throw new Error(`unknown input type ID ${typeId}`)
  const amount = r.u64()
  const n = r.u32()
  const sigIndices: number[] = []
  for (let i = 0; i < n; i++) sigIndices.push(r.u32())
  return { txId, outputIndex, assetId, amount, sigIndices }
}

/** A parsed signed tx: the tx, the bytes its credentials sign, and each credential's signatures. */
export interface ParsedAtomicTx {
  tx: AtomicTx
  unsigned: Uint8Array
  credentials: Uint8Array[][]
}

/** Parses signed atomic tx bytes; throws a plain Error describing the first problem found. */
export function parseAtomicTx(bytes: Uint8Array): AtomicTx {
  return parseSignedAtomicTx(bytes).tx
}

export function parseSignedAtomicTx(bytes: Uint8Array): ParsedAtomicTx {
  const r = new ByteReader(bytes)
  const codec = r.u16()
  if (codec !== 0) throw new Error(`unknown codec version: ${codec}`)
  const typeId = r.u32()
  const networkId = r.u32()
  const blockchainId = r.bytes(32)
  let tx: AtomicTx
  if (typeId === ATOMIC_TYPE_IDS.ImportTx) {
    const sourceChain = r.bytes(32)
    const importedInputs: InSpec[] = []
    for (let i = 0, n = r.u32(); i < n; i++) importedInputs.push(readInSpec(r))
    const outs: EvmOutput[] = []
    for (let i = 0, n = r.u32(); i < n; i++) outs.push({ address: r.bytes(20), amount: r.u64(), assetId: r.bytes(32) })
    tx = { kind: 'ImportTx', networkId, blockchainId, sourceChain, importedInputs, outs, signatureCount: 0 }
  } else if (typeId === ATOMIC_TYPE_IDS.ExportTx) {
    const destinationChain = r.bytes(32)
    const ins: EvmInput[] = []
    for (let i = 0, n = r.u32(); i < n; i++) {
      ins.push({ address: r.bytes(20), amount: r.u64(), assetId: r.bytes(32), nonce: r.u64() })
    }
    const exportedOutputs: OutSpec[] = []
    for (let i = 0, n = r.u32(); i < n; i++) exportedOutputs.push(readOutSpec(r))
    tx = { kind: 'ExportTx', networkId, blockchainId, destinationChain, ins, exportedOutputs, signatureCount: 0 }
  } else {
    throw new Error(`unknown type ID ${typeId}`)
  }
  const unsigned = bytes.slice(0, bytes.length - r.remaining)
  let sigs = 0
  const credentials: Uint8Array[][] = []
  for (let i = 0, n = r.u32(); i < n; i++) {
    const credType = r.u32()
    if (credType !== SECP.credential) throw new Error(`unknown credential type ID ${credType}`)
    const k = r.u32()
    if (k > r.remaining / 65) throw new Error(`credential ${i} claims ${k} signatures, more than the bytes hold`)
    const list: Uint8Array[] = []
    for (let j = 0; j < k; j++) list.push(r.bytes(65))
    credentials.push(list)
    sigs += k
  }
  if (r.remaining !== 0) throw new Error(`${r.remaining} trailing bytes`)
  tx.signatureCount = sigs
  return { tx, unsigned, credentials }
}
