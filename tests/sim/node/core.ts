/**
 * core.* (the C-Chain native-asset API) over the data set's C-Chain shared memory. Issued txs start
 * "Processing" and become "Accepted" two C-Chain blocks later; an accepted import consumes its UTXOs.
 * When anvil has no block time of its own the sim mines one block a second, like a quiet chain. Status
 * queries never mine: a client that polls sees "Processing" first however fast it asks.
 */
import { parseAddress, formatAddress } from '../lib/bech32'
import { toHex } from '../lib/bytes'
import { cb58Decode, cb58Encode, EMPTY_ID, parseId } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { decodeHexChecksum, encodeHexChecksum } from '../lib/hexChecksum'
import { utxoIdBytes } from '../lib/ids'
import type { Dataset, UtxoRecord } from '../dataset'
import { parseAtomicTx } from '../dataset/atomicCodec'
import type { GorillaMethod } from './jsonrpc'
import { InvalidArgument, MethodError, encodingParam, optString, optStringArray, optUint } from './jsonrpc'

const MAX_UTXOS = 1024
export const CORE_VERSION = 'v0.15.4'

interface IssuedTx {
  bytes: Uint8Array
  issuedAtBlock: bigint
  acceptedAt?: bigint
  importedUtxoIds: string[]
}

export interface CoreDeps {
  ds: Dataset
  /** JSON-RPC call to anvil */
  evm: (method: string, params?: unknown[]) => Promise<unknown>
  /** true when anvil mines on its own (--block-time) */
  anvilMinesItself: boolean
}

export class CoreState {
  readonly issued = new Map<string, IssuedTx>()
  readonly spent = new Set<string>()
  private timer?: NodeJS.Timeout

  constructor(private readonly deps: CoreDeps) {}

  private async head(): Promise<bigint> {
    return BigInt((await this.deps.evm('eth_blockNumber', [])) as string)
  }

  /** Moves processing txs to accepted once the chain is two blocks past their issue; mines first if asked. */
  async advance(mine = false): Promise<void> {
    const pending = [...this.issued.values()].filter((t) => t.acceptedAt === undefined)
    if (pending.length === 0) return
    if (mine) await this.deps.evm('evm_mine', [])
    const head = await this.head()
    for (const t of pending) {
      if (head >= t.issuedAtBlock + 2n) {
        t.acceptedAt = head
        for (const id of t.importedUtxoIds) this.spent.add(id)
      }
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.advance(!this.deps.anvilMinesItself).catch(() => undefined), 1000)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
  }

  async issue(bytes: Uint8Array, txId: string, importedUtxoIds: string[]): Promise<void> {
    this.issued.set(txId, { bytes, issuedAtBlock: await this.head(), importedUtxoIds })
  }
}

function sourceChainId(ds: Dataset, text: string | undefined): string {
  if (text === undefined || text === '') throw new MethodError('no source chain provided')
  if (text === 'X') return ds.params.xChainId
  if (text === 'P') return ds.params.pChainId
  try {
    parseId(text)
  } catch (e) {
    throw new MethodError(`problem parsing source chainID "${text}": ${(e as Error).message}`)
  }
  return text
}

function parseCAddress(ds: Dataset, a: string): Uint8Array {
  let parsed: ReturnType<typeof parseAddress>
  try {
    parsed = parseAddress(a)
  } catch (e) {
    throw new MethodError(`couldn't parse address "${a}": ${(e as Error).message}`)
  }
  if (parsed.chain !== 'C' && parsed.chain !== ds.params.cChainId) {
    throw new MethodError(`couldn't parse address "${a}": expected chainID to be "${ds.params.cChainId}" but was "${parsed.chain}"`)
  }
  return parsed.shortId
}

export function coreMethods(deps: CoreDeps, state: CoreState): Record<string, GorillaMethod> {
  const { ds } = deps
  const unspent = (chain: string, hex: string): UtxoRecord[] => ds.atomicUtxos(chain, hex).filter((u) => !state.spent.has(u.utxoId))
  return {
    getUTXOs(p) {
      const addresses = optStringArray(p, 'addresses') ?? []
      const encoding = encodingParam(p, ['hex', 'hexc', 'hexnc'])
      const limitArg = optUint(p, 'limit')
      const start = p.startIndex as { address?: unknown; utxo?: unknown } | undefined
      if (start !== undefined && (typeof start !== 'object' || start === null)) throw new InvalidArgument()
      if (addresses.length === 0) throw new MethodError('no addresses provided')
      if (addresses.length > MAX_UTXOS) throw new MethodError(`number of addresses given, ${addresses.length}, exceed maximum, ${MAX_UTXOS}`)
      const chain = sourceChainId(ds, optString(p, 'sourceChain'))
      const limit = limitArg === undefined || limitArg === 0n || limitArg > BigInt(MAX_UTXOS) ? MAX_UTXOS : Number(limitArg)
      const shortIds = addresses.map((a) => parseCAddress(ds, a))
      const hexes = [...new Set(shortIds.map((b) => toHex(b)))].sort()
      // (address, utxo) pairs in the node's order: by address bytes, then UTXO ID bytes
      const pairs: { hex: string; utxo: UtxoRecord }[] = []
      for (const hex of hexes) for (const u of unspent(chain, hex)) pairs.push({ hex, utxo: u })
      let from = 0
      if (start && typeof start.address === 'string' && start.address !== '' && typeof start.utxo === 'string' && start.utxo !== '') {
        const startHex = toHex(parseCAddress(ds, start.address))
        const i = pairs.findIndex((x) => x.hex === startHex && x.utxo.utxoId === start.utxo)
        // a start UTXO that is gone: continue after the position it would have had
        if (i >= 0) from = i + 1
        else {
          const key = toHex(cb58Decode(start.utxo))
          from = pairs.findIndex((x) => x.hex > startHex || (x.hex === startHex && toHex(cb58Decode(x.utxo.utxoId)) > key))
          if (from < 0) from = pairs.length
        }
      }
      const page = pairs.slice(from, from + limit)
      const last = page.at(-1)
      const enc = (b: Uint8Array) => (encoding === 'hexnc' ? `0x${toHex(b)}` : encodeHexChecksum(b))
      return {
        numFetched: String(page.length),
        utxos: page.map((x) => enc(ds.utxoBytes(x.utxo))),
        endIndex: {
          address: last ? formatAddress('C', ds.params.hrp, Buffer.from(last.hex, 'hex')) : formatAddress('C', ds.params.hrp, new Uint8Array(20)),
          utxo: last ? last.utxo.utxoId : EMPTY_ID,
        },
        encoding,
      }
    },
    async issueTx(p) {
      const text = optString(p, 'tx')
      encodingParam(p, ['hex', 'hexc'])
      if (text === undefined) throw new InvalidArgument()
      let bytes: Uint8Array
      try {
        bytes = decodeHexChecksum(text)
      } catch (e) {
        throw new MethodError(`problem decoding transaction: ${(e as Error).message}`)
      }
      let tx: ReturnType<typeof parseAtomicTx>
      try {
        tx = parseAtomicTx(bytes)
      } catch (e) {
        throw new MethodError(`problem parsing transaction: ${(e as Error).message}`)
      }
      if (tx.networkId !== ds.params.networkId) throw new MethodError(`tx has wrong network ID: expected ${ds.params.networkId}, got ${tx.networkId}`)
      if (cb58Encode(tx.blockchainId) !== ds.params.cChainId) throw new MethodError('tx has wrong blockchain ID')
      const txId = cb58Encode(sha256(bytes))
      if (state.issued.has(txId) || ds.txById(txId)) throw new MethodError(`tx ${txId} already known`)
      const imported: string[] = []
      if (tx.kind === 'ImportTx') {
        const source = cb58Encode(tx.sourceChain)
        for (const input of tx.importedInputs) {
          const id = cb58Encode(utxoIdBytes(input.txId, input.outputIndex))
          const known = ds.transactions.length > 0 && ds.txById(cb58Encode(input.txId))?.emittedUtxos.find((u) => u.utxoId === id)
          if (!known || !known.atomic || known.createdOnChainId !== source || state.spent.has(id)) {
            throw new MethodError(`failed to fetch import UTXOs from ${source}: not found`)
          }
          imported.push(id)
        }
      }
      await state.issue(bytes, txId, imported)
      return { txID: txId }
    },
    async getAtomicTxStatus(p) {
      const id = txIdParam(p)
      const issued = state.issued.get(id)
      if (issued) {
        await state.advance()
        return issued.acceptedAt !== undefined ? { status: 'Accepted', blockHeight: issued.acceptedAt.toString() } : { status: 'Processing' }
      }
      const t = ds.txById(id)
      if (t && t.chain === 'C') return { status: 'Accepted', blockHeight: t.blockNumber.toString() }
      return { status: 'Unknown' }
    },
    getAtomicTx(p) {
      const id = txIdParam(p)
      const encoding = encodingParam(p, ['hex', 'hexc', 'hexnc'])
      const enc = (b: Uint8Array) => (encoding === 'hexnc' ? `0x${toHex(b)}` : encodeHexChecksum(b))
      const issued = state.issued.get(id)
      if (issued) {
        return { tx: enc(issued.bytes), encoding, ...(issued.acceptedAt !== undefined ? { blockHeight: issued.acceptedAt.toString() } : {}) }
      }
      const t = ds.txById(id)
      if (!t || t.chain !== 'C') throw new MethodError(`could not find tx ${id}`)
      return { tx: enc(t.bytes), encoding, blockHeight: t.blockNumber.toString() }
    },
    version() {
      return { version: CORE_VERSION }
    },
  }
}

function txIdParam(p: Record<string, unknown>): string {
  const id = optString(p, 'txID')
  if (id === undefined) throw new InvalidArgument()
  let bytes: Uint8Array
  try {
    bytes = parseId(id)
  } catch {
    throw new InvalidArgument()
  }
  if (bytes.every((b) => b === 0)) throw new MethodError('nil transaction ID')
  return id
}
