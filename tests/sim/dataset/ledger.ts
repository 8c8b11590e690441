/**
 * The ledger the generator writes through: it picks inputs from each payer's unspent outputs, encodes
 * the signed tx bytes (txID = sha256 of them), creates UtxoRecords, and groups txs into blocks (P-Chain
 * Banff blocks with real bytes; X-Chain and C-Chain block numbers and hashes).
 */
import { ByteWriter, toHex } from '../lib/bytes'
import { cb58Decode, cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { encodeHexNoChecksum } from '../lib/hexChecksum'
import { utxoIdBytes } from '../lib/ids'
import type { Rng } from '../lib/prng'
import type { Addr } from './addresses'
import { encodeAtomicTx } from './atomicCodec'
import type { EvmInput, EvmOutput } from './atomicCodec'
import { P_TX_TYPE_IDS, SECP_FX_ID, X_TX_TYPE_IDS } from './constants'
import type { NetworkParams, PrimaryNetworkTxType } from './constants'
import type { InSpec, OutSpec } from './txCodec'
import { encodeBanffBlock, writeBaseTx, writeCredentials, writeTransferableInput, writeTransferableOutput } from './txCodec'
import type { AssetAmount, AssetInfo, ChainAlias, PBlock, PrimaryNetworkTx, UtxoRecord } from './types'

export interface OutputRequest {
  to: Addr[]
  amount: bigint
  asset?: AssetInfo
  locktime?: bigint
  threshold?: number
  /** staked output with its staking period */
  stake?: { start: number; end: number }
  /** exported to this chain (goes to the exported-outputs section) */
  exportTo?: ChainAlias
  rewardType?: UtxoRecord['rewardType']
}

export interface TxRequest {
  chain: ChainAlias
  txType: PrimaryNetworkTxType
  time: number
  /** pays inputs and receives change (P/X) */
  payer?: Addr
  outputs: OutputRequest[]
  fee: bigint
  /** explicit inputs: atomic UTXOs for an import, stake for a reward */
  consume?: UtxoRecord[]
  /** 'import' = consume goes to importedInputs; 'reward' = RewardValidatorTx (just a txID) */
  layout?: 'base' | 'import' | 'reward'
  /** written after the BaseTx body (and after exports/imports) */
  extra?: (w: ByteWriter, writeOuts: (outs: OutSpec[]) => void) => void
  /** fields of the unsignedTx JSON beside "inputs" (P-Chain blocks in json encoding) */
  json?: Record<string, unknown>
  /** C-Chain EVM side */
  evmInputs?: { from: string; amount: bigint; nonce: bigint }[]
  evmOutputs?: { to: string; amount: bigint }[]
  /** further record fields */
  fields?: Partial<PrimaryNetworkTx>
  memo?: Uint8Array
  /** RewardValidatorTx: rewarded staking tx ID */
  rewardedTxId?: string
}

interface OpenBlock {
  height: bigint
  time: number
  txs: PrimaryNetworkTx[]
  capacity: number
}

export class Ledger {
  readonly txs: PrimaryNetworkTx[] = []
  readonly pBlocks: PBlock[] = []
  readonly pTxJson = new Map<string, Record<string, unknown>>()
  readonly chainIds: Record<ChainAlias, string>
  private readonly chainBytes: Record<ChainAlias, Uint8Array>
  private readonly avaxBytes: Uint8Array
  private readonly unspent = new Map<string, UtxoRecord[]>()
  private readonly assetBytes = new Map<string, Uint8Array>()
  private readonly open: Partial<Record<ChainAlias, OpenBlock>> = {}
  private readonly nextHeight: Record<ChainAlias, bigint>
  private pParent: Uint8Array
  private fundingCounter = 0
  /** raw bytes of the tx IDs issued so far (saves decoding cb58 for every input) */
  private readonly txIdBytes = new Map<string, Uint8Array>()

  constructor(
    private readonly params: NetworkParams,
    private readonly rng: Rng,
    readonly avax: AssetInfo,
    startHeights: Record<ChainAlias, bigint>,
  ) {
    this.chainIds = { P: params.pChainId, X: params.xChainId, C: params.cChainId }
    this.chainBytes = { P: cb58Decode(params.pChainId), X: cb58Decode(params.xChainId), C: cb58Decode(params.cChainId) }
    this.avaxBytes = cb58Decode(avax.assetId)
    this.nextHeight = { ...startHeights }
    this.pParent = sha256(new ByteWriter().u64(startHeights.P - 1n).finish())
  }

  private assetIdBytes(a: AssetInfo): Uint8Array {
    if (a.assetId === this.avax.assetId) return this.avaxBytes
    let b = this.assetBytes.get(a.assetId)
    if (!b) this.assetBytes.set(a.assetId, (b = cb58Decode(a.assetId)))
    return b
  }

  /** Unspent, spendable outputs of one address on one chain (not staked, not exported). */
  unspentOf(chain: ChainAlias, addr: Addr): UtxoRecord[] {
    const key = `${chain}:${addr.hex}`
    let list = this.unspent.get(key)
    if (!list) this.unspent.set(key, (list = []))
    return list
  }

  /** Picks inputs of `payer` covering `need`; older history than the data set funds a payer that runs dry. */
  private selectInputs(chain: ChainAlias, payer: Addr, need: bigint, asset: AssetInfo): UtxoRecord[] {
    const list = this.unspentOf(chain, payer)
    const picked: UtxoRecord[] = []
    let sum = 0n
    for (let i = list.length - 1; i >= 0 && sum < need; i--) {
      const u = list[i]!
      if (u.asset.assetId !== asset.assetId) continue
      picked.push(u)
      sum += u.amount
      list.splice(i, 1)
    }
    if (sum < need) picked.push(this.fundingUtxo(chain, payer, need - sum + 1000n * 1_000_000_000n, asset))
    return picked
  }

  /** An output created before the data set's window (its tx is not part of the data set). */
  private fundingUtxo(chain: ChainAlias, payer: Addr, amount: bigint, asset: AssetInfo): UtxoRecord {
    const txId = sha256(new ByteWriter().u32(this.fundingCounter++).bytes(payer.id).finish())
    this.txIdBytes.set(cb58Encode(txId), txId)
    return this.record(chain, cb58Encode(txId), txId, 0, asset, amount, [payer], 1, 0n, 0n, 0, chain)
  }

  private record(
    chain: ChainAlias,
    txHash: string,
    txIdBytes: Uint8Array,
    outputIndex: number,
    asset: AssetInfo,
    amount: bigint,
    to: Addr[],
    threshold: number,
    locktime: bigint,
    height: bigint,
    time: number,
    consumedOn: ChainAlias,
  ): UtxoRecord {
    return {
      utxoId: cb58Encode(utxoIdBytes(txIdBytes, outputIndex)),
      txHash,
      outputIndex,
      asset,
      amount,
      addresses: to.map((a) => a.bech32),
      threshold,
      locktime,
      createdOnChainId: this.chainIds[chain],
      consumedOnChainId: this.chainIds[consumedOn],
      blockNumber: height,
      blockTimestamp: time,
      utxoType: 'TRANSFER',
      staked: false,
      atomic: consumedOn !== chain,
    }
  }

  private blockFor(chain: ChainAlias, time: number): OpenBlock {
    const cur = this.open[chain]
    if (cur && cur.txs.length < cur.capacity) return cur
    if (cur) this.seal(chain)
    // C: up to four atomic txs a block, in consecutive blocks from height 1, so the sim can mine anvil up
    // to the last of them at start (anvil has every height the data set names). The gap is still drawn so
    // the random stream, and with it every other record, stays as it was.
    const capacity = chain === 'C' ? 4 : this.rng.int(1, 3)
    if (chain === 'C') this.rng.int(1, 40)
    const gap = 1n
    const height = this.nextHeight[chain] + gap - 1n
    this.nextHeight[chain] = height + 1n
    const block: OpenBlock = { height, time, txs: [], capacity }
    this.open[chain] = block
    return block
  }

  private seal(chain: ChainAlias): void {
    const b = this.open[chain]
    if (!b) return
    delete this.open[chain]
    if (chain === 'P') {
      const bytes = encodeBanffBlock(b.time, this.pParent, b.height, b.txs.map((t) => t.bytes))
      const idBytes = sha256(bytes)
      const blockId = cb58Encode(idBytes)
      this.pBlocks.push({
        blockId,
        parentId: cb58Encode(this.pParent),
        height: b.height,
        timestamp: b.time,
        txIds: b.txs.map((t) => t.txHash),
        bytes,
      })
      this.pParent = idBytes
      for (const t of b.txs) t.blockHash = blockId
      return
    }
    const w = new ByteWriter().u64(b.height).u64(b.time)
    for (const t of b.txs) w.bytes(cb58Decode(t.txHash))
    const h = sha256(w.finish())
    const hash = chain === 'X' ? cb58Encode(h) : `0x${toHex(h)}`
    for (const t of b.txs) t.blockHash = hash
  }

  /** Seals the open blocks; call once when generation is done. */
  finish(): void {
    for (const c of ['P', 'X', 'C'] as const) this.seal(c)
  }

  issue(req: TxRequest): PrimaryNetworkTx {
    const block = this.blockFor(req.chain, req.time)
    const { height } = block
    const time = block.time
    const layout = req.layout ?? 'base'
    const asset = this.avax
    // Inputs: explicit ones, plus the payer's outputs for what is sent, staked and burned.
    const explicit = req.consume ?? []
    const explicitSum = explicit.reduce((s, u) => s + u.amount, 0n)
    const outSum = req.outputs.filter((o) => (o.asset ?? asset).assetId === asset.assetId).reduce((s, o) => s + o.amount, 0n)
    const need = outSum + req.fee
    let paid: UtxoRecord[] = []
    if (req.payer && layout !== 'reward' && req.chain !== 'C' && explicitSum < need) {
      paid = this.selectInputs(req.chain, req.payer, need - explicitSum, asset)
    }
    for (const o of req.outputs) {
      if (o.asset && o.asset.assetId !== asset.assetId && req.payer && req.chain !== 'C') {
        paid.push(...this.selectInputs(req.chain, req.payer, o.amount, o.asset))
      }
    }
    const inputs = [...explicit, ...paid]
    const inSum = explicitSum + paid.filter((u) => u.asset.assetId === asset.assetId).reduce((s, u) => s + u.amount, 0n)
    const change = req.payer && layout !== 'reward' && req.chain !== 'C' ? inSum - need : 0n
    const outputs: OutputRequest[] = [...req.outputs]
    if (change > 0n && req.payer) outputs.push({ to: [req.payer], amount: change })
    const regular = outputs.filter((o) => !o.exportTo && !o.stake)
    const exported = outputs.filter((o) => o.exportTo)
    const staked = outputs.filter((o) => o.stake)
    const ordered = [...regular, ...exported, ...staked]
    const outSpec = (o: OutputRequest): OutSpec => ({
      assetId: this.assetIdBytes(o.asset ?? asset),
      amount: o.amount,
      locktime: o.locktime ?? 0n,
      threshold: o.threshold ?? 1,
      addrs: o.to.map((a) => a.id),
    })
    const inSpec = (u: UtxoRecord): InSpec => ({
      txId: this.txIdBytes.get(u.txHash) ?? cb58Decode(u.txHash),
      outputIndex: u.outputIndex,
      assetId: this.assetIdBytes(u.asset),
      amount: u.amount,
    })
    const memo = req.memo ?? new Uint8Array(0)
    const sigs = inputs.map(() => this.rng.bytes(65))
    let bytes: Uint8Array
    if (req.chain === 'C') {
      const evmAsset = this.avaxBytes
      bytes = encodeAtomicTx(
        req.txType === 'ImportTx'
          ? {
              kind: 'ImportTx',
              networkId: this.params.networkId,
              blockchainId: this.chainBytes.C,
              sourceChain: cb58Decode(explicit[0] ? explicit[0].createdOnChainId : this.chainIds.X),
              importedInputs: explicit.map(inSpec),
              outs: (req.evmOutputs ?? []).map((o): EvmOutput => ({ address: hexAddr(o.to), amount: o.amount, assetId: evmAsset })),
              signatureCount: sigs.length,
            }
          : {
              kind: 'ExportTx',
              networkId: this.params.networkId,
              blockchainId: this.chainBytes.C,
              destinationChain: this.chainBytes[exported[0]?.exportTo ?? 'X'],
              ins: (req.evmInputs ?? []).map((i): EvmInput => ({ address: hexAddr(i.from), amount: i.amount, assetId: evmAsset, nonce: i.nonce })),
              exportedOutputs: exported.map(outSpec),
              signatureCount: 1,
            },
        req.txType === 'ImportTx' ? sigs : [this.rng.bytes(65)],
      )
    } else {
      const typeId = (req.chain === 'P' ? P_TX_TYPE_IDS : X_TX_TYPE_IDS)[req.txType]
      if (typeId === undefined) throw new Error(`no ${req.chain}-Chain codec ID for ${req.txType}`)
      const w = new ByteWriter().u16(0).u32(typeId)
      if (layout === 'reward') {
        w.bytes(cb58Decode(req.rewardedTxId ?? ''))
      } else {
        const baseIns = layout === 'import' ? paid : inputs
        writeBaseTx(w, this.params.networkId, this.chainBytes[req.chain], regular.map(outSpec), baseIns.map(inSpec), memo)
        if (layout === 'import') {
          w.bytes(cb58Decode(explicit[0]?.createdOnChainId ?? this.chainIds.C)).u32(explicit.length)
          for (const u of explicit) writeTransferableInput(w, inSpec(u))
        }
        if (exported.length > 0) {
          w.bytes(this.chainBytes[exported[0]!.exportTo!]).u32(exported.length)
          for (const o of exported) writeTransferableOutput(w, outSpec(o))
        }
        req.extra?.(w, (outs) => {
          w.u32(outs.length)
          for (const o of outs) writeTransferableOutput(w, o)
        })
      }
      if (req.extra && layout === 'reward') req.extra(w, () => undefined)
      writeCredentials(w, layout === 'reward' ? [] : sigs)
      bytes = w.finish()
    }
    const idBytes = sha256(bytes)
    const txHash = cb58Encode(idBytes)
    this.txIdBytes.set(txHash, idBytes)
    const emitted = ordered.map((o, i) => {
      const consumedOn = o.exportTo ?? req.chain
      const r = this.record(req.chain, txHash, idBytes, i, o.asset ?? asset, o.amount, o.to, o.threshold ?? 1, o.locktime ?? 0n, height, time, consumedOn)
      if (o.stake) {
        r.utxoType = 'STAKE'
        r.staked = true
        r.utxoStartTimestamp = o.stake.start
        r.utxoEndTimestamp = o.stake.end
      }
      if (o.rewardType) r.rewardType = o.rewardType
      return r
    })
    for (const u of inputs) {
      u.consumingTxHash = txHash
      u.consumingBlockNumber = height
      u.consumingBlockTimestamp = time
      u.atomic = false
    }
    for (const r of emitted) {
      if (r.staked) continue
      // exported outputs wait in the destination's shared memory; keyed by their destination chain
      if (r.addresses.length === 1 && !r.atomic) {
        const chain = req.chain
        const owner = ordered[r.outputIndex]!.to[0]!
        this.unspentOf(chain, owner).push(r)
      }
    }
    const amt = (a: AssetInfo, amount: bigint): AssetAmount => ({ ...a, amount })
    const addresses = new Set<string>()
    for (const u of [...inputs, ...emitted]) for (const a of u.addresses) addresses.add(a)
    for (const i of req.evmInputs ?? []) addresses.add(i.from)
    for (const o of req.evmOutputs ?? []) addresses.add(o.to)
    const sent = req.outputs.filter((o) => !o.stake)
    const tx: PrimaryNetworkTx = {
      chain: req.chain,
      txHash,
      txType: req.txType,
      blockNumber: height,
      blockHash: '',
      blockTimestamp: time,
      consumedUtxos: inputs,
      emittedUtxos: emitted,
      sourceChain: explicit[0]?.createdOnChainId ?? this.chainIds[req.chain],
      destinationChain: this.chainIds[exported[0]?.exportTo ?? req.chain],
      value: sent.length > 0 ? [amt(asset, sent.reduce((s, o) => s + o.amount, 0n))] : [],
      amountBurned: req.fee > 0n ? [amt(asset, req.fee)] : [],
      amountStaked: staked.length > 0 ? [amt(asset, staked.reduce((s, o) => s + o.amount, 0n))] : [],
      amountL1ValidatorBalanceBurned: [],
      memo: encodeHexNoChecksum(memo),
      addresses: [...addresses],
      bytes,
      ...req.fields,
    }
    if (req.evmInputs) tx.evmInputs = req.evmInputs.map((i) => ({ fromAddress: i.from, amount: i.amount, nonce: i.nonce }))
    if (req.evmOutputs) tx.evmOutputs = req.evmOutputs.map((o) => ({ toAddress: o.to, amount: o.amount }))
    if (req.chain === 'P') this.pTxJson.set(txHash, this.jsonOf(req, layout, regular, exported, explicit, paid, inputs, sigs, memo))
    block.txs.push(tx)
    this.txs.push(tx)
    return tx
  }

  private jsonOf(
    req: TxRequest,
    layout: string,
    regular: OutputRequest[],
    exported: OutputRequest[],
    explicit: UtxoRecord[],
    paid: UtxoRecord[],
    inputs: UtxoRecord[],
    sigs: Uint8Array[],
    memo: Uint8Array,
  ): Record<string, unknown> {
    const hrp = this.params.hrp
    const outJson = (o: OutputRequest) => ({
      assetID: (o.asset ?? this.avax).assetId,
      fxID: SECP_FX_ID,
      output: {
        addresses: o.to.map((a) => `P-${a.bech32}`),
        amount: Number(o.amount),
        locktime: Number(o.locktime ?? 0n),
        threshold: o.threshold ?? 1,
      },
    })
    const inJson = (u: UtxoRecord) => ({
      txID: u.txHash,
      outputIndex: u.outputIndex,
      assetID: u.asset.assetId,
      fxID: SECP_FX_ID,
      input: { amount: Number(u.amount), signatureIndices: [0] },
    })
    void hrp
    let unsignedTx: Record<string, unknown>
    if (layout === 'reward') {
      unsignedTx = { txID: req.rewardedTxId }
    } else {
      unsignedTx = {
        inputs: {
          networkID: this.params.networkId,
          blockchainID: this.chainIds.P,
          outputs: regular.map(outJson),
          inputs: (layout === 'import' ? paid : inputs).map(inJson),
          memo: encodeHexNoChecksum(memo),
        },
      }
      if (layout === 'import') {
        unsignedTx.sourceChain = explicit[0]?.createdOnChainId
        unsignedTx.importedInputs = explicit.map(inJson)
      }
      if (exported.length > 0) {
        unsignedTx.destinationChain = this.chainIds[exported[0]!.exportTo!]
        unsignedTx.exportedOutputs = exported.map(outJson)
      }
      Object.assign(unsignedTx, req.json ?? {})
    }
    return {
      unsignedTx,
      credentials: (layout === 'reward' ? [] : sigs).map((s) => ({ signatures: [encodeHexNoChecksum(s)] })),
    }
  }
}

function hexAddr(evm: string): Uint8Array {
  return Uint8Array.from(Buffer.from(evm.slice(2), 'hex'))
}
