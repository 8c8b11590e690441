/** Formatting of node IDs, UTXO IDs and the like. */
import { cb58Decode, cb58Encode } from './cb58'
import { sha256 } from './hash'
import { ByteWriter } from './bytes'

/** "NodeID-<cb58 of 20 bytes>" */
export function formatNodeId(shortId: Uint8Array): string {
  return `NodeID-${cb58Encode(shortId)}`
}

export function parseNodeId(text: string): Uint8Array {
  if (!text.startsWith('NodeID-')) throw new Error(`ID: ${text} is missing the prefix: NodeID-`)
  const b = cb58Decode(text.slice('NodeID-'.length))
  if (b.length !== 20) throw new Error(`expected 20 bytes but got ${b.length}`)
  return b
}

/** UTXO ID = sha256(uint64 BE outputIndex ‖ txID) (ids.ID.Prefix in avalanchego). */
export function utxoIdBytes(txId: Uint8Array, outputIndex: number): Uint8Array {
  return sha256(new ByteWriter().u64(outputIndex).bytes(txId).finish())
}
