/**
 * Parameter schemas of the data and metrics services' endpoints: path values, query parameters and
 * their rules (spec "Endpoints" and "Limits"). Each one refuses bad input with a message that says what
 * to give instead, before any request is made.
 */
import { z } from 'zod'
import { CURRENCIES, NETWORKS } from './common'

/** Page-size rules of the spec's Limits table. */
export const PAGE_RULES = {
  standard: { min: 1, max: 100, default: 10 },
  subnets: { min: 1, max: 10_000, default: 100 },
  balances: { min: 1, max: 500, default: 10 },
  nftHolders: { min: 1, max: 5_000, default: 1_000 }
} as const

export type PageRule = (typeof PAGE_RULES)[keyof typeof PAGE_RULES]

/**
 * A strict parameter object: an unknown parameter is refused, naming the ones the endpoint takes
 * (a typo such as `pagesize` must not silently fall back to the default).
 */
export function strictParams<S extends z.ZodRawShape>(shape: S, what = 'parameter') {
  const allowed = Object.keys(shape)
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code === 'unrecognized_keys') {
        const takes = allowed.length > 0 ? `it takes ${allowed.join(', ')}` : `it takes no ${what}s`
        return `unknown ${what}${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: ${takes}`
      }
      if (iss.code === 'invalid_type') return `the ${what}s must be an object`
      return undefined
    }
  })
}

/** pageSize: an integer within the endpoint's range; the spec's default when omitted. */
export function pageSize(rule: PageRule) {
  const text = `pageSize must be a whole number from ${rule.min} to ${rule.max} (default ${rule.default})`
  return z
    .number({ error: text })
    .int({ error: text })
    .min(rule.min, { error: text })
    .max(rule.max, { error: text })
    .default(rule.default)
}

/** pageToken: the nextPageToken of the previous page, as given. */
export const pageToken = z.string({ error: 'pageToken must be the nextPageToken of the previous page' }).min(1, { error: 'pageToken must not be empty: omit it for the first page' })

/** startKey: the real (deprecated) avg_tps route's page key, the nextPageStartKey of the previous page, as given. */
export const startKey = z.string({ error: 'startKey must be the nextPageStartKey of the previous page' }).min(1, { error: 'startKey must not be empty: omit it for the first page' })

export const network = z.enum(NETWORKS, { error: `network must be one of ${NETWORKS.join(', ')}` })
export const sortOrder = z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' })
export const currency = z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(', ')}` })

export function flag(name: string) {
  return z.boolean({ error: `${name} must be true or false` })
}

/** An integer >= 0 (UNIX seconds, block numbers). */
export function nonNegativeInt(name: string, what = 'a whole number') {
  const text = `${name} must be ${what} >= 0`
  return z.number({ error: text }).int({ error: text }).min(0, { error: text })
}

/** The last second of the year 9999: a UNIX time in seconds past it is a mistake, most often milliseconds. */
export const MAX_UNIX_SECONDS = 253_402_300_799

/**
 * A UNIX time in whole seconds, 0 to the end of the year 9999. One past that says why it is refused (and
 * that it looks like milliseconds when it would be a time in them), rather than only ">= 0".
 */
export function unixSeconds(name: string) {
  const text = `${name} must be a UNIX time in whole seconds >= 0`
  const why = (iss: { input?: unknown }): string => {
    const v = iss.input
    if (typeof v !== 'number' || !(v > MAX_UNIX_SECONDS)) return text
    const asMs = v <= MAX_UNIX_SECONDS * 1000 ? ': it looks like a time in milliseconds; divide it by 1000' : ''
    return `${name} is past the year 9999 as a UNIX time in seconds (at most ${MAX_UNIX_SECONDS})${asMs}`
  }
  return z.number({ error: text }).int({ error: why }).min(0, { error: text }).max(MAX_UNIX_SECONDS, { error: why })
}

/** A non-empty text filter without surrounding spaces. */
export function text(name: string) {
  return z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} must not be empty: omit it instead` })
    .regex(/^\S(.*\S)?$/, { error: `${name} must not start or end with spaces` })
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

export function evmAddress(name: string) {
  return z.string({ error: `${name} must be a string` }).regex(EVM_ADDRESS, { error: `${name} must be an EVM address: 0x followed by 40 hex digits` })
}

/** An EVM chain id (decimal, e.g. 43114) or the base58 blockchain id of a supported EVM chain. */
export function evmChainId(name = 'chainId') {
  return z
    .string({ error: `${name} must be a string` })
    .refine((v) => /^\d{1,20}$/.test(v) || (BASE58.test(v) && v.length >= 32 && v.length <= 60), {
      error: `${name} must be an EVM chain id such as 43114, or a base58 blockchain id`
    })
}

/** A base58 (cb58) id: blockchain, subnet, transaction or validation id. */
export function cb58Id(name: string, what = 'a cb58 id') {
  return z
    .string({ error: `${name} must be a string` })
    .refine((v) => BASE58.test(v) && v.length >= 32 && v.length <= 60, { error: `${name} must be ${what}` })
}

/** A Primary Network blockchain given by alias (p-chain, x-chain, c-chain) or base58 id. */
export function primaryBlockchainId(aliases: readonly string[]) {
  const refusal = `blockchainId must be ${aliases.join(', ')} or the base58 id of that chain`
  return z
    .string({ error: refusal })
    .refine((v) => aliases.includes(v) || (BASE58.test(v) && v.length >= 32 && v.length <= 60), { error: refusal })
}

const NODE_ID = /^NodeID-[1-9A-HJ-NP-Za-km-z]{20,60}$/
export function nodeId(name: string) {
  return z.string({ error: `${name} must be a string` }).regex(NODE_ID, { error: `${name} must be a node id of the form NodeID-<cb58>` })
}

/**
 * A list parameter, sent comma-separated: given as an array, or as one comma-separated string. Each
 * item is checked on its own; an empty list is refused (omit the parameter instead).
 */
export function list<I extends z.ZodType<string, string>>(name: string, item: I) {
  return z
    .union([z.string(), z.array(z.string())], { error: `${name} must be a list of strings (an array, or one comma-separated string)` })
    .transform((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v))
    .pipe(z.array(item).min(1, { error: `${name} must hold at least one value: omit it instead` }))
}

/** An item of a list parameter: no commas (the list is sent comma-separated), no spaces. */
export function listItem(name: string) {
  return z.string().regex(/^[^,\s]+$/, { error: `each value of ${name} must be non-empty, without commas or spaces` })
}
