import { z } from 'zod'
import { decodeBech32Address, decodeCb58, decodeHexChecksum } from './encoding'

/** The characters of cb58 (Bitcoin's base58 alphabet). */
export const CB58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/

/** An id as a node prints it in cb58, taken as text: a node's reply is not decoded id by id. */
export const cb58TextSchema = z.string().regex(CB58_TEXT, { error: 'expected a cb58 id' })

/** AvalancheGo "hex": 0x, the bytes, then their 4-byte sha256 checksum, which is checked. */
export const checksummedHexSchema = z.string().superRefine((v, ctx) => {
  if (!v.startsWith('0x')) return void ctx.addIssue({ code: 'custom', message: 'expected 0x-prefixed hex with a checksum' })
  try {
    decodeHexChecksum(v)
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `not checksummed hex: ${(e as Error).message}` })
  }
})

/** Whether text is a 32-byte id in cb58 (its checksum checked). */
export function isCb58Id(v: string): boolean {
  try {
    return decodeCb58(v).length === 32
  } catch {
    return false
  }
}

/** A 32-byte id in cb58 (txID, blockID, subnetID, blockchainID, assetID). */
export const cb58IdSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    try {
      if (decodeCb58(v).length !== 32) ctx.addIssue({ code: 'custom', message: 'must be a 32-byte cb58 id' })
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `must be a cb58 id: ${(e as Error).message}` })
    }
  })

/** NodeID-<cb58 of 20 bytes>, as the node prints it. */
export const nodeIdSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!v.startsWith('NodeID-')) {
      ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" must start with "NodeID-"` })
      return
    }
    try {
      if (decodeCb58(v.slice('NodeID-'.length)).length !== 20)
        ctx.addIssue({ code: 'custom', message: 'must hold a 20-byte node id after "NodeID-"' })
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not a valid NodeID: ${(e as Error).message}` })
    }
  })

/** A P-/X-Chain bech32 address with an optional chain prefix, e.g. P-avax1…; hrp is checked by services. */
export const chainAddressSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    try {
      if (decodeBech32Address(v).bytes.length !== 20) ctx.addIssue({ code: 'custom', message: 'must hold a 20-byte address' })
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 60)}" is not a bech32 address such as P-avax1…` })
    }
  })

export const evmAddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
