import { z } from 'zod'
import { decodeBech32Address, decodeCb58 } from './encoding'

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
