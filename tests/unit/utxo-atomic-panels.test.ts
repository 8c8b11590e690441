/**
 * The words and checks of the UTXOs and Atomic transactions panels (pure code the panels render):
 * addresses checked against the profile's prefix before anything is sent, a UTXO that does not decode
 * kept as a row with its reason (the sim serves only well-formed UTXOs, so the e2e cannot show one),
 * exact amounts, and the "check before issue" step on the reference tx and on broken text.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeReferenceDir } from '../support/shared'
import { txIdOfHex, viewUtxo } from '../../src/shared/codec'
import { decodeHexChecksum, encodeBech32Address, encodeHexChecksum } from '../../src/shared/domain/encoding'
import type { DecodedAtomicTx, DecodedUtxo, OwnerFormat, UtxoView } from '../../src/shared/codec'
import type { IssuedTx } from '../../src/shared/contract'

// The panels' format modules belong to the renderer's TypeScript project, not to the one the tests are
// checked in: loaded by path here, with the signatures the test relies on written out.
interface Row { key: string; hex: string; utxo: DecodedUtxo | null; reason: string | null }
interface UtxoFormat {
  checkAddresses(text: string, hrp: string): { addresses: string[]; problems: string[] }
  rowsOf(views: readonly UtxoView[]): Row[]
  filterRows(rows: readonly Row[], text: string, shown: 'all' | 'decoded' | 'broken'): Row[]
  compareAmount(a: Row, b: Row): number
  amountText(amount: string, assetID: string): string
  locktime(locktime: string): { text: string; title: string }
  sourceChainKind(source: string | undefined): 'x-chain' | 'p-chain' | null
  asCChainAddress(word: string): string | null
}
interface AtomicFormat {
  checkSignedTx(text: string, owners: OwnerFormat): { ok: true; hex: string; txID: string; decoded: DecodedAtomicTx } | { ok: false; reason: string }
  txSummary(d: DecodedAtomicTx): string
  feeText(d: DecodedAtomicTx): string
  knownBeforeIssue(seen: { status: string; height?: string } | null, latest: IssuedTx | null): { lines: string[]; sendAgain: boolean }
}
const panels = '../../src/renderer/src/panels'
const { amountText, asCChainAddress, checkAddresses, compareAmount, filterRows, locktime, rowsOf, sourceChainKind } = (await import(`${panels}/utxos/format`)) as UtxoFormat
const { blockTxs } = (await import(`${panels}/chains/block-txs`)) as { blockTxs(json: unknown): { type: string; inputTxIDs: string[]; outputs: string | null; sourceChain: string | null }[] }
const { checkSignedTx, feeText, knownBeforeIssue, txSummary } = (await import(`${panels}/atomic/format`)) as AtomicFormat

const ref = (name: string) => JSON.parse(readFileSync(join(nodeReferenceDir(), name), 'utf8'))
const owners = { hrp: 'avax', chain: 'C' }
const utxoHexes = ref('core.getUTXOs.1.json').response.result.utxos as string[]
const txHex = ref('core.getAtomicTx.1.json').response.result.tx as string
const addr = (hrp: string, chain?: string) => encodeBech32Address(hrp, new Uint8Array(20).fill(7), chain)

describe('address check before sending', () => {
  it('takes C- addresses with the profile prefix, once each', () => {
    const a = addr('avax', 'C')
    expect(checkAddresses(`${a}, ${a}\n`, 'avax')).toEqual({ addresses: [a], problems: [] })
  })
  it('says what is wrong with each other address', () => {
    const r = checkAddresses(`${addr('avax', 'X')} ${addr('fuji', 'C')} ${addr('avax')} C-avax1notanaddress`, 'avax')
    expect(r.addresses).toEqual([])
    expect(r.problems).toHaveLength(4)
    expect(r.problems[0]).toMatch(/starts with X-: write it as C-avax1/)
    expect(r.problems[1]).toMatch(/has the prefix fuji, but this profile's network uses avax/)
    expect(r.problems[2]).toMatch(/has no chain prefix/)
    expect(r.problems[3]).toMatch(/is not a bech32 address .*C-avax1…/)
    expect(checkAddresses('  ', 'avax').problems).toEqual(['Give at least one address, such as C-avax1…'])
  })
})

describe('UTXO rows', () => {
  const bytes = decodeHexChecksum(utxoHexes[0]!)
  const badChecksum = `${utxoHexes[1]!.slice(0, -2)}${utxoHexes[1]!.endsWith('00') ? '01' : '00'}`
  const unknownCodec = encodeHexChecksum(Uint8Array.from([0, 9, ...bytes.slice(2)]))
  const views = [utxoHexes[0]!, badChecksum, unknownCodec].map((h) => viewUtxo(h, owners))

  it('keeps a UTXO that does not decode as a row with its reason, beside the decoded ones', () => {
    const rows = rowsOf(views)
    expect(rows.map((r) => r.utxo !== null)).toEqual([true, false, false])
    expect(rows[1]).toMatchObject({ hex: badChecksum, utxo: null })
    expect(rows[1]!.reason).toMatch(/^Does not decode: .*checksum/)
    expect(rows[2]!.reason).toMatch(/^Does not decode: .*unknown codec version 9/)
    expect(new Set(rows.map((r) => r.key)).size).toBe(3)
    expect(filterRows(rows, '', 'broken')).toEqual([rows[1], rows[2]])
    // no filter: the rows themselves (a big set arrives in parts; no copy of it per part)
    expect(filterRows(rows, '  ', 'all')).toBe(rows)
    expect(filterRows(rows, 'codec version 9', 'all')).toEqual([rows[2]])
    expect(filterRows(rows, rows[0]!.utxo!.txID.toLowerCase(), 'decoded')).toEqual([rows[0]])
    // broken rows sort below any amount
    expect([...rows].sort(compareAmount)[2]).toBe(rows[0])
  })

  it('writes amounts exactly, 2^64-1 with every digit', () => {
    const avax = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'
    expect(amountText('18446744073709551615', avax)).toBe('18,446,744,073.709551615 AVAX')
    expect(amountText('18446744073709551615', '2x')).toBe('18,446,744,073,709,551,615 units')
    expect(locktime('0').text).toBe('none')
    expect(locktime('1700000000').text).toMatch(/^2023-11-1[45] \d\d:\d\d:20$/)
    expect(locktime('1700000000').title).toBe('2023-11-14 22:13:20 UTC · 1700000000 (unix seconds)')
    expect(locktime('18446744073709551615').text).toBe('18446744073709551615')
    expect(sourceChainKind('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM')).toBe('x-chain')
    expect(sourceChainKind('P')).toBe('p-chain')
    expect(sourceChainKind('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5')).toBeNull()
  })

  it('offers the C- form of an X-/P- address (review #33)', () => {
    expect(asCChainAddress('X-avax1hx5xr4j4hx932760979lg46ewcc752y0n0fq95')).toBe('C-avax1hx5xr4j4hx932760979lg46ewcc752y0n0fq95')
    expect(asCChainAddress('P-fuji1qqqq')).toBe('C-fuji1qqqq')
    expect(asCChainAddress('C-avax1hx5xr4j4hx932760979lg46ewcc752y0n0fq95')).toBeNull()
  })

  it('lists the transactions of a P-Chain block by type with what they spend (review #29)', () => {
    const rows = blockTxs({
      txs: [
        { unsignedTx: { txID: 'rewarded1' }, credentials: [] },
        { unsignedTx: { inputs: { outputs: [{ output: { amount: 5, addresses: ['P-a'] } }], inputs: [{ txID: 'in1' }] }, sourceChain: 'X1', importedInputs: [{ txID: 'in2' }] } },
        'not a tx'
      ]
    })
    expect(rows.map((r) => r.type)).toEqual(['RewardValidatorTx', 'ImportTx'])
    expect(rows[0]!.inputTxIDs).toEqual(['rewarded1'])
    expect(rows[1]).toMatchObject({ inputTxIDs: ['in1', 'in2'], outputs: '5', sourceChain: 'X1' })
  })
})

describe('check before issue', () => {
  it('decodes a signed tx and derives its txID as the node does', () => {
    const c = checkSignedTx(`  ${txHex}\n`, owners)
    if (!c.ok) throw new Error(c.reason)
    expect(c.txID).toBe(txIdOfHex(txHex))
    expect(c.hex).toBe(txHex)
    expect(txSummary(c.decoded)).toMatch(/^(ImportTx|ExportTx): /)
    expect(feeText(c.decoded)).not.toBe('')
  })
  it('refuses broken text with what is wrong', () => {
    expect(checkSignedTx('0x123', owners)).toEqual({ ok: false, reason: 'The transaction must be 0x followed by an even number of hex digits' })
    const flipped = `${txHex.slice(0, -2)}${txHex.endsWith('00') ? '01' : '00'}`
    const bad = checkSignedTx(flipped, owners)
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.reason).toMatch(/^Not sent: .*checksum/)
    const short = checkSignedTx(encodeHexChecksum(decodeHexChecksum(txHex).slice(0, 40)), owners)
    expect(!short.ok && short.reason).toMatch(/^Not sent: /)
  })
})

describe('what the confirmation repeats before an issue (review #8, N2)', () => {
  const send = (outcome: IssuedTx['outcome'], more: Partial<IssuedTx> = {}): IssuedTx => ({ id: 'e1', node: 'http://n', txID: 't', hex: '0x00', requestedAt: 0, outcome, ...more })
  const known = { code: 'RPC' as const, message: 'the node refused', details: { rpcCode: -32000, method: 'core.issueTx', upstreamMessage: 'tx t already known' } }
  it('asks for a second choice after a tx seen Accepted, or a refusal the node answered', () => {
    expect(knownBeforeIssue({ status: 'Accepted', height: '12' }, null)).toEqual({
      lines: ['The app has already seen this tx Accepted at height 12: the node will refuse the same bytes as known.'],
      sendAgain: true
    })
    const refused = knownBeforeIssue(null, send('refused', { byNode: true, error: known, finishedAt: 5 }))
    expect(refused.sendAgain).toBe(true)
    expect(refused.lines[0]).toMatch(/^The node refused these bytes at .* \(journal entry e1\): “tx t already known”\.$/)
  })
  it('asks nothing more when the send never reached the node, or when main refuses whatever is ticked', () => {
    const never = knownBeforeIssue(null, send('refused', { byNode: false, error: { code: 'NETWORK', message: 'connection refused', details: { url: 'http://n' } } }))
    expect(never.sendAgain).toBe(false)
    expect(never.lines[0]).toContain('did not reach the node')
    const taken = knownBeforeIssue({ status: 'Accepted', height: '12' }, send('accepted'))
    expect(taken.sendAgain).toBe(false)
    expect(taken.lines[1]).toContain('the app will refuse to send them again')
    expect(knownBeforeIssue(null, null)).toEqual({ lines: [], sendAgain: false })
  })
})
