/**
 * Rows shaped like the data service's P-Chain transaction pages: one address exporting to the C-Chain (an
 * ExportTx consuming one UTXO, with the fields PChainUtxo requires), ~1.5 KB of JSON each. That is the
 * size of a common real one: the data service's documented P-Chain ExportTx example is 826 bytes with its
 * UTXO lists left empty, and one listed UTXO adds ~690 bytes. (The sim's bulk history, tests/sim/scale/bulk.ts,
 * carries every optional field, ~2.8 KB, to exercise the schemas; a cache of a million of those is 4 GB and
 * measures the disk more than the cache.) Made from their index with string operations only, so a million
 * take seconds: the IDs are base58 text of the length of real ones, unique per index, not real hashes.
 */
import { PRIMARY_TX_SOURCE } from '../../src/main/cache/entity-extract/data-service'
import type { EntityMeta } from '../../src/main/cache/entities-store'

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const P_CHAIN = '11111111111111111111111111111111LpoYY'
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'
export const FIXTURE_ADDRESS = 'avax1h8zt04mfmy44jmze4dmuzsk7qzzk3pfj6tp0tp'
/** the data set's clock (tests/sim/dataset/constants.ts), ms */
const NOW_S = 1795132800

/** A 49-character base58 ID, unique per (tag, i). */
export function fixtureId(tag: number, i: number): string {
  let a = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(tag + 7, 0x85ebca6b)) >>> 0
  let b = (Math.imul(i ^ 0x5bd1e995, 0xc2b2ae35) + tag) >>> 0
  let out = ''
  for (let k = 0; k < 40; k++) {
    a = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) >>> 0
    b = (b + 0x6d2b79f5) >>> 0
    out += B58[((a ^ b) >>> 0) % 58]
  }
  // the index itself at the end, so two indexes never collide
  let n = i
  let tail = ''
  for (let k = 0; k < 9; k++) {
    tail = B58[n % 58]! + tail
    n = Math.floor(n / 58)
  }
  return out + tail
}

const asset = (amount: string) => ({ assetId: AVAX, name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount })

/** The history's transaction i (oldest first, 20 s apart, the last one a minute before the clock). */
export function fixtureTx(i: number, count: number): Record<string, unknown> {
  const time = NOW_S - 60 - (count - 1 - i) * 20
  const hash = fixtureId(1, i)
  // the UTXO transaction j emitted, and (when spent) what spent it; the data service omits the consuming fields of an unspent one
  const utxo = (j: number, spent?: { by: string; at: number }) => {
    const amount = String(50_000_000_000_000_000n - 1_000_000n * BigInt(j + 1))
    return {
      addresses: [FIXTURE_ADDRESS], asset: asset(amount), consumedOnChainId: P_CHAIN, createdOnChainId: P_CHAIN, utxoId: fixtureId(3, j), amount, assetId: AVAX,
      blockNumber: String(20_000_000 + j), blockTimestamp: time - (i - j) * 20, outputIndex: 0, txHash: fixtureId(1, j), utxoType: 'TRANSFER',
      ...(spent ? { consumingTxHash: spent.by, consumingBlockTimestamp: spent.at } : {}),
    }
  }
  return {
    txHash: hash, txType: 'ExportTx', blockTimestamp: time, blockNumber: String(20_000_000 + i), blockHash: fixtureId(2, i),
    consumedUtxos: [utxo(i - 1, { by: hash, at: time })], emittedUtxos: [], sourceChain: P_CHAIN, destinationChain: C_CHAIN,
    value: [asset('1000000000')], amountBurned: [asset('1000000')], amountStaked: [], amountL1ValidatorBalanceBurned: [],
  }
}

/** Where the fixture's rows say they came from (as the data path would record a list's page). */
export const FIXTURE_META: EntityMeta = { network: 'mainnet', profileId: null, scope: 'http://127.0.0.1:9', source: PRIMARY_TX_SOURCE, fetchedAt: 1_795_132_800_000 }
