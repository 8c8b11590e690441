/**
 * Validator sets that sign Warp messages in the sim, and the choice of signers for a quorum.
 * Signatures are not real BLS: the sim has no BLS library, so the 96-byte signature is a hash of
 * the message and the signers. Everything else (bit set over the canonical validator order, weights,
 * quorum arithmetic, the signed-message layout) follows avalanchego's Warp format.
 */
import { createHash } from 'node:crypto'
import type { Dataset } from '../../dataset'
import { PRIMARY_NETWORK_ID } from '../../dataset'
import { ByteWriter, fromHex } from '../../lib/bytes'

export interface WarpValidator {
  nodeId: string
  /** 48-byte BLS public key, the canonical sort key */
  publicKey: Uint8Array
  weight: bigint
  connected: boolean
}

/** undefined when the subnet does not exist */
export function validatorSet(ds: Dataset, subnetId: string): WarpValidator[] | undefined {
  let set: WarpValidator[]
  if (subnetId === PRIMARY_NETWORK_ID) {
    set = ds.validators.map((v) => ({
      nodeId: v.nodeID,
      publicKey: fromHex(v.signer.publicKey),
      weight: v.weight + v.delegators.reduce((s, d) => s + d.weight, 0n),
      connected: v.connected,
    }))
  } else {
    const subnet = ds.subnetById(subnetId)
    if (!subnet) return undefined
    set = subnet.isL1
      ? ds.l1Validators.filter((v) => v.subnetId === subnetId && v.active).map((v) => ({ nodeId: v.nodeID, publicKey: fromHex(v.signer.publicKey), weight: v.weight, connected: true }))
      : subnet.subnetValidators.map((v) => ({
          nodeId: v.nodeID,
          // PoA subnet validators borrow a key derived from their node id (the data set gives them none)
          publicKey: new Uint8Array(createHash('sha384').update(v.nodeID).digest()),
          weight: v.weight,
          connected: v.connected,
        }))
  }
  return set.sort((a, b) => Buffer.compare(Buffer.from(a.publicKey), Buffer.from(b.publicKey)))
}

export class QuorumError extends Error {}

/**
 * Indexes (in canonical order) of the signers: connected validators, heaviest first, until the
 * signed weight reaches quorum + buffer percent; fails when even all of them stay below quorum.
 */
export function chooseSigners(set: readonly WarpValidator[], quorumPercentage: number, bufferPercentage: number): number[] {
  const total = set.reduce((s, v) => s + v.weight, 0n)
  const target = (total * BigInt(quorumPercentage + bufferPercentage) + 99n) / 100n
  const order = set.map((v, i) => ({ v, i })).filter((x) => x.v.connected).sort((a, b) => (b.v.weight > a.v.weight ? 1 : b.v.weight < a.v.weight ? -1 : a.i - b.i))
  const chosen: number[] = []
  let signed = 0n
  for (const { v, i } of order) {
    if (signed >= target) break
    chosen.push(i)
    signed += v.weight
  }
  if (signed * 100n < total * BigInt(quorumPercentage)) {
    throw new QuorumError(`failed to collect a threshold of signatures: ${signed} of ${total} weight (${quorumPercentage}% required)`)
  }
  return chosen.sort((a, b) => a - b)
}

/** BitSetSignature appended to the unsigned message: type 0, signer bit set, 96-byte signature */
export function signedMessage(unsigned: Uint8Array, set: readonly WarpValidator[], signers: readonly number[]): Uint8Array {
  const bits = new Uint8Array(signers.length === 0 ? 0 : Math.floor(Math.max(...signers) / 8) + 1)
  // avalanchego's set.Bits bytes are big-endian: bit i lives in byte (len-1 - i/8)
  for (const i of signers) bits[bits.length - 1 - Math.floor(i / 8)]! |= 1 << i % 8
  const h = createHash('sha512').update(unsigned)
  for (const i of signers) h.update(set[i]?.publicKey ?? new Uint8Array())
  const d = h.digest()
  const signature = Buffer.concat([d, createHash('sha256').update(d).digest()]).subarray(0, 96)
  return new ByteWriter().bytes(unsigned).u32(0).sized(bits).bytes(signature).finish()
}
