/** Unsigned Warp messages: codec version u16 (0), networkID u32, sourceChainID [32]byte, payload []byte. */
import { ByteReader, ByteWriter } from '../../lib/bytes'

export interface UnsignedWarp {
  networkId: number
  sourceChainId: Uint8Array
  payload: Uint8Array
}

export function parseUnsignedWarp(bytes: Uint8Array): UnsignedWarp {
  const r = new ByteReader(bytes)
  if (r.u16() !== 0) throw new Error('unknown codec version')
  const networkId = r.u32()
  const sourceChainId = r.bytes(32)
  const payload = r.bytes(r.u32())
  if (r.remaining !== 0) throw new Error('trailing bytes after the payload')
  return { networkId, sourceChainId, payload }
}

export function encodeUnsignedWarp(m: UnsignedWarp): Uint8Array {
  return new ByteWriter().u16(0).u32(m.networkId).bytes(m.sourceChainId).sized(m.payload).finish()
}
