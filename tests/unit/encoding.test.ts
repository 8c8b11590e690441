import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeCb58, decodeHexChecksum, encodeCb58, encodeHexChecksum, bytesToHex } from '../../src/shared/domain/encoding'
import { nodeIdSchema, cb58IdSchema } from '../../src/shared/domain/ids'
import { nodeReferenceDir } from '../support/shared'

const ref = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(nodeReferenceDir(), name), 'utf8')) as Record<string, unknown>

describe('cb58', () => {
  const vectors = ref('reference.encoding-cb58.json').test_vectors_verified_by_collector as Array<{ bytes_hex: string; cb58: string }>

  it.each(vectors.filter((v) => v.bytes_hex && v.cb58))('round-trips the reference vector $cb58', (v) => {
    const bytes = Uint8Array.from(Buffer.from(v.bytes_hex.replace(/^0x/, ''), 'hex'))
    expect(encodeCb58(bytes)).toBe(v.cb58)
    expect(bytesToHex(decodeCb58(v.cb58))).toBe('0x' + v.bytes_hex.replace(/^0x/, '').toLowerCase())
  })

  it('rejects a wrong checksum', () => {
    const good = encodeCb58(new Uint8Array(32).fill(7))
    const bad = good.slice(0, -1) + (good.endsWith('1') ? '2' : '1')
    expect(() => decodeCb58(bad)).toThrow(/checksum/)
  })
})

describe('hex with checksum', () => {
  it('verifies the real UTXO of core.getUTXOs.1', () => {
    const utxo = (ref('core.getUTXOs.1.json').response as { result: { utxos: string[] } }).result.utxos[0]!
    const data = decodeHexChecksum(utxo)
    expect(encodeHexChecksum(data)).toBe(utxo.toLowerCase())
  })
  it('rejects a flipped byte', () => {
    const text = encodeHexChecksum(Uint8Array.from([1, 2, 3]))
    expect(() => decodeHexChecksum(text.slice(0, 2) + 'ff' + text.slice(4))).toThrow(/checksum/)
  })
})

describe('id schemas', () => {
  it('accepts a real NodeID and says what is wrong with bad ones', () => {
    const real = 'NodeID-' + encodeCb58(new Uint8Array(20).fill(9))
    expect(nodeIdSchema.safeParse(real).success).toBe(true)
    const missing = nodeIdSchema.safeParse('7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]?.message).toMatch(/must start with "NodeID-"/)
    expect(nodeIdSchema.safeParse('NodeID-abc').success).toBe(false)
  })
  it('accepts the all-zero id and refuses a 20-byte value as a 32-byte id', () => {
    expect(cb58IdSchema.safeParse('11111111111111111111111111111111LpoYY').success).toBe(true)
    expect(cb58IdSchema.safeParse(encodeCb58(new Uint8Array(20))).success).toBe(false)
  })
})
