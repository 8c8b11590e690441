/**
 * Wire shapes of Primary Network transactions, one per chain as the reference shows:
 * P-Chain (PChainTransaction with PChainUtxo), X-Chain (linear or non-linear, with Utxo) and
 * C-Chain atomic (export with evmInputs, import with evmOutputs). Amounts are decimal strings.
 */
import { toHex } from '../../lib/bytes'
import type { AssetAmount, AssetInfo, Dataset, Owner, PrimaryNetworkTx, UtxoRecord } from '../../dataset'

const num = (v: bigint): number => Number(v)

export function assetAmount(a: AssetInfo, amount: bigint): Record<string, unknown> {
  return { assetId: a.assetId, name: a.name, symbol: a.symbol, denomination: a.denomination, type: a.type, amount: amount.toString() }
}

const amounts = (list: readonly AssetAmount[]): Record<string, unknown>[] => list.map((a) => assetAmount(a, a.amount))

/** per-asset totals of a list of UTXOs, in first-seen asset order */
function totals(utxos: readonly UtxoRecord[]): Record<string, unknown>[] {
  const sums = new Map<string, { asset: AssetInfo; amount: bigint }>()
  for (const u of utxos) {
    const s = sums.get(u.asset.assetId)
    if (s) s.amount += u.amount
    else sums.set(u.asset.assetId, { asset: u.asset, amount: u.amount })
  }
  return [...sums.values()].map((s) => assetAmount(s.asset, s.amount))
}

const ownership = (o: Owner): Record<string, unknown> => ({ locktime: num(o.locktime), threshold: o.threshold, addresses: o.addresses })

/** The fields every UTXO shape of the data service starts with. */
function utxoCommon(ds: Dataset, u: UtxoRecord): Record<string, unknown> {
  return {
    addresses: u.addresses,
    asset: assetAmount(u.asset, u.amount),
    consumedOnChainId: u.consumedOnChainId,
    ...(u.consumingTxHash ? { consumingTxHash: u.consumingTxHash } : {}),
    createdOnChainId: u.createdOnChainId,
    utxoId: u.utxoId,
    utxoBytes: `0x${toHex(ds.utxoBytes(u))}`,
  }
}

function pUtxo(ds: Dataset, u: UtxoRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...utxoCommon(ds, u),
    amount: u.amount.toString(),
    assetId: u.asset.assetId,
    blockNumber: u.blockNumber.toString(),
    blockTimestamp: u.blockTimestamp,
  }
  if (u.consumingBlockNumber !== undefined) out.consumingBlockNumber = u.consumingBlockNumber.toString()
  if (u.consumingBlockTimestamp !== undefined) out.consumingBlockTimestamp = u.consumingBlockTimestamp
  out.platformLocktime = num(u.locktime)
  out.outputIndex = u.outputIndex
  if (u.rewardType) out.rewardType = u.rewardType
  out.staked = u.staked
  out.threshold = u.threshold
  out.txHash = u.txHash
  if (u.utxoEndTimestamp !== undefined) out.utxoEndTimestamp = u.utxoEndTimestamp
  if (u.utxoStartTimestamp !== undefined) out.utxoStartTimestamp = u.utxoStartTimestamp
  out.utxoType = u.utxoType
  return out
}

/** X-Chain / C-Chain UTXO: outputIndex is a string and the creation time is `timestamp` */
function xcUtxo(ds: Dataset, u: UtxoRecord): Record<string, unknown> {
  return {
    ...utxoCommon(ds, u),
    ...(u.consumingBlockTimestamp !== undefined ? { consumingTxTimestamp: u.consumingBlockTimestamp } : {}),
    creationTxHash: u.txHash,
    locktime: num(u.locktime),
    outputIndex: String(u.outputIndex),
    threshold: u.threshold,
    timestamp: u.blockTimestamp,
    utxoType: u.utxoType.toLowerCase(),
  }
}

function pTx(ds: Dataset, t: PrimaryNetworkTx): Record<string, unknown> {
  const out: Record<string, unknown> = {
    txHash: t.txHash,
    txType: t.txType,
    blockTimestamp: t.blockTimestamp,
    blockNumber: t.blockNumber.toString(),
    blockHash: t.blockHash,
    consumedUtxos: t.consumedUtxos.map((u) => pUtxo(ds, u)),
    emittedUtxos: t.emittedUtxos.map((u) => pUtxo(ds, u)),
    sourceChain: t.sourceChain,
    destinationChain: t.destinationChain,
    value: amounts(t.value),
    amountBurned: amounts(t.amountBurned),
    amountStaked: amounts(t.amountStaked),
    amountL1ValidatorBalanceBurned: amounts(t.amountL1ValidatorBalanceBurned),
  }
  if (t.startTimestamp !== undefined) out.startTimestamp = t.startTimestamp
  if (t.endTimestamp !== undefined) out.endTimestamp = t.endTimestamp
  if (t.delegationFeePercent !== undefined) out.delegationFeePercent = t.delegationFeePercent
  if (t.nodeId !== undefined) out.nodeId = t.nodeId
  if (t.subnetId !== undefined) out.subnetId = t.subnetId
  if (t.l1ValidatorManagerDetails) out.l1ValidatorManagerDetails = t.l1ValidatorManagerDetails
  if (t.l1ValidatorDetails) {
    out.l1ValidatorDetails = t.l1ValidatorDetails.map((v) => ({
      validationId: v.validationId,
      validationIdHex: v.validationIdHex,
      nodeId: v.nodeId,
      subnetId: v.subnetId,
      weight: num(v.weight),
      remainingBalance: num(v.remainingBalance),
      balanceChange: num(v.balanceChange),
      blsCredentials: v.blsCredentials,
    }))
  }
  if (t.estimatedReward !== undefined) out.estimatedReward = t.estimatedReward.toString()
  if (t.rewardTxHash !== undefined) out.rewardTxHash = t.rewardTxHash
  if (t.rewardAddresses !== undefined) out.rewardAddresses = t.rewardAddresses
  out.memo = t.memo
  if (t.stakingTxHash !== undefined) out.stakingTxHash = t.stakingTxHash
  if (t.subnetOwnershipInfo) out.subnetOwnershipInfo = ownership(t.subnetOwnershipInfo)
  if (t.blsCredentials) out.blsCredentials = t.blsCredentials
  if (t.blockchainInfo) out.blockchainInfo = t.blockchainInfo
  return out
}

function xTx(ds: Dataset, t: PrimaryNetworkTx): Record<string, unknown> {
  const out: Record<string, unknown> = {
    txHash: t.txHash,
    chainFormat: t.vertexHash ? 'non-linear' : 'linear',
    timestamp: t.blockTimestamp,
    txType: t.txType,
    memo: t.memo,
    consumedUtxos: t.consumedUtxos.map((u) => xcUtxo(ds, u)),
    emittedUtxos: t.emittedUtxos.map((u) => xcUtxo(ds, u)),
    amountUnlocked: totals(t.consumedUtxos),
    amountCreated: totals(t.emittedUtxos),
    sourceChain: t.sourceChain,
    destinationChain: t.destinationChain,
  }
  if (t.txType === 'CreateAssetTx') {
    const created = t.emittedUtxos.find((u) => u.asset.assetId !== ds.avax.assetId)
    if (created) {
      const a = created.asset
      out.assetCreated = { assetId: a.assetId, name: a.name, symbol: a.symbol, denomination: a.denomination, type: a.type, createdAtTimestamp: t.blockTimestamp, cap: 'fixed' }
    }
  }
  if (t.vertexHash) {
    const v = ds.vertices.find((x) => x.vertexHash === t.vertexHash)
    out.vertices = v ? [{ hash: v.vertexHash, height: v.vertexHeight, timestamp: v.vertexTimestamp }] : []
  } else {
    out.blockHeight = num(t.blockNumber)
    out.blockHash = t.blockHash
  }
  return out
}

function cTx(ds: Dataset, t: PrimaryNetworkTx): Record<string, unknown> {
  const base = {
    txHash: t.txHash,
    blockHeight: num(t.blockNumber),
    blockHash: t.blockHash,
    timestamp: t.blockTimestamp,
    memo: t.memo,
  }
  if (t.txType === 'ExportTx') {
    return {
      ...base,
      amountUnlocked: (t.evmInputs ?? []).map((i) => assetAmount(ds.avax, i.amount)),
      amountCreated: totals(t.emittedUtxos),
      sourceChain: t.sourceChain,
      destinationChain: t.destinationChain,
      txType: 'ExportTx',
      evmInputs: (t.evmInputs ?? []).map((i) => ({ fromAddress: i.fromAddress, asset: assetAmount(ds.avax, i.amount), credentials: [] })),
      emittedUtxos: t.emittedUtxos.map((u) => xcUtxo(ds, u)),
    }
  }
  return {
    ...base,
    amountUnlocked: totals(t.consumedUtxos),
    amountCreated: (t.evmOutputs ?? []).map((o) => assetAmount(ds.avax, o.amount)),
    sourceChain: t.sourceChain,
    destinationChain: t.destinationChain,
    txType: 'ImportTx',
    evmOutputs: (t.evmOutputs ?? []).map((o) => ({ toAddress: o.toAddress, asset: assetAmount(ds.avax, o.amount) })),
    consumedUtxos: t.consumedUtxos.map((u) => xcUtxo(ds, u)),
  }
}

export function primaryTx(ds: Dataset, t: PrimaryNetworkTx): Record<string, unknown> {
  return t.chain === 'P' ? pTx(ds, t) : t.chain === 'X' ? xTx(ds, t) : cTx(ds, t)
}
