/** Primary Network staking: ~2,000 current validators with delegators, plus ended ones with reward txs. */
import { ByteWriter } from '../lib/bytes'
import { cb58Decode } from '../lib/cb58'
import { parseNodeId } from '../lib/ids'
import type { Addr } from './addresses'
import { makeNodeId } from './addresses'
import type { GenContext } from './context'
import { AVAX, DAY, FEE, HOUR, at, makeBls, owner, poolAddr, rewardFor } from './context'
import { PRIMARY_NETWORK_ID } from './constants'
import type { Delegator, PrimaryValidator, BlsCredentials } from './types'
import { writeOwners } from './txCodec'
import { fromHex } from '../lib/bytes'

const CURRENT_VALIDATORS = 2000
const ENDED_VALIDATORS = 300

function writeValidator(w: ByteWriter, nodeId: string, start: number, end: number, weight: bigint): void {
  w.bytes(parseNodeId(nodeId)).u64(start).u64(end).u64(weight).bytes(cb58Decode(PRIMARY_NETWORK_ID))
}

function stakeTx(ctx: GenContext, kind: 'validator' | 'delegator', time: number, end: number, nodeId: string, payer: Addr, weight: bigint, signer?: BlsCredentials, shares?: number) {
  const ownerJson = { addresses: [`P-${payer.bech32}`], locktime: 0, threshold: 1 }
  return ctx.ledger.issue({
    chain: 'P',
    txType: kind === 'validator' ? 'AddPermissionlessValidatorTx' : 'AddPermissionlessDelegatorTx',
    time,
    payer,
    fee: kind === 'validator' ? FEE : 0n,
    outputs: [{ to: [payer], amount: weight, stake: { start: time, end } }],
    extra: (w, writeOuts) => {
      writeValidator(w, nodeId, time, end, weight)
      if (signer) w.u32(28).bytes(fromHex(signer.publicKey)).bytes(fromHex(signer.proofOfPossession))
      writeOuts([]) // the stake outputs follow the exported section in the ledger's emitted order
      writeOwners(w, 0n, 1, [payer.id])
      if (kind === 'validator') {
        writeOwners(w, 0n, 1, [payer.id])
        w.u32(shares ?? 20000)
      }
    },
    json: {
      validator: { nodeID: nodeId, start: time, end, weight: Number(weight) },
      subnetID: PRIMARY_NETWORK_ID,
      ...(signer ? { signer: { publicKey: signer.publicKey, proofOfPossession: signer.proofOfPossession } } : {}),
      ...(kind === 'validator'
        ? { validationRewardsOwner: { output: ownerJson }, delegationRewardsOwner: { output: ownerJson }, shares: shares ?? 20000 }
        : { rewardsOwner: { output: ownerJson } }),
    },
    fields: {
      nodeId,
      subnetId: PRIMARY_NETWORK_ID,
      startTimestamp: time,
      endTimestamp: end,
      estimatedReward: rewardFor(weight, end - time),
      rewardAddresses: [payer.bech32],
      ...(kind === 'validator' ? { delegationFeePercent: ((shares ?? 20000) / 10000).toFixed(4) } : {}),
      ...(signer ? { blsCredentials: signer } : {}),
    },
  })
}

function weightFor(ctx: GenContext): bigint {
  const r = ctx.rng.next()
  const avax = r < 0.5 ? ctx.rng.int(2000, 5000) : r < 0.9 ? ctx.rng.int(5000, 100_000) : ctx.rng.int(100_000, 3_000_000)
  return BigInt(avax) * AVAX + BigInt(ctx.rng.int(0, 999_999_999))
}

function delegatorCount(ctx: GenContext, i: number): number {
  if (i === 0) return 8
  const r = ctx.rng.next()
  return r < 0.6 ? 0 : r < 0.85 ? ctx.rng.int(1, 2) : r < 0.95 ? ctx.rng.int(3, 6) : ctx.rng.int(7, 25)
}

export function generateStaking(ctx: GenContext): void {
  const { rng, now, pools, nodes } = ctx
  for (let i = 0; i < CURRENT_VALIDATORS; i++) {
    const nodeId = i === 0 ? nodes.self : i === 1 ? nodes.disconnected : makeNodeId(rng)
    const start = now - rng.int(HOUR, 170 * DAY)
    const end = Math.min(start + 365 * DAY, Math.max(now + rng.int(DAY, 330 * DAY), start + 14 * DAY))
    const payer = i === 0 ? pools.wellKnown.operator : poolAddr(ctx)
    const weight = weightFor(ctx)
    const shares = i === 0 ? 20000 : rng.pick([20000, 20000, 30000, 50000, 100000, 25000])
    const signer = makeBls(ctx)
    const uptimeBp = i === 1 ? 421000 : i === 0 ? 998700 : rng.next() < 0.9 ? rng.int(950000, 1000000) : rng.int(500000, 950000)
    const v: PrimaryValidator = {
      txID: '',
      nodeID: nodeId,
      startTime: start,
      endTime: end,
      weight,
      potentialReward: 0n,
      delegationShares: shares,
      uptime: (uptimeBp / 10000).toFixed(4),
      connected: i === 1 ? false : i === 0 ? true : rng.next() < 0.95,
      validationRewardOwner: owner([payer]),
      delegationRewardOwner: owner([payer]),
      signer,
      delegators: [],
      accruedDelegateeReward: 0n,
    }
    ctx.validators.push(v)
    at(ctx, start, () => {
      const tx = stakeTx(ctx, 'validator', start, end, nodeId, payer, weight, signer, shares)
      v.txID = tx.txHash
      v.startTime = tx.blockTimestamp
      v.potentialReward = rewardFor(weight, end - v.startTime)
    })
    const n = delegatorCount(ctx, i)
    for (let k = 0; k < n; k++) {
      const dStart = start + rng.int(HOUR, Math.max(HOUR, now - start - HOUR))
      const minEnd = Math.max(now + DAY, dStart + 14 * DAY)
      if (minEnd >= end) continue
      const dEnd = rng.int(minEnd, end)
      const who = (i === 0 && k < 3) || (i % 97 === 5 && k === 0) ? pools.wellKnown.delegator : poolAddr(ctx)
      const dWeight = BigInt(rng.int(25, 20_000)) * AVAX
      const d: Delegator = { txID: '', nodeID: nodeId, startTime: dStart, endTime: dEnd, weight: dWeight, rewardOwner: owner([who]), potentialReward: 0n }
      v.delegators.push(d)
      at(ctx, dStart, () => {
        const tx = stakeTx(ctx, 'delegator', dStart, dEnd, nodeId, who, dWeight)
        d.txID = tx.txHash
        d.startTime = tx.blockTimestamp
        const full = rewardFor(dWeight, dEnd - d.startTime)
        const fee = (full * BigInt(shares)) / 1_000_000n
        d.potentialReward = full - fee
        v.accruedDelegateeReward += (fee * BigInt(Math.max(0, now - d.startTime))) / BigInt(dEnd - d.startTime)
      })
    }
  }
  for (let i = 0; i < ENDED_VALIDATORS; i++) {
    const nodeId = makeNodeId(rng)
    const start = now - rng.int(45 * DAY, 180 * DAY)
    const end = start + rng.int(14 * DAY, 30 * DAY)
    const payer = i < 3 ? pools.wellKnown.operator : poolAddr(ctx)
    const weight = weightFor(ctx)
    const signer = makeBls(ctx)
    let stakingTx: ReturnType<typeof stakeTx> | undefined
    at(ctx, start, () => {
      stakingTx = stakeTx(ctx, 'validator', start, end, nodeId, payer, weight, signer, 20000)
    })
    at(ctx, end, () => {
      if (!stakingTx) return
      const staked = stakingTx.emittedUtxos.filter((u) => u.staked)
      const reward = rewardFor(weight, end - start)
      const tx = ctx.ledger.issue({
        chain: 'P',
        txType: 'RewardValidatorTx',
        time: end,
        layout: 'reward',
        rewardedTxId: stakingTx.txHash,
        consume: staked,
        fee: 0n,
        outputs: [
          { to: [payer], amount: weight },
          { to: [payer], amount: reward, rewardType: 'VALIDATOR' },
        ],
        fields: { stakingTxHash: stakingTx.txHash, nodeId, rewardAddresses: [payer.bech32], estimatedReward: reward },
      })
      stakingTx.rewardTxHash = tx.txHash
    })
  }
}
