/**
 * The deterministic Primary Network data set: `createDataset(seed, network)` (memoised) returns the
 * same addresses, validators, subnets, L1 validators, P-Chain blocks, transactions and UTXOs for the
 * same seed. Records are plain data; the Dataset class adds lookups. `jsonSafe()` gives wire form.
 */
import { bech32Decode } from '../lib/bech32'
import { ByteWriter, toHex } from '../lib/bytes'
import { cb58Decode, cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { WELL_KNOWN_ADDRESS_NAMES, describeWellKnown } from './addresses'
import type { WellKnownAddressName } from './addresses'
import type { WellKnownNodes } from './context'
import { DATASET_NOW, NETWORKS, PRIMARY_NETWORK_ID, VM_IDS } from './constants'
import type { NetworkName, NetworkParams } from './constants'
import { generateCached } from './disk-cache'
import { generate, type Generated } from './generate'
import { encodeUtxo } from './txCodec'
import { BulkAddress, LARGE_SCALE, extraValidators } from '../scale/bulk'
import type { SimScale, SortedUtxos } from '../scale/bulk'
import { arrayList } from '../scale/indexed-list'
import type {
  AssetInfo, Blockchain, BlockchainStatus, L1Validator, PBalance, PBlock, PrimaryNetworkTx,
  PrimaryValidator, Subnet, UtxoRecord, WellKnownAddress, XVertex,
} from './types'

export type * from './types'
export type { NetworkName, NetworkParams, PrimaryNetworkTxType } from './constants'
export type { WellKnownNodes } from './context'
export type { WellKnownAddressName } from './addresses'
export { LARGE_SCALE, SIM_SCALES } from '../scale/bulk'
export type { BulkAddress, SimScale, SortedUtxos } from '../scale/bulk'
export type { IndexedList } from '../scale/indexed-list'
export { DATASET_NOW, NETWORKS, PRIMARY_NETWORK_ID, PRIMARY_NETWORK_TX_TYPES, VM_IDS } from './constants'

/** A well-known address with its private key (hex, no 0x): the sim's tests sign with it. */
export interface SignerAddress extends WellKnownAddress {
  privateKeyHex: string
  /** the X-Chain ExportTx whose outputs wait for it in the C-Chain shared memory */
  exportTxId: string
}

export class Dataset {
  /** the seed it was generated from */
  readonly seed: number
  readonly network: NetworkName
  /** network ID, hrp, chain IDs, AVAX asset ID */
  readonly params: NetworkParams
  /** the data set's clock (unix seconds); all times are relative to it */
  readonly now = DATASET_NOW
  /** AVAX */
  readonly avax: AssetInfo
  /** named addresses for demos and tests */
  readonly wellKnown: Record<WellKnownAddressName, WellKnownAddress>
  /** the address with >= 5,000 atomic UTXOs on the C-Chain (core.getUTXOs paging) */
  readonly richAddress: WellKnownAddress
  /**
   * the one address whose private key the data set knows: its UTXOs in the C-Chain shared memory (from
   * the X-Chain) can be imported with a correctly signed tx (see signing.ts)
   */
  readonly signer: SignerAddress
  /** named node IDs: self (the sim's node), disconnected, l1, notValidator */
  readonly nodes: WellKnownNodes
  /** the data set's size: 'large' adds `bulk` and 3,000 more validators (see ./bulk) */
  readonly scale: SimScale
  /** --scale large only: the address with 100,000 atomic UTXOs and 1,000,000 P-Chain txs */
  readonly bulk?: BulkAddress
  /** current Primary Network validators (~2,000; 5,000 at the large scale) with their delegators */
  readonly validators: PrimaryValidator[]
  /** subnets and L1s, with their blockchains and (PoA) validators */
  readonly subnets: Subnet[]
  /** L1 validators, active and inactive */
  readonly l1Validators: L1Validator[]
  /** every Primary Network tx (P, X and C atomic), oldest first */
  readonly transactions: PrimaryNetworkTx[]
  /** P-Chain blocks, by ascending height */
  readonly pBlocks: PBlock[]
  /** X-Chain vertices (the older, DAG-era X txs) */
  readonly vertices: XVertex[]
  /** current supply of the Primary Network (nAVAX) */
  readonly supply: bigint
  /** every blockchain but the P-Chain: X, C and the subnet chains */
  readonly blockchains: Blockchain[]
  /** a blockchain whose creation is proposed but not accepted (status Preferred) */
  readonly preferredBlockchainId: string
  /** a well-formed blockchain ID nobody proposed (status Unknown) */
  readonly unknownBlockchainId: string
  private readonly pTxJsonMap: Map<string, Record<string, unknown>>
  private txIndex?: Map<string, PrimaryNetworkTx>
  private blockIndex?: Map<string, PBlock>
  private atomicIndex?: Map<string, UtxoRecord[]>
  private addressTxIndex?: Map<string, PrimaryNetworkTx[]>
  private pUtxoIndex?: Map<string, UtxoRecord[]>

  /** `generated`: the generators' output for (seed, network), when it was read from the disk cache. */
  constructor(seed: number, network: NetworkName, generated?: Generated, scale: SimScale = 'small') {
    const g = generated ?? generate(seed, network)
    this.seed = seed
    this.scale = scale
    this.network = network
    this.params = NETWORKS[network]
    this.avax = g.avax
    this.wellKnown = {} as Record<WellKnownAddressName, WellKnownAddress>
    WELL_KNOWN_ADDRESS_NAMES.forEach((n, i) => (this.wellKnown[n] = describeWellKnown(n, g.pools.wellKnown[n], i)))
    this.richAddress = this.wellKnown.rich
    const a = g.signer.addr
    this.signer = {
      name: 'signer', description: 'address with a known private key; its X-Chain UTXOs wait in the C-Chain shared memory',
      shortIdHex: a.hex, bech32: a.bech32, pChain: `P-${a.bech32}`, xChain: `X-${a.bech32}`, cChain: `C-${a.bech32}`,
      evm: g.signer.key.evm, privateKeyHex: toHex(g.signer.key.privateKey), exportTxId: g.signer.exportTx.txHash,
    }
    this.nodes = g.nodes
    this.validators = g.validators
    if (scale === 'large') {
      this.bulk = new BulkAddress(seed, this.params, g.avax, this.now)
      this.validators = [...g.validators, ...extraValidators(seed, LARGE_SCALE.validators - g.validators.length, this.bulk.address.bech32, this.now)]
    }
    this.subnets = g.subnets
    this.l1Validators = g.l1Validators
    this.transactions = g.transactions
    this.pBlocks = g.pBlocks
    this.pTxJsonMap = g.pTxJson
    this.supply = g.supply
    this.preferredBlockchainId = g.preferredChainId
    this.unknownBlockchainId = g.unknownChainId
    const primary = (id: string, name: string, vmId: string, evmChainId: number): Blockchain => ({
      blockchainId: id, name, subnetId: PRIMARY_NETWORK_ID, vmId, evmChainId, status: 'Validating',
      createBlockTimestamp: 1600646400, createBlockNumber: 0n, genesisData: {},
    })
    this.blockchains = [
      primary(this.params.xChainId, 'X-Chain', VM_IDS.avm, 0),
      primary(this.params.cChainId, 'C-Chain', VM_IDS.evm, this.params.evmChainId),
      ...this.subnets.flatMap((s) => s.blockchains),
    ]
    this.vertices = makeVertices(this.transactions.filter((t) => t.chain === 'X'))
  }

  txById(id: string): PrimaryNetworkTx | undefined {
    if (!this.txIndex) this.txIndex = new Map(this.transactions.map((t) => [t.txHash, t]))
    return this.txIndex.get(id)
  }

  /** The JSON form of a P-Chain tx as platform.getBlock with encoding json shows it */
  pTxJson(id: string): Record<string, unknown> | undefined {
    return this.pTxJsonMap.get(id)
  }

  pBlockById(id: string): PBlock | undefined {
    if (!this.blockIndex) this.blockIndex = new Map(this.pBlocks.map((b) => [b.blockId, b]))
    return this.blockIndex.get(id)
  }

  pBlockByHeight(height: bigint): PBlock | undefined {
    const first = this.pBlocks[0]
    if (!first) return undefined
    const b = this.pBlocks[Number(height - first.height)]
    return b && b.height === height ? b : undefined
  }

  /** UTXOs of `shortIdHex` in the C-Chain shared memory exported from `sourceChain`, in UTXO-ID byte order. */
  atomicUtxos(sourceChainId: string, shortIdHex: string): UtxoRecord[] {
    if (!this.atomicIndex) {
      this.atomicIndex = new Map()
      const sortKey = new Map<UtxoRecord, string>()
      for (const t of this.transactions) {
        for (const u of t.emittedUtxos) {
          if (!u.atomic || u.consumedOnChainId !== this.params.cChainId) continue
          for (const a of u.addresses) {
            const key = `${u.createdOnChainId}:${toHex(bech32Decode(a).data)}`
            let list = this.atomicIndex.get(key)
            if (!list) this.atomicIndex.set(key, (list = []))
            list.push(u)
          }
          sortKey.set(u, toHex(cb58Decode(u.utxoId)))
        }
      }
      for (const list of this.atomicIndex.values()) list.sort((a, b) => (sortKey.get(a)! < sortKey.get(b)! ? -1 : 1))
    }
    return this.atomicIndex.get(`${sourceChainId}:${shortIdHex}`) ?? []
  }

  /** atomicUtxos as a sorted list with each UTXO's ID bytes; the bulk address's is computed from the index. */
  atomicUtxoList(sourceChainId: string, shortIdHex: string): SortedUtxos {
    if (this.bulk && sourceChainId === this.params.xChainId && shortIdHex === this.bulk.address.shortIdHex) return this.bulk.atomicUtxos()
    const list = this.atomicUtxos(sourceChainId, shortIdHex)
    return { ...arrayList(list), keyAt: (i) => cb58Decode(list[i]!.utxoId) }
  }

  /** Codec bytes of a UTXO (as core.getUTXOs hex-encodes them) */
  utxoBytes(u: UtxoRecord): Uint8Array {
    return encodeUtxo(cb58Decode(u.txHash), u.outputIndex, {
      assetId: cb58Decode(u.asset.assetId),
      amount: u.amount,
      locktime: u.locktime,
      threshold: u.threshold,
      addrs: u.addresses.map((a) => bech32Decode(a).data),
    })
  }

  /** Transactions (any chain) touching a bare bech32 address, oldest first */
  transactionsOf(bech32: string): PrimaryNetworkTx[] {
    if (!this.addressTxIndex) {
      this.addressTxIndex = new Map()
      for (const t of this.transactions) {
        for (const a of t.addresses) {
          let list = this.addressTxIndex.get(a)
          if (!list) this.addressTxIndex.set(a, (list = []))
          list.push(t)
        }
      }
    }
    return this.addressTxIndex.get(bech32) ?? []
  }

  /** Unspent P-Chain UTXOs (not staked) of a 20-byte address, as platform.getBalance counts them */
  pUtxos(shortIdHex: string): UtxoRecord[] {
    if (!this.pUtxoIndex) {
      this.pUtxoIndex = new Map()
      for (const t of this.transactions) {
        if (t.chain !== 'P') continue
        for (const u of t.emittedUtxos) {
          if (u.consumingTxHash || u.staked || u.atomic) continue
          for (const a of u.addresses) {
            const key = toHex(bech32Decode(a).data)
            let list = this.pUtxoIndex.get(key)
            if (!list) this.pUtxoIndex.set(key, (list = []))
            list.push(u)
          }
        }
      }
    }
    return this.pUtxoIndex.get(shortIdHex) ?? []
  }

  /** `now`: the P-Chain clock (unix seconds) the locktimes are compared with; default the data set's clock */
  pBalance(shortIdHex: string, now: number = this.now): PBalance {
    const out: PBalance = { unlocked: 0n, lockedStakeable: 0n, lockedNotStakeable: 0n, utxoIds: [] }
    for (const u of this.pUtxos(shortIdHex)) {
      if (u.asset.assetId !== this.avax.assetId) continue
      if (u.locktime > BigInt(now)) out.lockedNotStakeable += u.amount
      else out.unlocked += u.amount
      out.utxoIds.push({ txID: u.txHash, outputIndex: u.outputIndex })
    }
    return out
  }

  blockchainStatus(id: string): BlockchainStatus {
    if (id === this.params.pChainId) return 'Validating'
    const chain = this.blockchains.find((b) => b.blockchainId === id)
    if (chain) return chain.status
    return id === this.preferredBlockchainId ? 'Preferred' : 'Unknown'
  }

  subnetById(id: string): Subnet | undefined {
    return this.subnets.find((s) => s.subnetId === id)
  }
}

/** Groups the older third of the X-Chain txs into DAG vertices. */
function makeVertices(xTxs: PrimaryNetworkTx[]): XVertex[] {
  const dagEra = xTxs.slice(0, Math.floor(xTxs.length / 3))
  const vertices: XVertex[] = []
  let parents: string[] = []
  for (let i = 0, h = 0; i < dagEra.length; h++) {
    const n = 1 + (h % 4)
    const txs = dagEra.slice(i, i + n)
    i += n
    const w = new ByteWriter().u64(h)
    for (const t of txs) w.bytes(cb58Decode(t.txHash))
    const hash = cb58Encode(sha256(w.finish()))
    for (const t of txs) t.vertexHash = hash
    vertices.push({
      vertexHash: hash,
      parentHashes: parents,
      vertexHeight: h,
      vertexIndex: h,
      vertexTimestamp: txs[0]!.blockTimestamp,
      transactions: txs.map((t) => t.txHash),
      vertexSizeBytes: 48 + txs.reduce((s, t) => s + t.bytes.length, 0),
    })
    parents = [hash]
  }
  return vertices
}

const memo = new Map<string, Dataset>()

/** The data set for (seed, network, scale), generated once per process (and once per generator version on disk). */
export function createDataset(seed: number, network: NetworkName = 'mainnet', scale: SimScale = 'small'): Dataset {
  const key = `${seed}:${network}:${scale}`
  let ds = memo.get(key)
  if (!ds) memo.set(key, (ds = new Dataset(seed, network, generateCached(seed, network), scale)))
  return ds
}

/** A fresh, un-memoised generation (determinism tests compare two of these). */
export function generateDataset(seed: number, network: NetworkName = 'mainnet'): Dataset {
  return new Dataset(seed, network)
}

/** Deep copy with bigint -> decimal string and bytes -> 0x-hex: the wire form of a record. */
export function jsonSafe<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? `0x${toHex(v)}` : v)))
}

/** sha256 over the whole data set's content (for determinism checks). */
export function datasetDigest(ds: Dataset): string {
  const h = new ByteWriter()
  void h
  const text = JSON.stringify(
    { w: ds.wellKnown, n: ds.nodes, v: ds.validators, s: ds.subnets, l: ds.l1Validators, t: ds.transactions, b: ds.pBlocks, x: ds.vertices, sup: ds.supply },
    (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? toHex(v) : v),
  )
  return toHex(sha256(new TextEncoder().encode(text)))
}
