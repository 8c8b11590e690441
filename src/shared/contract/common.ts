import { z } from 'zod'
import { errorDataSchema } from '../rpc/errors'

// One wording for a missing field on every side (contract server, CLI, forms).
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined)
})

export const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const
export const networkSchema = z.enum(NETWORKS, { message: 'must be one of mainnet, fuji, testnet' })
export type Network = z.infer<typeof networkSchema>

/** Methods that take no input still reject unknown keys. */
export const emptyInput = z.object({}).strict()

/**
 * A base URL of a service. Credentials in a URL would be shown and logged, so they are refused:
 * the data-service key has its own field that is never sent to the renderer.
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048)
  .superRefine((v, ctx) => {
    let u: URL
    try {
      u = new URL(v)
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 80)}" is not a URL; write it like http://127.0.0.1:9650` })
      return
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: `must start with http:// or https:// (got ${u.protocol})` })
    if (u.username || u.password)
      ctx.addIssue({ code: 'custom', message: 'must not contain a user name or password' })
    if (u.search || u.hash) ctx.addIssue({ code: 'custom', message: 'must not contain ?query or #fragment' })
  })
  .transform((v) => v.replace(/\/+$/, ''))

export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id')

export { errorDataSchema }
