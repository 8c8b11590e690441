/**
 * core.* (the C-Chain native-asset API) over the data set's C-Chain shared memory, as current nodes
 * answer: the UTXO named in startIndex comes back as the first item of the next page; issueTx takes
 * only txs that pass the checks of ./atomicChecks.ts; core.version is gone (avalanchego v1.14.1).
 * Issued txs start "Processing" and become "Accepted" two C-Chain blocks later; an accepted import
 * consumes its UTXOs and credits anvil. When anvil has no block time of its own the sim mines one
 * block a second, like a quiet chain. Status queries never mine: a client that polls sees
 * "Processing" first however fast it asks.
 */
import { parseAddress, formatAddress } from '../lib/bech32'
import { toHex } from '../lib/bytes'
import { cb58Decode, cb58Encode, EMPTY_ID, parseId } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { decodeHexChecksum, encodeHexChecksum } from '../lib/hexChecksum'
import type { Dataset, UtxoRecord } from '../dataset'
import { firstNotBefore } from '../scale/indexed-list'
import { parseSignedAtomicTx } from '../dataset/atomicCodec'
import type { ParsedAtomicTx } from '../dataset/atomicCodec'
import { checkAtomicTx } from './atomicChecks'
import type { CoreDeps, CoreState } from './coreState'
import type { GorillaMethod } from './jsonrpc'
import { InvalidArgument, MethodError, encodingParam, optString, optStringArray, optUint } from './jsonrpc'

const MAX_UTXOS = 1024
/** what core.version answered before avalanchego v1.14.1 removed it (only with POST /__sim/core {version:true}) */
export const CORE_VERSION = 'v0.15.4'

export { CoreState } from './coreState'
export type { CoreDeps, CoreView } from './coreState'

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
  const methods: Record<string, GorillaMethod> = {
    // Removed from current nodes, which answer gorilla's "can't find method" (the same -32000 error an
    // unknown name gets); POST /__sim/core {"version":true} makes the sim an older node that has it.
    version() {
      if (!state.versionOffered) throw new MethodError('rpc: can\'t find method "core.Version"')
      return { version: CORE_VERSION }
    },
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
      // (address, utxo) pairs in the node's order: by address bytes, then UTXO ID bytes; each address's
      // list is sorted (and, for the large scale's bulk address, computed from the index), so a page
      // starts by binary search and reads only what it returns
      const lists = hexes.map((hex) => ({ hex, list: ds.atomicUtxoList(chain, hex) }))
      let a = 0
      let u = 0
      if (start && typeof start.address === 'string' && start.address !== '' && typeof start.utxo === 'string' && start.utxo !== '') {
        const startHex = toHex(parseCAddress(ds, start.address))
        const key = cb58Decode(start.utxo)
        // as real nodes do, the start UTXO itself comes back first; one that is gone: continue at the
        // position it would have had
        while (a < lists.length && lists[a]!.hex < startHex) a++
        if (a < lists.length && lists[a]!.hex === startHex) {
          const { list } = lists[a]!
          u = firstNotBefore(list.length, (i) => Buffer.compare(list.keyAt(i), key) < 0)
        }
      }
      const page: { hex: string; utxo: UtxoRecord }[] = []
      for (; a < lists.length && page.length < limit; a++, u = 0) {
        const { hex, list } = lists[a]!
        for (; u < list.length && page.length < limit; u++) {
          const utxo = list.at(u)
          if (!state.spent.has(utxo.utxoId)) page.push({ hex, utxo })
        }
      }
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
      const txId = cb58Encode(sha256(bytes))
      state.count(txId)
      let parsed: ParsedAtomicTx
      try {
        parsed = parseSignedAtomicTx(bytes)
      } catch (e) {
        throw new MethodError(`problem parsing transaction: ${(e as Error).message}`)
      }
      const { tx } = parsed
      if (tx.networkId !== ds.params.networkId) throw new MethodError(`tx has wrong network ID: expected ${ds.params.networkId}, got ${tx.networkId}`)
      if (cb58Encode(tx.blockchainId) !== ds.params.cChainId) throw new MethodError('tx has wrong blockchain ID')
      if (state.issued.has(txId) || ds.txById(txId)) throw new MethodError(`tx ${txId} already known`)
      const balanceOf = async (a: string) => BigInt((await deps.evm('eth_getBalance', [a, 'latest'])) as string)
      const checked = await checkAtomicTx(ds, state, parsed, balanceOf)
      await state.issue(txId, bytes, checked.importedUtxoIds, checked.credits)
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
  }
  return methods
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
