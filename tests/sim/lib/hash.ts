/** SHA-256 helpers (node:crypto): IDs on Avalanche chains are sha256 of the bytes they name. */
import { hash } from 'node:crypto'

/** One-shot crypto.hash is several times cheaper than createHash for the many small inputs here. */
export function sha256(data: Uint8Array): Uint8Array {
  return hash('sha256', data, 'buffer') as unknown as Uint8Array
}

/** The last 4 bytes of sha256(data): the checksum used by cb58 and by the API "hex" encoding. */
export function checksum4(data: Uint8Array): Uint8Array {
  return sha256(data).subarray(28, 32)
}
