/**
 * Building blocks of the data and metrics services' response schemas (shared/reference/data-service).
 *
 * Policy, the same in every file of this folder:
 * - Objects are loose: a newer server may add fields; they pass through untouched.
 * - Fields we know are checked for their type. Large quantities are decimal strings, as the servers send
 *   them; counts, heights and timestamps are integers within 2^53 (zod's int() refuses anything beyond,
 *   so a quantity JS cannot hold exactly is never passed on as a number).
 * - A field is optional where the reference schema does not require it.
 * - Enumerations a newer server may extend (transaction types, statuses, reputations) are accepted as
 *   strings, their known values listed beside them; values that choose a record's shape (ercType, ICM
 *   status, C-Chain txType) are literals.
 * - Where the spec and the reference disagree (reference/data-service README §5; the sim answers as the
 *   spec), both forms are accepted and normalised to one.
 */
import { z } from 'zod'

/** An integer within 2^53: timestamps (UNIX seconds), heights, counts, indexes, decimals. */
export const int = z.number().int()
/** A non-negative integer within 2^53. */
export const uint = z.number().int().nonnegative()
/** UNIX seconds. */
export const timestamp = uint
/** A decimal or hex quantity the server sends as a string (amounts, balances, block numbers, gas). */
export const quantity = z.string()

/**
 * A string enumeration that a newer server may extend: the values we know are listed for the reader
 * (and for the UI), any string is accepted.
 */
export function openEnum<const T extends readonly string[]>(known: T): z.ZodString {
  return z.string().describe(`one of ${known.join(', ')} (or a value added later)`)
}

export const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const
export const network = openEnum(NETWORKS)

export const CURRENCIES = ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'] as const

/** A number written without an exponent, so it reads and parses back the same everywhere. */
export function plainDecimal(n: number): string {
  const s = String(n)
  if (!/e/i.test(s)) return s
  // 1e-7 -> "0.0000001"; 1e21 -> "1000000000000000000000" (only reached for absurd prices)
  return Math.abs(n) < 1 ? n.toFixed(20).replace(/\.?0+$/, '') : BigInt(Math.round(n)).toString()
}

/**
 * A decimal value the spec writes as a string and the reference as a number (Money.value, README §5):
 * both accepted, always given on as a decimal string.
 */
export const decimalString = z
  .union([z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'expected a decimal number' }), z.number().refine(Number.isFinite, { error: 'expected a finite number' })])
  .transform((v) => (typeof v === 'number' ? plainDecimal(v) : v))

/** Money / Price: { currencyCode, value }. */
export const money = z.looseObject({
  currencyCode: openEnum(CURRENCIES),
  value: decimalString
})

/** An ERC-20 token as the data service describes it (a balance of it, an ICM relayer's fee in it). */
export const erc20TokenFields = {
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: uint,
  logoUri: z.string().optional(),
  ercType: z.literal('ERC-20'),
  price: money.optional()
}

/** PrimaryNetworkAssetType: secp256k1, nft. */
export const ASSET_TYPES = ['secp256k1', 'nft'] as const

/** AssetAmount: an amount of one Primary Network asset. */
export const assetAmount = z.looseObject({
  assetId: z.string(),
  name: z.string(),
  symbol: z.string(),
  denomination: uint,
  type: openEnum(ASSET_TYPES),
  amount: quantity
})

/** PrimaryNetworkChainInfo: which Primary Network chain of which network a list is about. */
export const primaryChainInfo = z.looseObject({
  chainName: openEnum(['p-chain', 'x-chain', 'c-chain'] as const),
  network
})

/** The page token of a further page: present (and non-empty) only when one exists. */
export const nextPageToken = z.string().min(1, { error: 'an empty nextPageToken: the server must omit it on the last page' }).optional()

/** `{ nextPageToken?, [listField]: item[] }` plus any other fields of the list's envelope. */
export function listEnvelope<K extends string, I extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(listField: K, item: I, extra?: X) {
  return z.looseObject({
    nextPageToken,
    ...(extra ?? ({} as X)),
    ...({ [listField]: z.array(item) } as { [P in K]: z.ZodArray<I> })
  })
}

/** A free-form JSON object (e.g. L1 validator BLS credentials, whose contents the spec does not show). */
export const jsonObject = z.record(z.string(), z.unknown())
