/** SHA-256 helpers (node:crypto): IDs on Avalanche chains are sha256 of the bytes they name. */
import { createHash } from 'node:crypto'

export function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest())
}

/** The last 4 bytes of sha256(data): the checksum used by cb58 and by the API "hex" encoding. */
export function checksum4(data: Uint8Array): Uint8Array {
  return sha256(data).subarray(28, 32)
}
