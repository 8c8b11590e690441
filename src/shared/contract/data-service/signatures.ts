/**
 * Signature aggregation: the request body of POST .../aggregateSignatures with the spec's rules, and
 * the answer of both routes.
 */
import { z } from 'zod'
import { isCb58Id } from '../../domain/ids'

/** Hex bytes with an optional 0x prefix: an even number of hex digits, at least one byte. */
const hexBytes = (name: string) =>
  z
    .string({ error: `${name} must be a string of hex digits` })
    .regex(/^(0x)?([0-9a-fA-F]{2})+$/, { error: `${name} must be hex-encoded bytes (an even number of hex digits, optionally prefixed with 0x)` })

const percent = (name: string, def: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number from 0 to 100` })
    .min(0, { error: `${name} must be at least 0` })
    .max(100, { error: `${name} must be at most 100 (default ${def})` })

export const DEFAULT_QUORUM_PERCENTAGE = 67
export const DEFAULT_QUORUM_PERCENTAGE_BUFFER = 0

const HEX_ID = /^(0x)?[0-9a-fA-F]{64}$/

export const aggregateSignaturesBodyFields = {
  /** the unsigned Warp message */
  message: hexBytes('message').optional(),
  /** the justification the validators check the message against */
  justification: hexBytes('justification').optional(),
  /** default: the subnet of the message's source blockchain */
  signingSubnetId: z
    .string({ error: 'signingSubnetId must be a string' })
    .refine((v) => isCb58Id(v) || HEX_ID.test(v), { error: 'signingSubnetId must be a subnet id in cb58 or as 32 bytes of hex (optionally 0x-prefixed)' })
    .optional(),
  /** share of the signing subnet's weight that must sign (default 67) */
  quorumPercentage: percent('quorumPercentage', DEFAULT_QUORUM_PERCENTAGE).optional(),
  /** extra share of weight to try to collect beyond the quorum (default 0) */
  quorumPercentageBuffer: percent('quorumPercentageBuffer', DEFAULT_QUORUM_PERCENTAGE_BUFFER).optional(),
  /** 0 (default): validators at the proposed height; otherwise at this P-Chain height */
  pChainHeight: z
    .number({ error: 'pChainHeight must be a number' })
    .int({ error: 'pChainHeight must be a whole number' })
    .min(0, { error: 'pChainHeight must be 0 (the proposed height) or a P-Chain height' })
    .optional()
}

export const aggregateSignaturesBody = z
  .strictObject(aggregateSignaturesBodyFields, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: the body takes ${Object.keys(aggregateSignaturesBodyFields).join(', ')}`
        : iss.code === 'invalid_type'
          ? 'the body must be a JSON object'
          : undefined
  })
  .superRefine(checkAggregateRules)

type AggregateFields = { message?: string | undefined; justification?: string | undefined; quorumPercentage?: number | undefined; quorumPercentageBuffer?: number | undefined }

/** The rules across fields: exactly one of message or justification; quorum + buffer at most 100. */
export function checkAggregateRules(b: AggregateFields, ctx: z.RefinementCtx): void {
  const hasMessage = b.message !== undefined
  const hasJustification = b.justification !== undefined
  if (hasMessage === hasJustification) {
    ctx.addIssue({
      code: 'custom',
      path: hasMessage ? ['justification'] : ['message'],
      message: hasMessage ? 'give either message or justification, not both' : 'give exactly one of message or justification'
    })
  }
  const quorum = b.quorumPercentage ?? DEFAULT_QUORUM_PERCENTAGE
  const buffer = b.quorumPercentageBuffer ?? DEFAULT_QUORUM_PERCENTAGE_BUFFER
  if (quorum + buffer > 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['quorumPercentageBuffer'],
      message: `quorumPercentage (${quorum}${b.quorumPercentage === undefined ? ', the default' : ''}) + quorumPercentageBuffer (${buffer}) must be at most 100`
    })
  }
}

/** { signedMessage }: the signed Warp message, hex. */
export const signatureAggregationResponse = z.looseObject({ signedMessage: z.string().regex(/^(0x)?[0-9a-fA-F]*$/, { error: 'signedMessage must be hex' }) })
