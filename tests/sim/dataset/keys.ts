/**
 * The data set's own secp256k1 keys. Most addresses of the data set are random 20-byte IDs nobody holds
 * a key for (like most of a real network, from the sim's point of view); the "signer" address is made
 * from a private key the data set knows, so the sim can check real signatures and tests can build a
 * correctly signed atomic tx. Addresses follow avalanchego: ripemd160(sha256(compressed public key));
 * the EVM address of the same key is keccak256(uncompressed key)[12:].
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { toHex } from '../lib/bytes'
import { sha256 } from '../lib/hash'

export interface KeyPair {
  privateKey: Uint8Array
  /** 20-byte short ID (the X/P/C bech32 address payload) */
  shortId: Uint8Array
  /** 0x EVM address (lower case) */
  evm: string
}

export function shortIdOfPublicKey(compressed: Uint8Array): Uint8Array {
  return ripemd160(sha256(compressed))
}

export function evmAddressOfPublicKey(uncompressed: Uint8Array): string {
  return `0x${toHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`
}

export function keyPair(privateKey: Uint8Array): KeyPair {
  return {
    privateKey,
    shortId: shortIdOfPublicKey(secp256k1.getPublicKey(privateKey, true)),
    evm: evmAddressOfPublicKey(secp256k1.getPublicKey(privateKey, false)),
  }
}

/** The signer's key for a seed: sha256 of a fixed label and the seed (a valid scalar for every seed tried). */
export function signerKey(seed: number): KeyPair {
  return keyPair(sha256(new TextEncoder().encode(`node-operator-sim signer key, seed ${seed}`)))
}

/** avalanchego's 65-byte recoverable signature [r ‖ s ‖ v] over sha256(unsigned bytes). */
export function signUnsigned(unsigned: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const sig = secp256k1.sign(sha256(unsigned), privateKey, { lowS: true })
  const out = new Uint8Array(65)
  out.set(sig.toCompactRawBytes(), 0)
  out[64] = sig.recovery
  return out
}

/**
 * The public key that made `signature` over sha256(unsigned), or undefined when the signature is not a
 * valid one (all zeros, s not low, no point recovers). Real nodes refuse high-s signatures.
 */
export function recoverSigner(unsigned: Uint8Array, signature: Uint8Array): { shortId: Uint8Array; evm: string } | undefined {
  if (signature.length !== 65) return undefined
  const v = signature[64]!
  if (v > 1) return undefined
  try {
    const sig = secp256k1.Signature.fromCompact(signature.subarray(0, 64)).addRecoveryBit(v)
    if (sig.hasHighS()) return undefined
    const point = sig.recoverPublicKey(sha256(unsigned))
    return { shortId: shortIdOfPublicKey(point.toRawBytes(true)), evm: evmAddressOfPublicKey(point.toRawBytes(false)) }
  } catch {
    return undefined
  }
}
