/** Subnets (permissioned) and L1s: creation, blockchains, subnet validators, L1 validators and their txs. */
import { ByteWriter, toHex, fromHex } from '../lib/bytes'
import { cb58Decode, cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { parseNodeId } from '../lib/ids'
import type { Rng } from '../lib/prng'
import { makeNodeId } from './addresses'
import type { Addr } from './addresses'
import type { GenContext } from './context'
import { AVAX, DAY, FEE, HOUR, at, makeBls, owner, poolAddr } from './context'
import { VM_IDS } from './constants'
import { makeGenesis } from './genesis'
import { writeOwners } from './txCodec'
import type { Blockchain, BlockchainStatus, L1TxValidator, L1Validator, Subnet } from './types'

const SUBNET_LABELS = ['dfk-like', 'gaming-poa', 'enterprise-poa', 'defi-poa', 'beam-l1', 'dexalot-l1', 'henesys-l1', 'lamina-l1']
const L1_FROM = 4 // labels from this index are L1s

function l1TxValidator(v: L1Validator, balanceChange: bigint): L1TxValidator {
  return {
    validationId: v.validationId,
    validationIdHex: v.validationIdHex,
    nodeId: v.nodeID,
    subnetId: v.subnetId,
    weight: v.weight,
    remainingBalance: v.balance,
    balanceChange,
    blsCredentials: v.signer,
  }
}

/** The label of the permissioned subnet that has a blockchain and has never had a validator. */
export const QUIET_SUBNET_LABEL = 'quiet-poa'

export function generateSubnets(ctx: GenContext): { preferredChainId: string; unknownChainId: string } {
  const { rng, now, pools } = ctx
  const ownerAddr = pools.wellKnown.l1Owner
  let evmChainId = 100_100 + rng.int(0, 800)
  SUBNET_LABELS.forEach((label, si) => {
    const isL1 = si >= L1_FROM
    const created = now - rng.int(100 * DAY, 170 * DAY)
    const co = si === 2 ? [ownerAddr, poolAddr(ctx)] : [ownerAddr]
    const subnet = createSubnet(ctx, label, isL1, co, created)
    const chainCount = si % 3 === 0 ? 2 : 1
    for (let c = 0; c < chainCount; c++) {
      // the sim's node validates subnet 0, tracks subnet 1 without validating, and only knows the rest
      const status: BlockchainStatus = si === 0 ? 'Validating' : si === 1 ? 'Syncing' : 'Created'
      addChain(ctx, rng, subnet, c, evmChainId++, status)
    }
    if (!isL1) addPoaValidators(ctx, subnet, si, created + 2 * HOUR)
    else addL1(ctx, subnet, si, created + DAY)
  })
  // A permissioned subnet with a blockchain that has never had a validator: a node knows it (its chain,
  // platform.getSubnet), lists no current validators for it and keeps no supply for it. Its own random
  // stream, so that it moves no draw of what is generated after it.
  const quietRng = rng.fork(QUIET_SUBNET_LABEL)
  const quiet = createSubnet(ctx, QUIET_SUBNET_LABEL, false, [ownerAddr], now - quietRng.int(20 * DAY, 60 * DAY))
  addChain(ctx, quietRng, quiet, 0, evmChainId++, 'Created')
  return {
    preferredChainId: cb58Encode(sha256(new TextEncoder().encode(`preferred:${ctx.params.name}:${rng.next()}`))),
    unknownChainId: cb58Encode(sha256(new TextEncoder().encode(`unknown:${ctx.params.name}:${rng.next()}`))),
  }
}

/** A subnet and its CreateSubnetTx (the subnet ID is that transaction's ID). */
function createSubnet(ctx: GenContext, label: string, isL1: boolean, co: Addr[], created: number): Subnet {
  const subnet: Subnet = {
    subnetId: '',
    label,
    owner: owner(co, 1),
    isL1,
    createBlockTimestamp: created,
    createBlockIndex: 0n,
    blockchains: [],
    subnetValidators: [],
  }
  ctx.subnets.push(subnet)
  at(ctx, created, () => {
    const tx = ctx.ledger.issue({
      chain: 'P', txType: 'CreateSubnetTx', time: created, payer: ctx.pools.wellKnown.l1Owner, fee: AVAX, outputs: [],
      extra: (w) => writeOwners(w, 0n, 1, co.map((a) => a.id)),
      json: { owner: { addresses: co.map((a) => `P-${a.bech32}`), locktime: 0, threshold: 1 } },
      fields: { subnetOwnershipInfo: subnet.owner },
    })
    subnet.subnetId = tx.txHash
    subnet.createBlockTimestamp = tx.blockTimestamp
    subnet.createBlockIndex = tx.blockNumber
  })
  return subnet
}

/** The subnet's c-th blockchain (a Subnet-EVM chain) and its CreateChainTx, an hour per chain after the subnet. */
function addChain(ctx: GenContext, rng: Rng, subnet: Subnet, c: number, chainEvmId: number, status: BlockchainStatus): void {
  const chainTime = subnet.createBlockTimestamp + HOUR * (c + 1)
  const base = subnet.label.replace(/-.*/, '')
  const name = c === 0 ? base : `${base}-test`
  const chain: Blockchain = {
    blockchainId: '', name, subnetId: '', vmId: VM_IDS.subnetEvm, evmChainId: chainEvmId, status,
    createBlockTimestamp: chainTime, createBlockNumber: 0n, genesisData: {},
  }
  subnet.blockchains.push(chain)
  at(ctx, chainTime, () => {
    const genesis = makeGenesis(rng, chainEvmId, chainTime, ctx.pools.wellKnown.l1Owner.hex.replace(/^/, '0x'))
    const genesisBytes = new TextEncoder().encode(JSON.stringify(genesis))
    const tx = ctx.ledger.issue({
      chain: 'P', txType: 'CreateChainTx', time: chainTime, payer: ctx.pools.wellKnown.l1Owner, fee: AVAX, outputs: [],
      extra: (w) => {
        const nameBytes = new TextEncoder().encode(name)
        w.bytes(cb58Decode(subnet.subnetId)).u16(nameBytes.length).bytes(nameBytes).bytes(cb58Decode(VM_IDS.subnetEvm)).u32(0).sized(genesisBytes)
        w.u32(10).u32(1).u32(0) // subnet auth: secp256k1fx.Input with signature index 0
      },
      json: { subnetID: subnet.subnetId, chainName: name, vmID: VM_IDS.subnetEvm, fxIDs: [], genesisData: `0x${toHex(genesisBytes)}`, subnetAuthorization: { signatureIndices: [0] } },
      fields: { subnetId: subnet.subnetId, blockchainInfo: { chainName: name, vmId: VM_IDS.subnetEvm, genesisData: genesis } },
    })
    Object.assign(chain, { blockchainId: tx.txHash, subnetId: subnet.subnetId, createBlockTimestamp: tx.blockTimestamp, createBlockNumber: tx.blockNumber, genesisData: genesis })
  })
}

function addPoaValidators(ctx: GenContext, subnet: Subnet, si: number, from: number): void {
  const { rng, now } = ctx
  const count = rng.int(5, 12)
  const candidates = ctx.validators.filter((v) => v.startTime < from && v.endTime > now + 2 * DAY)
  for (let k = 0; k < count && candidates.length > 0; k++) {
    const pv = si === 0 && k === 0 ? ctx.validators[0]! : rng.pick(candidates)
    if (subnet.subnetValidators.some((s) => s.nodeID === pv.nodeID)) continue
    const start = Math.max(from, pv.startTime + HOUR) + k * 60
    const end = pv.endTime - HOUR
    const weight = BigInt(rng.int(1, 100))
    const sv = { txID: '', nodeID: pv.nodeID, startTime: start, endTime: end, weight, connected: pv.connected }
    subnet.subnetValidators.push(sv)
    at(ctx, start, () => {
      const tx = ctx.ledger.issue({
        chain: 'P', txType: 'AddSubnetValidatorTx', time: start, payer: ctx.pools.wellKnown.l1Owner, fee: FEE, outputs: [],
        extra: (w) => w.bytes(parseNodeId(pv.nodeID)).u64(start).u64(end).u64(weight).bytes(cb58Decode(subnet.subnetId)).u32(10).u32(1).u32(0),
        json: { validator: { nodeID: pv.nodeID, start, end, weight: Number(weight), subnetID: subnet.subnetId }, subnetAuthorization: { signatureIndices: [0] } },
        fields: { nodeId: pv.nodeID, subnetId: subnet.subnetId, startTimestamp: start, endTimestamp: end },
      })
      sv.txID = tx.txHash
      sv.startTime = tx.blockTimestamp
    })
  }
  if (si === 2) {
    const t = from + 20 * DAY
    at(ctx, t, () => {
      const newOwner = [ctx.pools.wellKnown.l1Owner, poolAddr(ctx)]
      ctx.ledger.issue({
        chain: 'P', txType: 'TransferSubnetOwnershipTx', time: t, payer: ctx.pools.wellKnown.l1Owner, fee: FEE, outputs: [],
        extra: (w) => { w.bytes(cb58Decode(subnet.subnetId)).u32(10).u32(1).u32(0); writeOwners(w, 0n, 1, newOwner.map((a) => a.id)) },
        json: { subnetID: subnet.subnetId, owner: { addresses: newOwner.map((a) => `P-${a.bech32}`), locktime: 0, threshold: 1 } },
        fields: { subnetId: subnet.subnetId, subnetOwnershipInfo: owner(newOwner) },
      })
      // From then on the subnet is the new owner's: platform.getSubnet and the data service's subnet say so.
      subnet.owner = owner(newOwner)
    })
  }
}

function validationIdOf(txId: string, index: number): Uint8Array {
  return sha256(new ByteWriter().bytes(cb58Decode(txId)).u32(index).finish())
}

/**
 * ACP-77: the conversion ID is sha256 of SubnetToL1ConversionData (codec version 0, subnet ID, manager
 * chain ID, manager address, then each initial validator's NodeID bytes, BLS public key and weight).
 */
function conversionIdOf(subnetId: string, chainId: string, managerAddress: string, vals: L1Validator[]): string {
  const w = new ByteWriter().u16(0).bytes(cb58Decode(subnetId)).bytes(cb58Decode(chainId)).sized(fromHex(managerAddress)).u32(vals.length)
  for (const v of vals) w.sized(parseNodeId(v.nodeID)).bytes(fromHex(v.signer.publicKey)).u64(v.weight)
  return cb58Encode(sha256(w.finish()))
}

function addL1(ctx: GenContext, subnet: Subnet, si: number, convertAt: number): void {
  const { rng, now, pools } = ctx
  const o = pools.wellKnown.l1Owner
  const initial = rng.int(4, 10)
  const later = rng.int(2, 20)
  const managerAddress = `0x${toHex(rng.bytes(20))}`
  const mk = (i: number, t: number): L1Validator => ({
    validationId: '', validationIdHex: '',
    nodeID: si === L1_FROM && i === 0 ? ctx.nodes.l1 : makeNodeId(rng),
    subnetId: '', weight: BigInt(rng.int(10, 1000)), balance: BigInt(rng.int(1, 500)) * AVAX / 10n,
    active: true, minNonce: 0n, creationTimestamp: t, registrationTxHash: '', signer: makeBls(ctx),
    remainingBalanceOwner: owner([o]), deactivationOwner: owner([o]),
  })
  const vals = Array.from({ length: initial }, (_, i) => mk(i, convertAt))
  at(ctx, convertAt, () => {
    const chain = subnet.blockchains[0]!
    subnet.l1ValidatorManagerDetails = { blockchainId: chain.blockchainId, contractAddress: managerAddress }
    const total = vals.reduce((s, v) => s + v.balance, 0n)
    const tx = ctx.ledger.issue({
      chain: 'P', txType: 'ConvertSubnetToL1Tx', time: convertAt, payer: o, fee: FEE + total, outputs: [],
      extra: (w) => {
        w.bytes(cb58Decode(subnet.subnetId)).bytes(cb58Decode(chain.blockchainId)).sized(fromHex(managerAddress)).u32(vals.length)
        for (const v of vals) w.sized(parseNodeId(v.nodeID)).u64(v.weight).u64(v.balance).bytes(fromHex(v.signer.publicKey)).bytes(fromHex(v.signer.proofOfPossession))
        w.u32(10).u32(1).u32(0)
      },
      json: { subnetID: subnet.subnetId, chainID: chain.blockchainId, address: managerAddress, validators: vals.map((v) => ({ nodeID: v.nodeID, weight: Number(v.weight), balance: Number(v.balance), signer: v.signer })) },
      fields: { subnetId: subnet.subnetId, l1ValidatorManagerDetails: subnet.l1ValidatorManagerDetails },
    })
    vals.forEach((v, i) => {
      const id = validationIdOf(subnet.subnetId, i)
      Object.assign(v, { validationId: cb58Encode(id), validationIdHex: `0x${toHex(id)}`, subnetId: subnet.subnetId, registrationTxHash: tx.txHash, creationTimestamp: tx.blockTimestamp })
      ctx.l1Validators.push(v)
    })
    tx.l1ValidatorDetails = vals.map((v) => l1TxValidator(v, v.balance))
    tx.amountL1ValidatorBalanceBurned = [{ ...ctx.ledger.avax, amount: total }]
    subnet.l1ConversionTransactionHash = tx.txHash
    subnet.conversionId = conversionIdOf(subnet.subnetId, chain.blockchainId, managerAddress, vals)
  })
  for (let k = 0; k < later; k++) {
    const t = convertAt + rng.int(HOUR, Math.max(2 * HOUR, now - convertAt - DAY))
    const v = mk(initial + k, t)
    at(ctx, t, () => {
      const tx = ctx.ledger.issue({
        chain: 'P', txType: 'RegisterL1ValidatorTx', time: t, payer: o, fee: FEE + v.balance, outputs: [],
        extra: (w) => w.u64(v.balance).bytes(fromHex(v.signer.proofOfPossession)).sized(rng.bytes(120)),
        json: { balance: Number(v.balance), proofOfPossession: v.signer.proofOfPossession },
        fields: { subnetId: subnet.subnetId, nodeId: v.nodeID },
      })
      const id = validationIdOf(tx.txHash, 0)
      Object.assign(v, { validationId: cb58Encode(id), validationIdHex: `0x${toHex(id)}`, subnetId: subnet.subnetId, registrationTxHash: tx.txHash, creationTimestamp: tx.blockTimestamp })
      ctx.l1Validators.push(v)
      tx.l1ValidatorDetails = [l1TxValidator(v, v.balance)]
      tx.amountL1ValidatorBalanceBurned = [{ ...ctx.ledger.avax, amount: v.balance }]
      // Some later validators change weight, get topped up, or are disabled (inactive).
      const r = rng.next()
      const t2 = t + rng.int(HOUR, Math.max(2 * HOUR, now - t - HOUR))
      if (r < 0.25) at(ctx, t2, () => l1Follow(ctx, v, 'SetL1ValidatorWeightTx', t2))
      else if (r < 0.5) at(ctx, t2, () => l1Follow(ctx, v, 'IncreaseL1ValidatorBalanceTx', t2))
      else if (r < 0.65) at(ctx, t2, () => l1Follow(ctx, v, 'DisableL1ValidatorTx', t2))
    })
  }
}

function l1Follow(ctx: GenContext, v: L1Validator, txType: 'SetL1ValidatorWeightTx' | 'IncreaseL1ValidatorBalanceTx' | 'DisableL1ValidatorTx', t: number): void {
  const o = ctx.pools.wellKnown.l1Owner
  let change = 0n
  if (txType === 'SetL1ValidatorWeightTx') {
    v.weight = BigInt(ctx.rng.int(10, 1000))
    v.minNonce += 1n
  } else if (txType === 'IncreaseL1ValidatorBalanceTx') {
    change = BigInt(ctx.rng.int(1, 100)) * AVAX / 10n
    v.balance += change
  } else {
    change = -v.balance
    v.balance = 0n
    v.active = false
  }
  const tx = ctx.ledger.issue({
    chain: 'P', txType, time: t, payer: o, fee: FEE + (change > 0n ? change : 0n), outputs: [],
    extra: (w) => w.bytes(fromHex(v.validationIdHex)).u64(change > 0n ? change : 0n),
    json: { validationID: v.validationId, ...(change > 0n ? { balance: Number(change) } : {}) },
    fields: { subnetId: v.subnetId, nodeId: v.nodeID },
  })
  tx.l1ValidatorDetails = [l1TxValidator(v, change)]
  if (change > 0n) tx.amountL1ValidatorBalanceBurned = [{ ...ctx.ledger.avax, amount: change }]
}
