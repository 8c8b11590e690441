import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, encodeCb58 } from '../domain/encoding'
import { ByteReader, DecodeError } from './reader'
import { bytesOfHex, readCodecVersion, readOutput, utxoIdOf, type OwnerFormat } from './utxo'

/**
 * A signed C-Chain atomic tx (coreth atomic codec, big-endian): codec u16, typeID u32 (0 ImportTx,
 * 1 ExportTx), networkID u32, blockchainID 32, then
 *  - ImportTx: sourceChain 32, imported inputs (txID 32, outputIndex u32, assetID 32, typeID 5,
 *    amount u64, signature indices), EVM outputs (address 20, amount u64, assetID 32);
 *  - ExportTx: destinationChain 32, EVM inputs (address 20, amount u64, assetID 32, nonce u64),
 *    exported outputs (assetID 32, typeID 7, secp256k1 transfer output);
 * then credentials (typeID 9, n × 65-byte signatures). txID = cb58(sha256(signed bytes)).
 */
export type AtomicInput =
  | { kind: 'utxo'; utxoID: string; txID: string; outputIndex: number; assetID: string; amount: string; signatureIndices: number[] }
  | { kind: 'evm'; address: string; assetID: string; amount: string; nonce: string }

export type AtomicOutput =
  | { kind: 'evm'; address: string; assetID: string; amount: string }
  | { kind: 'utxo'; assetID: string; amount: string; locktime: string; threshold: number; addresses: string[] }

export interface DecodedAtomicTx {
  txID: string
  type: 'ImportTx' | 'ExportTx'
  codecVersion: number
  networkID: number
  blockchainID: string
  /** ImportTx: where the UTXOs come from */
  sourceChain?: string
  /** ExportTx: where the outputs go */
  destinationChain?: string
  inputs: AtomicInput[]
  outputs: AtomicOutput[]
  credentials: number
  signatures: number
  /** per asset, inputs minus outputs (the fee burned), decimal */
  burned: { assetID: string; amount: string }[]
  size: number
}

const TX_TYPES = { 0: 'ImportTx', 1: 'ExportTx' } as const
const evmHex = (b: Uint8Array) => bytesToHex(b)

function readImportedInput(r: ByteReader, i: number): AtomicInput {
  const txId = r.bytes(32, `input ${i} txID`)
  const outputIndex = r.u32(`input ${i} output index`)
  const assetID = encodeCb58(r.bytes(32, `input ${i} assetID`))
  const typeId = r.u32(`input ${i} type ID`)
  if (typeId !== 5) throw new DecodeError(`input ${i}: unknown input type ID ${typeId} (known: 5 transfer input)`)
  const amount = r.u64(`input ${i} amount`).toString()
  const n = r.count(`input ${i} signature indices`, 4)
  const signatureIndices: number[] = []
  for (let k = 0; k < n; k++) signatureIndices.push(r.u32(`input ${i} signature index`))
  return { kind: 'utxo', utxoID: utxoIdOf(txId, outputIndex), txID: encodeCb58(txId), outputIndex, assetID, amount, signatureIndices }
}

function burnedOf(inputs: AtomicInput[], outputs: AtomicOutput[]): { assetID: string; amount: string }[] {
  const sums = new Map<string, bigint>()
  for (const i of inputs) sums.set(i.assetID, (sums.get(i.assetID) ?? 0n) + BigInt(i.amount))
  for (const o of outputs) sums.set(o.assetID, (sums.get(o.assetID) ?? 0n) - BigInt(o.amount))
  return [...sums].map(([assetID, amount]) => ({ assetID, amount: amount.toString() }))
}

/** Decodes signed atomic tx bytes (checksum already removed); throws DecodeError with the reason. */
export function decodeAtomicTxBytes(bytes: Uint8Array, owners: OwnerFormat): DecodedAtomicTx {
  const r = new ByteReader(bytes)
  const codecVersion = readCodecVersion(r)
  const typeId = r.u32('tx type ID')
  const type = TX_TYPES[typeId as 0 | 1]
  if (!type) throw new DecodeError(`unknown atomic tx type ID ${typeId} (known: 0 ImportTx, 1 ExportTx)`)
  const networkID = r.u32('network ID')
  const blockchainID = encodeCb58(r.bytes(32, 'blockchainID'))
  const chain = encodeCb58(r.bytes(32, type === 'ImportTx' ? 'source chain' : 'destination chain'))
  const inputs: AtomicInput[] = []
  const outputs: AtomicOutput[] = []
  if (type === 'ImportTx') {
    for (let i = 0, n = r.count('imported inputs', 84); i < n; i++) inputs.push(readImportedInput(r, i))
    for (let i = 0, n = r.count('EVM outputs', 60); i < n; i++) {
      const address = evmHex(r.bytes(20, `output ${i} address`))
      const amount = r.u64(`output ${i} amount`).toString()
      outputs.push({ kind: 'evm', address, amount, assetID: encodeCb58(r.bytes(32, `output ${i} assetID`)) })
    }
  } else {
    for (let i = 0, n = r.count('EVM inputs', 68); i < n; i++) {
      const address = evmHex(r.bytes(20, `input ${i} address`))
      const amount = r.u64(`input ${i} amount`).toString()
      const assetID = encodeCb58(r.bytes(32, `input ${i} assetID`))
      inputs.push({ kind: 'evm', address, amount, assetID, nonce: r.u64(`input ${i} nonce`).toString() })
    }
    for (let i = 0, n = r.count('exported outputs', 48); i < n; i++) {
      const assetID = encodeCb58(r.bytes(32, `output ${i} assetID`))
      const out = readOutput(r, r.u32(`output ${i} type ID`), owners)
      outputs.push({ kind: 'utxo', assetID, ...out })
    }
  }
  let signatures = 0
  const credentials = r.count('credentials', 8)
  for (let i = 0; i < credentials; i++) {
    const typeId = r.u32(`credential ${i} type ID`)
    if (typeId !== 9) throw new DecodeError(`credential ${i}: unknown credential type ID ${typeId} (known: 9 secp256k1)`)
    const k = r.count(`credential ${i} signatures`, 65)
    r.bytes(65 * k, `credential ${i} signatures`)
    signatures += k
  }
  r.end('transaction')
  return {
    txID: encodeCb58(sha256(bytes)),
    type,
    codecVersion,
    networkID,
    blockchainID,
    ...(type === 'ImportTx' ? { sourceChain: chain } : { destinationChain: chain }),
    inputs,
    outputs,
    credentials,
    signatures,
    burned: burnedOf(inputs, outputs),
    size: bytes.length
  }
}

export function decodeAtomicTxHex(text: string, owners: OwnerFormat): DecodedAtomicTx {
  return decodeAtomicTxBytes(bytesOfHex(text.trim(), 'transaction'), owners)
}

/** The txID of signed tx text without decoding the rest (checksum still checked). */
export function txIdOfHex(text: string): string {
  return encodeCb58(sha256(bytesOfHex(text.trim(), 'transaction')))
}
