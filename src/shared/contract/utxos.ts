import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { errorDataSchema } from '../rpc/errors'
import { CB58_TEXT, chainAddressSchema, cb58IdSchema } from '../domain/ids'
import { emptyInput, idSchema } from './common'
import { defineCachedRead } from './envelope'
import { chainAliasSchema } from './info'
import { jobStartedSchema } from './jobs'

/**
 * The native-asset API (core. at /ext/bc/C/core): UTXOs waiting in the C-Chain's shared memory,
 * atomic txs (look up, status, watch) and issuing a signed one exactly once. UTXOs and txs are
 * decoded from the node's hex (src/shared/codec) and shown beside their raw form.
 */
const decimal = z.string().regex(/^\d+$/).max(40)
const cb58 = z.string().regex(CB58_TEXT).max(60)
const hexText = z.string().regex(/^0x[0-9a-fA-F]*$/).max(2_000_000)
const shortText = z.string().max(300)

/** The node caps a page at 1024 UTXOs and 1024 addresses. */
export const MAX_UTXO_PAGE = 1024

export const decodedUtxoSchema = z
  .object({
    utxoID: cb58,
    codecVersion: z.number().int(),
    txID: cb58,
    outputIndex: z.number().int().nonnegative(),
    assetID: cb58,
    outputTypeID: z.number().int(),
    outputType: shortText,
    amount: decimal,
    locktime: decimal,
    threshold: z.number().int().nonnegative(),
    addresses: z.array(shortText).max(1_000),
    bytesHex: hexText
  })
  .strict()

export const utxoViewSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), hex: hexText, utxo: decodedUtxoSchema }).strict(),
  z.object({ ok: z.literal(false), hex: hexText, reason: z.string().max(500) }).strict()
])

const indexSchema = z.object({ address: z.string().min(1).max(200), utxo: z.string().min(1).max(100) }).strict()

export const utxoQuerySchema = z
  .object({
    addresses: z.array(chainAddressSchema).min(1, 'give at least one address').max(MAX_UTXO_PAGE, `at most ${MAX_UTXO_PAGE} addresses`),
    /** X, P or a blockchain id the UTXOs were exported from */
    sourceChain: chainAliasSchema
  })
  .strict()

export const totalsSchema = z
  .object({
    byAsset: z.array(z.object({ assetID: cb58, amount: decimal, count: z.number().int() }).strict()).max(10_000),
    byAddress: z.array(z.object({ address: shortText, assetID: cb58, amount: decimal, count: z.number().int() }).strict()).max(100_000)
  })
  .strict()

export const utxoPageSchema = z
  .object({
    utxos: z.array(utxoViewSchema).max(MAX_UTXO_PAGE),
    /** what the node said it fetched (the repeated start UTXO included) */
    numFetched: decimal,
    endIndex: indexSchema,
    /** the first UTXO was the one startIndex named (real nodes send it again): left out here */
    repeatDropped: z.boolean(),
    /** no UTXO after startIndex: the list has ended */
    last: z.boolean()
  })
  .strict()

export const utxoSetSchema = z
  .object({
    addresses: z.array(shortText),
    sourceChain: shortText,
    /** when the last "load all" finished or stopped; null: never loaded */
    loadedAt: z.number().int().nullable(),
    complete: z.boolean(),
    /** how many UTXOs the set holds; `utxos` is the part of them from `offset` on that was asked for */
    total: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    utxos: z.array(utxoViewSchema).max(200_000),
    invalid: z.number().int(),
    totals: totalsSchema
  })
  .strict()

export const atomicInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('utxo'), utxoID: cb58, txID: cb58, outputIndex: z.number().int(), assetID: cb58, amount: decimal, signatureIndices: z.array(z.number().int()).max(1_000) }).strict(),
  z.object({ kind: z.literal('evm'), address: shortText, assetID: cb58, amount: decimal, nonce: decimal }).strict()
])
export const atomicOutputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('evm'), address: shortText, assetID: cb58, amount: decimal }).strict(),
  z.object({ kind: z.literal('utxo'), assetID: cb58, amount: decimal, locktime: decimal, threshold: z.number().int(), addresses: z.array(shortText).max(1_000) }).strict()
])
export const decodedAtomicTxSchema = z
  .object({
    txID: cb58,
    type: z.enum(['ImportTx', 'ExportTx']),
    codecVersion: z.number().int(),
    networkID: z.number().int(),
    blockchainID: cb58,
    sourceChain: cb58.optional(),
    destinationChain: cb58.optional(),
    inputs: z.array(atomicInputSchema).max(10_000),
    outputs: z.array(atomicOutputSchema).max(10_000),
    credentials: z.number().int(),
    signatures: z.number().int(),
    burned: z.array(z.object({ assetID: cb58, amount: z.string().regex(/^-?\d+$/).max(41) }).strict()).max(100),
    size: z.number().int()
  })
  .strict()

export const atomicTxSchema = z
  .object({
    txID: cb58,
    hex: hexText,
    blockHeight: decimal.optional(),
    decoded: decodedAtomicTxSchema.optional(),
    /** why the bytes do not decode (the hex is still shown) */
    decodeError: z.string().max(500).optional()
  })
  .strict()

export const txStatusSchema = z.object({ txID: cb58, status: shortText, blockHeight: decimal.optional() }).strict()
export const FINAL_STATUSES = ['Accepted', 'Dropped'] as const

export const watchSchema = z
  .object({
    txID: cb58,
    state: z.enum(['watching', 'done', 'stopped']),
    startedAt: z.number().int(),
    endedAt: z.number().int().optional(),
    /** every status seen, when it was first seen */
    timeline: z.array(z.object({ at: z.number().int(), status: shortText, blockHeight: decimal.optional() }).strict()).max(1_000),
    /** the last poll failed: why (the watch goes on) */
    lastError: errorDataSchema.optional()
  })
  .strict()
export type Watch = z.infer<typeof watchSchema>

/**
 * pending: written, not answered; accepted: the node took it (answered its txID); refused: the node
 * said no (byNode), or it was never sent; unknown: sent and no answer came: not resent, its status is watched.
 * Every send is its own journal record.
 */
export const issueOutcomeSchema = z.enum(['pending', 'accepted', 'refused', 'unknown'])
export const issuedTxSchema = z
  .object({
    id: idSchema,
    node: shortText,
    txID: cb58,
    hex: hexText,
    requestedAt: z.number().int(),
    finishedAt: z.number().int().optional(),
    outcome: issueOutcomeSchema,
    /** refused only: true when the node received it and answered no (its words in error), false when it never left the app (not sent) */
    byNode: z.boolean().optional(),
    error: errorDataSchema.optional(),
    watch: watchSchema.optional()
  })
  .strict()
export type IssuedTx = z.infer<typeof issuedTxSchema>

/** A refusal the node itself answered (a JSON-RPC error, an HTTP status), not one that never left the app. */
export function answeredByNode(e: { code: string; details?: unknown }): boolean {
  if (e.code === 'RPC') return true
  const status = (e.details as { status?: unknown } | undefined)?.status
  return e.code !== 'NETWORK' && e.code !== 'BAD_INPUT' && e.code !== 'DISCONNECTED' && typeof status === 'number'
}

/** Signed tx text as the node takes it: 0x, hex digits, a 4-byte checksum at the end. */
export const signedTxHexSchema = z
  .string()
  .trim()
  .min(1, 'is required: paste the signed transaction in hex (0x…)')
  .max(2_000_000, 'is too long for an atomic transaction')
  .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x followed by an even number of hex digits')

export const coreMethods = {
  'core.getUTXOs': defineCachedRead({
    summary: "One page of UTXOs sent to the addresses from a chain, decoded (next page: pass the page's endIndex as startIndex)",
    from: 'node',
    input: utxoQuerySchema.extend({
      limit: z.number().int().min(1, 'must be at least 1').max(MAX_UTXO_PAGE, `must be at most ${MAX_UTXO_PAGE} (the node's cap)`).default(MAX_UTXO_PAGE),
      startIndex: indexSchema.optional()
    }),
    data: utxoPageSchema
  }),
  'core.loadAllUTXOs': defineMethod({
    summary: 'Load every UTXO of the addresses from a chain, page by page, as a job (progress, cancel); read it with core.utxoSet',
    effect: 'read',
    input: utxoQuerySchema.extend({ pageSize: z.number().int().min(1).max(MAX_UTXO_PAGE).default(MAX_UTXO_PAGE) }),
    output: jobStartedSchema
  }),
  'core.utxoSet': defineMethod({
    summary:
      'The UTXOs the last "load all" kept for these addresses and chain, decoded, with totals per asset and address (of the whole set); offset and limit read it in parts (a set of 100,000 is ~90 MB as one answer)',
    effect: 'read',
    input: utxoQuerySchema.extend({
      offset: z.number().int().min(0, 'must be 0 or more').default(0),
      limit: z.number().int().min(1, 'must be at least 1').max(200_000, 'must be at most 200000').default(200_000)
    }),
    output: utxoSetSchema
  }),
  'core.utxoSets': defineMethod({
    summary: 'The address sets "load all" kept for the active node, newest first, with when each was loaded and how many UTXOs it holds',
    effect: 'read',
    input: z.object({ limit: z.number().int().min(1).max(500).default(50) }).strict(),
    output: z
      .object({
        sets: z.array(z.object({ addresses: z.array(shortText).max(MAX_UTXO_PAGE), sourceChain: shortText, loadedAt: z.number().int(), complete: z.boolean(), count: z.number().int() }).strict()).max(500)
      })
      .strict()
  }),
  'core.exportUTXOs': defineMethod({
    summary: 'The kept UTXO set as CSV or JSON text',
    effect: 'read',
    input: utxoQuerySchema.extend({ format: z.enum(['csv', 'json'], { message: 'must be csv or json' }) }),
    output: z.object({ filename: shortText, mime: shortText, text: z.string().max(200_000_000), rows: z.number().int() }).strict()
  }),
  'core.getAtomicTx': defineCachedRead({
    summary: 'An atomic tx by id: its hex, decoded, and the block height once accepted',
    from: 'node',
    input: z.object({ txID: cb58IdSchema }).strict(),
    data: atomicTxSchema
  }),
  'core.getAtomicTxStatus': defineCachedRead({
    summary: 'The status of an atomic tx: Accepted (with height), Processing, Dropped or Unknown',
    from: 'node',
    input: z.object({ txID: cb58IdSchema }).strict(),
    data: txStatusSchema
  }),
  'core.watchTx': defineMethod({
    summary: 'Poll the status of an atomic tx until it is final, keeping its timeline (survives a restart)',
    effect: 'local',
    input: z.object({ txID: cb58IdSchema }).strict(),
    output: watchSchema,
    invalidates: ['core.watches']
  }),
  'core.watches': defineMethod({
    summary: 'The status watches of the active node, newest first, with their timelines',
    effect: 'read',
    input: emptyInput,
    output: z.object({ watches: z.array(watchSchema).max(1_000) }).strict()
  }),
  'core.issueTx': defineMethod({
    summary:
      'Issue a signed atomic tx (hex with checksum): journaled first (each send its own record), sent once, never resent; refused if these bytes were issued before and not refused, and, unless sendAgain is true, if the node refused them before or the app has seen the tx Accepted',
    effect: 'node',
    input: z
      .object({
        tx: signedTxHexSchema,
        /** The explicit second choice: send bytes the node refused before, or of a tx the app has seen Accepted. */
        sendAgain: z.boolean().optional()
      })
      .strict(),
    output: issuedTxSchema,
    invalidates: ['core.journal', 'core.watches']
  }),
  'core.journal': defineMethod({
    summary: 'Every atomic tx issued through the app to the active node, newest first, with its outcome and watch',
    effect: 'read',
    input: z.object({ limit: z.number().int().min(1).max(1_000).default(100) }).strict(),
    output: z.object({ entries: z.array(issuedTxSchema) }).strict()
  }),
  'core.version': defineCachedRead({
    summary: "The C-Chain VM version from core.version, or that the node no longer offers it (removed in avalanchego v1.14.1)",
    from: 'node',
    input: emptyInput,
    data: z.object({ offered: z.boolean(), version: shortText.optional() }).strict()
  })
} as const
