/**
 * platform.* over the data set (gorilla service at /ext/bc/P). Integers are decimal strings, as avajson.
 * The P-Chain clock, connections and uptimes come from the node's ValidatorState (./validators);
 * getCurrentValidators answers as avalanchego does or, with validatorShape "spec", in the spec's shape.
 */
import { parseAddress } from '../lib/bech32'
import { toHex } from '../lib/bytes'
import { parseId } from '../lib/cb58'
import { encodeHexChecksum } from '../lib/hexChecksum'
import { parseNodeId } from '../lib/ids'
import type { Dataset, Owner, PBlock, PrimaryValidator } from '../dataset'
import { PRIMARY_NETWORK_ID } from '../dataset'
import type { GorillaMethod } from './jsonrpc'
import { InvalidArgument, MethodError, encodingParam, optString, optStringArray, optUint } from './jsonrpc'
import { rfc3339 } from './info'
import { DEFAULT_VALIDATOR_SHAPE, VALIDATOR_FEE_CONFIG, ValidatorState } from './validators'
import type { ValidatorShape } from './validators'

/** ids.Empty in cb58 (the Primary Network's ID is that too): what avalanchego prints for an ID a subnet does not have */
const EMPTY_ID = PRIMARY_NETWORK_ID

const ownerJson = (o: Owner) => ({ locktime: o.locktime.toString(), threshold: String(o.threshold), addresses: o.addresses.map((a) => `P-${a}`) })

function blockReply(ds: Dataset, b: PBlock, encoding: string) {
  if (encoding === 'json') {
    return { block: { time: b.timestamp, parentID: b.parentId, height: Number(b.height), txs: b.txIds.map((id) => ds.pTxJson(id)) }, encoding }
  }
  return { block: encoding === 'hexnc' ? `0x${toHex(b.bytes)}` : encodeHexChecksum(b.bytes), encoding }
}

function checkId(text: string | undefined, what: string): string {
  if (text === undefined || text === '') throw new MethodError(`argument '${what}' not given`)
  try {
    parseId(text)
  } catch (e) {
    throw new MethodError(`problem parsing ${what} "${text}": ${(e as Error).message}`)
  }
  return text
}

export interface PlatformDeps {
  /** the node's validator state and P-Chain clock; default: the data set as generated */
  state?: ValidatorState
  /** how getCurrentValidators answers; default "real" */
  shape?: () => ValidatorShape
}

export function platformMethods(ds: Dataset, deps: PlatformDeps = {}): Record<string, GorillaMethod> {
  const state = deps.state ?? new ValidatorState(ds)
  const shape = deps.shape ?? (() => DEFAULT_VALIDATOR_SHAPE)
  const pHeight = () => (ds.pBlocks.at(-1)?.height ?? 0n).toString()
  return {
    getBalance(p) {
      const addresses = optStringArray(p, 'addresses') ?? []
      if (addresses.length === 0) throw new MethodError('no addresses provided')
      let unlocked = 0n
      let lockedNotStakeable = 0n
      const utxoIDs: { txID: string; outputIndex: number }[] = []
      for (const a of addresses) {
        let shortId: Uint8Array
        try {
          shortId = parseAddress(a).shortId
        } catch (e) {
          throw new MethodError(`couldn't parse address "${a}": ${(e as Error).message}`)
        }
        const bal = ds.pBalance(toHex(shortId), state.now())
        unlocked += bal.unlocked
        lockedNotStakeable += bal.lockedNotStakeable
        utxoIDs.push(...bal.utxoIds)
      }
      const asset = ds.avax.assetId
      const total = unlocked + lockedNotStakeable
      const map = (v: bigint) => (v > 0n ? { [asset]: v.toString() } : {})
      return {
        balance: total.toString(),
        unlocked: unlocked.toString(),
        lockedStakeable: '0',
        lockedNotStakeable: lockedNotStakeable.toString(),
        balances: map(total),
        unlockeds: map(unlocked),
        lockedStakeables: {},
        lockedNotStakeables: map(lockedNotStakeable),
        utxoIDs,
      }
    },
    getBlock(p) {
      const id = optString(p, 'blockID')
      const encoding = encodingParam(p, ['hex', 'hexc', 'hexnc', 'json'])
      if (id === undefined) throw new InvalidArgument()
      try {
        parseId(id)
      } catch {
        throw new InvalidArgument()
      }
      const b = ds.pBlockById(id)
      if (!b) throw new MethodError(`couldn't get block with id ${id}: not found`)
      return blockReply(ds, b, encoding)
    },
    getBlockByHeight(p) {
      const height = optUint(p, 'height')
      const encoding = encodingParam(p, ['hex', 'hexc', 'hexnc', 'json'])
      if (height === undefined) throw new InvalidArgument()
      const b = ds.pBlockByHeight(height)
      if (!b) throw new MethodError(`couldn't get block at height ${height}: not found`)
      return blockReply(ds, b, encoding)
    },
    getBlockchains() {
      return { blockchains: ds.blockchains.map((b) => ({ id: b.blockchainId, name: b.name, subnetID: b.subnetId, vmID: b.vmId })) }
    },
    getBlockchainStatus(p) {
      const id = checkId(optString(p, 'blockchainID'), 'blockchainID')
      return { status: ds.blockchainStatus(id) }
    },
    getCurrentSupply(p) {
      const subnetId = optString(p, 'subnetID') ?? PRIMARY_NETWORK_ID
      if (subnetId === PRIMARY_NETWORK_ID) return { supply: ds.supply.toString(), height: pHeight() }
      checkId(subnetId, 'subnetID')
      // avalanchego keeps a supply for the Primary Network and elastic (transformed) subnets only; a
      // permissioned subnet, an L1 and an unknown ID all get the database's "not found" (none here is elastic)
      throw new MethodError('fetching current supply failed: not found')
    },
    // platform.getSubnet (avalanchego v1.11+): the owner, and what the subnet is; an unknown ID is "not found"
    getSubnet(p) {
      const subnetId = optString(p, 'subnetID') ?? ''
      if (subnetId === '' || subnetId === PRIMARY_NETWORK_ID) throw new MethodError("the primary network isn't a subnet")
      try {
        parseId(subnetId)
      } catch {
        throw new InvalidArgument()
      }
      const s = ds.subnetById(subnetId)
      if (!s) throw new MethodError('not found')
      const l1 = s.isL1 && s.l1ValidatorManagerDetails !== undefined
      return {
        isPermissioned: !l1,
        controlKeys: s.owner.addresses.map((a) => `P-${a}`),
        threshold: String(s.owner.threshold),
        locktime: s.owner.locktime.toString(),
        subnetTransformationTxID: EMPTY_ID,
        conversionID: l1 ? s.conversionId : EMPTY_ID,
        managerChainID: l1 ? s.l1ValidatorManagerDetails!.blockchainId : EMPTY_ID,
        // types.JSONByteSlice: 0x-hex, "0x" when empty
        managerAddress: l1 ? s.l1ValidatorManagerDetails!.contractAddress : '0x',
      }
    },
    getCurrentValidators(p) {
      const subnetId = optString(p, 'subnetID') ?? PRIMARY_NETWORK_ID
      const nodeIDs = optStringArray(p, 'nodeIDs') ?? []
      for (const n of nodeIDs) {
        try {
          parseNodeId(n)
        } catch {
          throw new InvalidArgument()
        }
      }
      const wanted = nodeIDs.length > 0 ? new Set(nodeIDs) : undefined
      const keep = (nodeID: string) => !wanted || wanted.has(nodeID)
      // delegators are listed only when exactly one nodeID is asked for (as avalanchego does)
      const withDelegators = wanted?.size === 1
      const real = shape() === 'real'
      if (subnetId === PRIMARY_NETWORK_ID) {
        return {
          validators: state.currentValidators().filter((v) => keep(v.nodeID)).map((v) => {
            const delegators = v.delegators.filter((d) => state.isCurrent(state.delegatorEndTime(v, d)))
            // avalanchego: signer is omitted for a validator without a BLS key (none is left on the Primary
            // Network since Durango + one staking period); the spec spells it proofOfPosession
            const signer = v.signer as PrimaryValidator['signer'] | undefined
            const signerJson = signer
              ? real
                ? { signer: { publicKey: signer.publicKey, proofOfPossession: signer.proofOfPossession } }
                : // spec mode sends both spellings, the spec's and avalanchego's
                  { signer: { publicKey: signer.publicKey, proofOfPosession: signer.proofOfPossession, proofOfPossession: signer.proofOfPossession } }
              : {}
            return {
              txID: v.txID,
              startTime: String(v.startTime),
              endTime: String(state.endTimeOf(v)),
              weight: v.weight.toString(),
              nodeID: v.nodeID,
              validationRewardOwner: ownerJson(v.validationRewardOwner),
              delegationRewardOwner: ownerJson(v.delegationRewardOwner),
              potentialReward: v.potentialReward.toString(),
              accruedDelegateeReward: v.accruedDelegateeReward.toString(),
              delegationFee: (v.delegationShares / 10000).toFixed(4),
              // the fee in parts per million (reward.PercentDenominator), avajson.Uint32
              ...(real ? { exactDelegationFee: String(v.delegationShares) } : {}),
              uptime: state.uptime(v),
              connected: state.connected(v.nodeID, v.connected),
              ...signerJson,
              delegatorCount: String(delegators.length),
              delegatorWeight: delegators.reduce((s, d) => s + d.weight, 0n).toString(),
              ...(withDelegators
                ? {
                    delegators: delegators.map((d) => ({
                      txID: d.txID,
                      startTime: String(d.startTime),
                      endTime: String(state.delegatorEndTime(v, d)),
                      weight: d.weight.toString(),
                      nodeID: d.nodeID,
                      rewardOwner: ownerJson(d.rewardOwner),
                      potentialReward: d.potentialReward.toString(),
                    })),
                  }
                : {}),
            }
          }),
        }
      }
      const subnet = ds.subnetById(checkId(subnetId, 'subnetID'))
      if (!subnet) return { validators: [] }
      if (subnet.isL1) {
        return {
          validators: ds.l1Validators.filter((v) => v.subnetId === subnet.subnetId && v.active && keep(v.nodeID)).map((v) => ({
            validationID: v.validationId,
            nodeID: v.nodeID,
            publicKey: v.signer.publicKey,
            remainingBalanceOwner: ownerJson(v.remainingBalanceOwner),
            deactivationOwner: ownerJson(v.deactivationOwner),
            startTime: String(v.creationTimestamp),
            weight: v.weight.toString(),
            minNonce: v.minNonce.toString(),
            // as avalanchego: the balance left at the P-Chain clock (end accumulated fee less the fees accrued)
            balance: state.l1Balance(v).toString(),
          })),
        }
      }
      return {
        // avalanchego sends a permissioned subnet validator as a bare staker (no connected, no uptime)
        validators: subnet.subnetValidators.filter((v) => keep(v.nodeID) && state.isCurrent(v.endTime) && !state.isRemoved(v.nodeID)).map((v) => ({
          txID: v.txID,
          startTime: String(v.startTime),
          endTime: String(v.endTime),
          weight: v.weight.toString(),
          nodeID: v.nodeID,
          ...(real ? {} : { connected: state.connected(v.nodeID, v.connected) }),
        })),
      }
    },
    // ACP-77's continuous fee (avalanchego v1.12.2+): the config as fee.Config, the state as
    // GetValidatorFeeStateReply; gas.Gas and gas.Price are plain uint64, so JSON numbers
    getValidatorFeeConfig() {
      return { ...VALIDATOR_FEE_CONFIG }
    },
    getValidatorFeeState() {
      const { excess, price, timestamp } = state.feeState()
      return { excess, price, timestamp: rfc3339(timestamp * 1000) }
    },
  }
}
