/**
 * Run-time validator state of one sim node, changed through POST /__sim/validators (and Sim.validators):
 * connection overrides (disconnect / connect), uptimes set by hand, and the P-Chain clock moved forward
 * (advanceTime). The data set stays untouched (it is shared by every sim of the process); this state
 * is per node server and is read by platform.getCurrentValidators, info.peers and the health checks.
 *
 * The clock: the data set's clock (ds.now) plus the seconds advanced. A staker whose endTime is not
 * after the clock has left the current set (validators, their delegators, PoA subnet validators).
 * Uptime follows the clock as avalanchego computes it (share of the time since startTime the node was
 * connected): advancing by dt seconds gives u' = (u·(now−start) + (connected ? 100 : 0)·dt) / (now+dt−start).
 *
 * What /__sim/config sets here for the watch's rules (./watchKnobs): a validator's endTime moved to near the
 * clock (stakeEndsIn), validators taken out of the current set (removedValidators), L1 validator balances
 * and the continuous fee price. L1 balances drain as avalanchego's do: each validator has an end
 * accumulated fee, the chain accrues price × seconds as the clock moves, and the balance is the
 * difference (0 once spent).
 */
import { parseNodeId } from '../lib/ids'
import type { Dataset, Delegator, L1Validator, PrimaryValidator } from '../dataset'

/** How getCurrentValidators answers: as a real avalanchego node does (the default), or as the spec writes it. */
export type ValidatorShape = 'spec' | 'real'
/** a current node's shape, unless /__sim/config asks for the spec's */
export const DEFAULT_VALIDATOR_SHAPE: ValidatorShape = 'real'
export const VALIDATOR_SHAPES: readonly ValidatorShape[] = ['spec', 'real']

export const VALIDATOR_ACTIONS = ['disconnect', 'connect', 'setUptime', 'advanceTime'] as const
export type ValidatorActionName = (typeof VALIDATOR_ACTIONS)[number]

/** One change, as the body of POST /__sim/validators. */
export type ValidatorAction =
  | { action: 'disconnect'; nodeID: string }
  | { action: 'connect'; nodeID: string }
  /** uptime in percent, 0–100 (a number or a decimal string such as "73.5000") */
  | { action: 'setUptime'; nodeID: string; uptime: number | string }
  /** moves the P-Chain clock forward by this many whole seconds */
  | { action: 'advanceTime'; seconds: number }

/** What GET /__sim/validators (and every POST) answers: the state that differs from the data set. */
export interface ValidatorOverrides {
  /** the node's P-Chain clock, unix seconds (the data set's clock + advancedSeconds) */
  now: number
  /** seconds advanceTime has moved the clock so far */
  advancedSeconds: number
  /** validatorShape of the node's config: "spec" or "real" */
  validatorShape: ValidatorShape
  /** connection set by disconnect / connect, by NodeID */
  connected: Record<string, boolean>
  /** uptimes set by setUptime, by NodeID, as they are now (percent with 4 decimals; they move with the clock) */
  uptime: Record<string, string>
  /** Primary Network validators of the data set whose endTime the clock has passed (no longer current) */
  ended: string[]
}

/** At most ten years per advanceTime (the clock is a unix time; nothing validates that long). */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400

/**
 * The P-Chain's validator fee config on mainnet (platform.getValidatorFeeConfig, ACP-77): at most 20,000
 * L1 validators, target 10,000, minimum price 512 nAVAX per validator per second.
 */
export const VALIDATOR_FEE_CONFIG = { capacity: 20_000, target: 10_000, minPrice: 512, excessConversionConstant: 1_246_488_515 } as const

const KEYS: Record<ValidatorActionName, readonly string[]> = {
  disconnect: ['action', 'nodeID'],
  connect: ['action', 'nodeID'],
  setUptime: ['action', 'nodeID', 'uptime'],
  advanceTime: ['action', 'seconds'],
}

const PERCENT = /^\d+(\.\d+)?$/

function fail(message: string): never {
  throw new Error(`validators: ${message}`)
}

function nodeIdField(v: Record<string, unknown>): string {
  const id = v.nodeID
  if (typeof id !== 'string') fail('nodeID must be a NodeID string ("NodeID-<cb58>")')
  try {
    parseNodeId(id)
  } catch (e) {
    fail(`nodeID "${id.slice(0, 80)}" is not a well-formed NodeID: ${(e as Error).message}`)
  }
  return id
}

/** The uptime of setUptime as a number in [0, 100]; throws with the 400 message. */
export function parseUptime(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined
  const n = text !== undefined && (typeof value === 'number' ? Number.isFinite(value) : PERCENT.test(text)) ? Number(text) : NaN
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    fail(`uptime must be a percent from 0 to 100 (a number or a decimal string such as "73.5000"), got ${JSON.stringify(value) ?? String(value)}`)
  }
  return n
}

/** Checks the shape of one action (the NodeID is checked against the validator set by ValidatorState.apply). */
export function parseValidatorAction(value: unknown): ValidatorAction {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`body must be a JSON object with an "action" (one of ${VALIDATOR_ACTIONS.join(', ')})`)
  const v = value as Record<string, unknown>
  if (v.action === undefined) fail(`"action" is required (one of ${VALIDATOR_ACTIONS.join(', ')})`)
  if (typeof v.action !== 'string' || !(VALIDATOR_ACTIONS as readonly string[]).includes(v.action)) {
    fail(`unknown action ${JSON.stringify(v.action)} (one of ${VALIDATOR_ACTIONS.join(', ')})`)
  }
  const action = v.action as ValidatorActionName
  const allowed = KEYS[action]
  const extra = Object.keys(v).find((k) => !allowed.includes(k))
  if (extra !== undefined) fail(`unknown key "${extra}" for action "${action}" (allowed: ${allowed.join(', ')})`)
  switch (action) {
    case 'disconnect':
    case 'connect':
      return { action, nodeID: nodeIdField(v) }
    case 'setUptime': {
      const nodeID = nodeIdField(v)
      if (v.uptime === undefined) fail('setUptime needs "uptime" (percent 0–100)')
      parseUptime(v.uptime)
      return { action, nodeID, uptime: v.uptime as number | string }
    }
    case 'advanceTime': {
      const s = v.seconds
      if (typeof s !== 'number' || !Number.isInteger(s) || s <= 0 || s > MAX_ADVANCE_SECONDS) {
        fail(`seconds must be a whole number of seconds from 1 to ${MAX_ADVANCE_SECONDS} (the clock only moves forward), got ${JSON.stringify(s) ?? String(s)}`)
      }
      return { action, seconds: s }
    }
  }
}

export class ValidatorState {
  private advanced = 0
  private readonly connectedOverride = new Map<string, boolean>()
  /** uptime (percent) of every validator whose uptime differs from the data set's: set by hand or moved by the clock */
  private readonly uptimes = new Map<string, number>()
  private readonly uptimeSet = new Set<string>()
  private readonly byNode: Map<string, PrimaryValidator>
  /** endTime set by stakeEndsIn, by NodeID */
  private readonly endTimes = new Map<string, number>()
  /** taken out of the current set by removedValidators */
  private readonly removed = new Set<string>()
  private readonly l1ById: Map<string, L1Validator>
  /** end accumulated fee (balance + fees accrued when it was set) of L1 validators whose balance was set */
  private readonly l1End = new Map<string, bigint>()
  /** continuous fee per L1 validator per second (nAVAX), and the fees accrued up to accruedAt (clock seconds) */
  private price = BigInt(VALIDATOR_FEE_CONFIG.minPrice)
  private accrued = 0n
  private accruedAt: number

  constructor(
    private readonly ds: Dataset,
    /** the node's current validatorShape (shown in the overrides) */
    private readonly shape: () => ValidatorShape = () => DEFAULT_VALIDATOR_SHAPE,
  ) {
    this.byNode = new Map(ds.validators.map((v) => [v.nodeID, v]))
    this.l1ById = new Map(ds.l1Validators.filter((v) => v.active).map((v) => [v.validationId, v]))
    this.accruedAt = ds.now
  }

  /** the P-Chain clock, unix seconds */
  now(): number {
    return this.ds.now + this.advanced
  }

  /** seconds the clock has been moved forward */
  get advancedSeconds(): number {
    return this.advanced
  }

  /** whether a staker with this endTime is still current */
  isCurrent(endTime: number): boolean {
    return endTime > this.now()
  }

  /** connection of a validator (Primary Network or subnet) given what the data set says */
  connected(nodeID: string, base: boolean): boolean {
    return this.connectedOverride.get(nodeID) ?? base
  }

  /** uptime percent of a Primary Network validator, 4 decimals as avajson.Float32 prints it */
  uptime(v: PrimaryValidator): string {
    const u = this.uptimes.get(v.nodeID)
    return u === undefined ? v.uptime : u.toFixed(4)
  }

  /** a Primary Network validator's endTime: the data set's, or the one stakeEndsIn set */
  endTimeOf(v: PrimaryValidator): number {
    return this.endTimes.get(v.nodeID) ?? v.endTime
  }

  /** a delegator's endTime, never after its validator's when stakeEndsIn moved that */
  delegatorEndTime(v: PrimaryValidator, d: Delegator): number {
    const end = this.endTimes.get(v.nodeID)
    return end === undefined ? d.endTime : Math.min(d.endTime, end)
  }

  /** taken out of the current set by removedValidators (its subnet validations with it) */
  isRemoved(nodeID: string): boolean {
    return this.removed.has(nodeID)
  }

  /** whether a Primary Network validator is in the current set: not removed and its endTime after the clock */
  isCurrentValidator(v: PrimaryValidator): boolean {
    return !this.removed.has(v.nodeID) && this.isCurrent(this.endTimeOf(v))
  }

  /** the Primary Network validators current at the clock (data set order) */
  currentValidators(): PrimaryValidator[] {
    return this.ds.validators.filter((v) => this.isCurrentValidator(v))
  }

  /** a Primary Network validator of the data set, by NodeID */
  primary(nodeID: string): PrimaryValidator | undefined {
    return this.byNode.get(nodeID)
  }

  /** Why this NodeID cannot be changed as a current validator, or undefined when it can. */
  notCurrent(nodeID: string): string | undefined {
    const v = this.byNode.get(nodeID)
    if (!v) return `unknown nodeID "${nodeID}": not a Primary Network validator of the data set`
    if (this.removed.has(nodeID)) return `nodeID "${nodeID}" is no longer a current validator: removedValidators took it out of the set`
    if (!this.isCurrent(this.endTimeOf(v))) return `nodeID "${nodeID}" is no longer a current validator: its endTime ${this.endTimeOf(v)} is not after the clock ${this.now()}`
    return undefined
  }

  /** stakeEndsIn: this validator's endTime becomes the clock + seconds; null puts the data set's back */
  setStakeEnd(nodeID: string, seconds: number | null): void {
    if (seconds === null) this.endTimes.delete(nodeID)
    else this.endTimes.set(nodeID, this.now() + seconds)
  }

  /** the endTimes stakeEndsIn set, as seconds from the clock (0 or less once passed) */
  stakeEndsIn(): Record<string, number> {
    return Object.fromEntries([...this.endTimes].map(([id, end]) => [id, end - this.now()]))
  }

  /** removedValidators: exactly these NodeIDs are out of the current set */
  setRemoved(nodeIDs: readonly string[]): void {
    this.removed.clear()
    for (const id of nodeIDs) this.removed.add(id)
  }

  removedValidators(): string[] {
    return [...this.removed]
  }

  /** an active L1 validator of the data set, by validation ID */
  l1Validator(validationID: string): L1Validator | undefined {
    return this.l1ById.get(validationID)
  }

  /** fees accrued per L1 validator since the data set's clock, at the clock now */
  private accruedNow(): bigint {
    return this.accrued + this.price * BigInt(Math.max(0, this.now() - this.accruedAt))
  }

  /** an L1 validator's remaining balance (nAVAX) at the clock: what it had, less the fee since; 0 once spent */
  l1Balance(v: L1Validator): bigint {
    const left = (this.l1End.get(v.validationId) ?? v.balance) - this.accruedNow()
    return left > 0n ? left : 0n
  }

  /** l1Balances: this L1 validator has this many nAVAX left now; null puts the data set's back */
  setL1Balance(validationID: string, balance: bigint | null): void {
    if (balance === null) this.l1End.delete(validationID)
    else this.l1End.set(validationID, balance + this.accruedNow())
  }

  /** the balances l1Balances set, as they are now (nAVAX, decimal strings) */
  l1Balances(): Record<string, string> {
    return Object.fromEntries([...this.l1End.keys()].map((id) => [id, this.l1Balance(this.l1ById.get(id)!).toString()]))
  }

  /** the continuous fee per L1 validator per second (nAVAX) */
  feePrice(): number {
    return Number(this.price)
  }

  /** validatorFeePrice: the fee from now on (what accrued at the old price stays spent); null = the minimum */
  setFeePrice(price: number | null): void {
    this.accrued = this.accruedNow()
    this.accruedAt = this.now()
    this.price = BigInt(price ?? VALIDATOR_FEE_CONFIG.minPrice)
  }

  /**
   * platform.getValidatorFeeState: the price, and the excess that gives it (price = minPrice · e^(excess / K),
   * so excess = K · ln(price / minPrice)), at the P-Chain clock
   */
  feeState(): { excess: number; price: number; timestamp: number } {
    const { minPrice, excessConversionConstant } = VALIDATOR_FEE_CONFIG
    const price = this.feePrice()
    return { excess: Math.round(excessConversionConstant * Math.log(price / minPrice)), price, timestamp: this.now() }
  }

  /** Applies one action (parsed by parseValidatorAction); throws with the 400 message on an unknown NodeID. */
  apply(a: ValidatorAction): ValidatorOverrides {
    if (a.action === 'advanceTime') {
      this.advance(a.seconds)
      return this.overrides()
    }
    const problem = this.notCurrent(a.nodeID)
    if (problem !== undefined) fail(problem)
    if (a.action === 'setUptime') {
      this.uptimes.set(a.nodeID, parseUptime(a.uptime))
      this.uptimeSet.add(a.nodeID)
    } else {
      this.connectedOverride.set(a.nodeID, a.action === 'connect')
    }
    return this.overrides()
  }

  /** Back to the data set: no overrides, the clock at ds.now. */
  reset(): ValidatorOverrides {
    this.advanced = 0
    this.connectedOverride.clear()
    this.uptimes.clear()
    this.uptimeSet.clear()
    this.endTimes.clear()
    this.removed.clear()
    this.l1End.clear()
    this.price = BigInt(VALIDATOR_FEE_CONFIG.minPrice)
    this.accrued = 0n
    this.accruedAt = this.ds.now
    return this.overrides()
  }

  overrides(): ValidatorOverrides {
    const now = this.now()
    const uptime: Record<string, string> = {}
    for (const id of this.uptimeSet) {
      const v = this.byNode.get(id)
      if (v && this.isCurrentValidator(v)) uptime[id] = this.uptime(v)
    }
    return {
      now,
      advancedSeconds: this.advanced,
      validatorShape: this.shape(),
      connected: Object.fromEntries(this.connectedOverride),
      uptime,
      ended: this.ds.validators.filter((v) => this.endTimeOf(v) <= now).map((v) => v.nodeID),
    }
  }

  private advance(seconds: number): void {
    const from = this.now()
    const to = from + seconds
    for (const v of this.ds.validators) {
      if (this.endTimeOf(v) <= to) continue // leaves the set; its uptime no longer shows
      const before = Math.max(0, from - v.startTime)
      const after = to - v.startTime
      const u = this.uptimes.get(v.nodeID) ?? Number(v.uptime)
      const up = this.connected(v.nodeID, v.connected) ? 100 : 0
      this.uptimes.set(v.nodeID, Math.min(100, Math.max(0, (u * before + up * seconds) / after)))
    }
    this.advanced += seconds
  }
}
