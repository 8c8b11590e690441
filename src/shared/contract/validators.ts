import { z } from 'zod'
import { cb58IdSchema, nodeIdSchema } from '../domain/ids'
import { defineMethod } from '../rpc/contract-types'
import { alertSchema } from './alerts'
import { emptyInput } from './common'
import { defineCachedRead } from './envelope'
import { watchSampleSchema } from './watch'

/**
 * The validators area: the profile's own validators first, the whole current set of a subnet, and
 * their history as the watch's checks kept it (the checks, their samples and the alert rules are the
 * areas `watch` and `alerts`). Amounts, weights and times are decimal strings (exact: a weight of
 * 2^64-1 nAVAX keeps every digit); uptime and fees are the node's decimal text.
 */
const uint = z.string().regex(/^\d+$/).max(40)
const percent = z.string().regex(/^\d+(\.\d+)?$/).max(40)
const shortText = z.string().max(200)
const hexText = z.string().regex(/^0x[0-9a-fA-F]*$/).max(1_000)

export const ownerSchema = z
  .object({ locktime: uint, threshold: uint, addresses: z.array(shortText).max(100) })
  .strict()
export type Owner = z.infer<typeof ownerSchema>

export const delegatorSchema = z
  .object({
    txID: shortText.optional(),
    nodeID: shortText,
    startTime: uint,
    endTime: uint,
    weight: uint,
    potentialReward: uint.optional(),
    rewardOwner: ownerSchema.optional()
  })
  .strict()
export type DelegatorView = z.infer<typeof delegatorSchema>

/** primary: a Primary Network validator; subnet: of a permissioned subnet; l1: an L1 validator (ACP-77). */
export const validatorKindSchema = z.enum(['primary', 'subnet', 'l1'])

export const validatorSchema = z
  .object({
    nodeID: shortText,
    kind: validatorKindSchema,
    txID: shortText.optional(),
    /** unix seconds */
    startTime: uint,
    endTime: uint.optional(),
    weight: uint,
    potentialReward: uint.optional(),
    accruedDelegateeReward: uint.optional(),
    /** percent, "2.0000" */
    delegationFee: percent.optional(),
    /** parts per million, when the node sends it */
    exactDelegationFee: uint.optional(),
    /** percent 0–100, "99.8750" */
    uptime: percent.optional(),
    connected: z.boolean().optional(),
    delegatorCount: uint.optional(),
    delegatorWeight: uint.optional(),
    validationRewardOwner: ownerSchema.optional(),
    delegationRewardOwner: ownerSchema.optional(),
    signer: z.object({ publicKey: hexText, proofOfPossession: hexText }).strict().optional(),
    // L1 validators
    validationID: shortText.optional(),
    publicKey: hexText.optional(),
    balance: uint.optional(),
    minNonce: uint.optional(),
    remainingBalanceOwner: ownerSchema.optional(),
    deactivationOwner: ownerSchema.optional()
  })
  .strict()
export type ValidatorView = z.infer<typeof validatorSchema>

/**
 * A validator as a table of the whole set shows it: a quarter of its bytes (a Primary Network validator's
 * signer key and proof, two reward owners and its staking tx are three quarters of it). What the table
 * sorts, filters and shows, its delegation fee and delegated weight.
 */
export function validatorTableRow(v: ValidatorView): ValidatorView {
  const row: ValidatorView = { nodeID: v.nodeID, kind: v.kind, startTime: v.startTime, weight: v.weight }
  if (v.endTime !== undefined) row.endTime = v.endTime
  if (v.delegationFee !== undefined) row.delegationFee = v.delegationFee
  if (v.uptime !== undefined) row.uptime = v.uptime
  if (v.connected !== undefined) row.connected = v.connected
  if (v.delegatorCount !== undefined) row.delegatorCount = v.delegatorCount
  if (v.delegatorWeight !== undefined) row.delegatorWeight = v.delegatorWeight
  return row
}

/** Omitted: the Primary Network. */
const subnetInput = cb58IdSchema.optional()

export const myValidatorsSchema = z
  .object({
    subnetID: shortText.nullable(),
    /** The NodeIDs asked for (the profile's unless given). */
    nodeIDs: z.array(shortText).max(100),
    validators: z.array(validatorSchema).max(100),
    /** Asked for, but not in the current set: the node leaves them out rather than erroring. */
    notValidating: z.array(shortText).max(100)
  })
  .strict()
export type MyValidators = z.infer<typeof myValidatorsSchema>

export const validatorSetSchema = z
  .object({
    subnetID: shortText.nullable(),
    validators: z.array(validatorSchema).max(100_000),
    /**
     * Exact sums. A Primary Network validator's `weight` is its own stake; consensus weighs it by its own
     * stake plus its delegators' (`delegatorWeight`): that is the total. Subnet and L1 validators have no
     * delegators (total = own).
     */
    totals: z
      .object({
        count: z.number().int().nonnegative(),
        /** own plus delegated: the weight consensus uses */
        totalWeight: uint,
        /** the validators' own stake (their `weight`) */
        ownWeight: uint,
        /** delegated to them (their `delegatorWeight`) */
        delegatedWeight: uint,
        /** Of those that report `connected`. */
        connectedCount: z.number().int().nonnegative(),
        /** own plus delegated, of the connected validators */
        connectedTotalWeight: uint,
        connectedOwnWeight: uint,
        reportingConnected: z.number().int().nonnegative()
      })
      .strict()
  })
  .strict()
export type ValidatorSet = z.infer<typeof validatorSetSchema>

export const validatorDetailSchema = z
  .object({
    subnetID: shortText.nullable(),
    validator: validatorSchema,
    /**
     * Absent: not known. An answer assembled offline from the validator's row of a cached set (validators.list,
     * validators.mine) has no delegator list: the node sends one only when asked for the validator itself.
     * Never an empty list for "not kept": [] says it has none.
     */
    delegators: z.array(delegatorSchema).max(100_000).optional()
  })
  .strict()

export const samplePointSchema = z
  .object({
    nodeID: shortText,
    /** ms since epoch */
    at: z.number().int(),
    validating: z.boolean(),
    uptime: percent.optional(),
    connected: z.boolean().optional()
  })
  .strict()
export type SamplePoint = z.infer<typeof samplePointSchema>

/** A subnet the node knows of (from its blockchains), with the chains it validates. */
export const subnetChoiceSchema = z
  .object({ subnetID: shortText, chains: z.array(z.object({ id: shortText, name: shortText }).strict()).max(1_000) })
  .strict()
export type SubnetChoice = z.infer<typeof subnetChoiceSchema>

export const validatorMethods = {
  'validators.mine': defineCachedRead({
    summary: "The current state of the profile's own validators (or of nodeIDs), in a subnet or the Primary Network",
    from: 'node',
    input: z.object({ subnetID: subnetInput, nodeIDs: z.array(nodeIdSchema).min(1).max(100).optional() }).strict(),
    data: myValidatorsSchema
  }),
  'validators.list': defineCachedRead({
    summary:
      "Every current validator of a subnet (the Primary Network by default), with totals; view 'table': each validator as the set's table shows it (no reward owners, signer key, staking tx, rewards or L1 balance owner: validators.get has them)",
    from: 'node',
    input: z.object({ subnetID: subnetInput, view: z.enum(['table']).optional() }).strict(),
    data: validatorSetSchema,
    views: { table: (set) => ({ ...set, validators: set.validators.map(validatorTableRow) }) }
  }),
  'validators.subnets': defineCachedRead({
    summary: 'The subnets the node knows of (by their blockchains), to choose whose validators to show',
    from: 'node',
    input: emptyInput,
    data: z.object({ subnets: z.array(subnetChoiceSchema).max(10_000) }).strict()
  }),
  'validators.get': defineCachedRead({
    summary: 'One current validator with its delegators, reward owners and signer key',
    from: 'node',
    input: z.object({ nodeID: nodeIdSchema, subnetID: subnetInput }).strict(),
    data: validatorDetailSchema
  }),
  'validators.refresh': defineMethod({
    summary:
      "Check the active profile's node now (the watch's check, as watch.check): keep its sample for the history, apply the alert rules, and answer the sample and the alerts this check fired and cleared",
    effect: 'local',
    input: emptyInput,
    output: z.object({ sample: watchSampleSchema, fired: z.array(alertSchema), cleared: z.array(alertSchema) }).strict(),
    invalidates: ['validators.mine', 'validators.history', 'watch.status', 'watch.samples', 'alerts.list']
  }),
  'validators.history': defineMethod({
    summary: "The Primary Network validators of the active profile as the watch's checks saw them: uptime and connected state over time",
    effect: 'read',
    input: z.object({ range: z.enum(['hour', 'day', 'week', 'all']).default('day'), nodeID: nodeIdSchema.optional() }).strict(),
    output: z
      .object({
        points: z.array(samplePointSchema).max(200_000),
        /**
         * The window asked for, in main's clock (ms since epoch): an hour, a day or a week back from now; for 'all',
         * from the oldest check kept (or now). A chart's time axis spans exactly this.
         */
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        /**
         * The checks in the window that did not read the validators (the node did not answer, or its
         * P-Chain did not): their state is unknown from then to the next check.
         */
        unknown: z
          .array(z.object({ at: z.number().int(), reachable: z.boolean(), error: z.string().max(500).optional() }).strict())
          .max(20_000)
          .optional()
      })
      .strict()
  })
} as const
