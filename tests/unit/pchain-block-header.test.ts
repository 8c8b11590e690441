/**
 * The P-Chain block header read from a block's bytes, checked against the documented real blocks
 * (reference node-rpc platform.getBlock.1/.3 and their JSON twins .2/.4): ID, parent and height; a
 * Banff block's time; a bad checksum refused.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeBlockHeader } from '../../src/main/clients/node/platform'
import { encodeHexChecksum } from '../../src/shared/domain/encoding'
import { nodeReferenceDir } from '../support/shared'

const ref = (name: string) => JSON.parse(readFileSync(join(nodeReferenceDir(), name), 'utf8')) as any

describe('decodeBlockHeader', () => {
  it('reads ID, parent and height of the documented Apricot blocks', () => {
    for (const [hexCase, jsonCase] of [['platform.getBlock.1.json', 'platform.getBlock.2.json'], ['platform.getBlock.3.json', 'platform.getBlock.4.json']]) {
      const hex = ref(hexCase!)
      const json = ref(jsonCase!)
      const h = decodeBlockHeader(hex.response.result.block)
      expect(h.blockID).toBe(hex.request.params.blockID)
      expect(h.parentID).toBe(json.response.result.block.parentID)
      expect(h.height).toBe(String(json.response.result.block.height))
      expect(h.time).toBeUndefined()
    }
  })

  it('reads the time of a Banff block (type 32) and refuses a bad checksum or a short block', () => {
    const bytes = new Uint8Array(2 + 4 + 8 + 32 + 8 + 4)
    const v = new DataView(bytes.buffer)
    v.setUint32(2, 32)
    v.setBigUint64(6, 1_700_000_000n)
    bytes.fill(7, 14, 46)
    v.setBigUint64(46, 2n ** 63n + 5n)
    const h = decodeBlockHeader(encodeHexChecksum(bytes))
    expect(h).toMatchObject({ typeID: 32, time: '1700000000', height: (2n ** 63n + 5n).toString() })
    const good = encodeHexChecksum(bytes)
    expect(() => decodeBlockHeader(`${good.slice(0, -2)}00`)).toThrow()
    expect(() => decodeBlockHeader(encodeHexChecksum(new Uint8Array(20)))).toThrow(/too short/)
  })
})
