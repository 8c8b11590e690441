/**
 * core.* in the sim as real nodes answer (reference/node-rpc, case core.getUTXOs.1 and the notes on
 * issueTx and version): the startIndex UTXO repeated on the next page, issueTx checking structure,
 * amounts, conflicts and signatures, anvil credited on acceptance and agreeing with the data set's
 * heights, core.version removed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { post, rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'
import { buildSignedImport, signerUtxos } from '../../sim/index'
import { encodeAtomicTx, encodeUnsignedAtomicTx, parseSignedAtomicTx } from '../../sim/dataset/atomicCodec'
import { signUnsigned } from '../../sim/dataset/keys'
import { encodeHexChecksum } from '../../sim/lib/hexChecksum'
import { fromHex } from '../../sim/lib/bytes'
import { cb58Encode } from '../../sim/lib/cb58'
import { sha256 } from '../../sim/lib/hash'

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

const core = (method: string, params: unknown) => rpc(sim, '/ext/bc/C/core', method, params)
const evm = async (method: string, params: unknown[]) => (await rpc(sim, '/ext/bc/C/rpc', method, params)).result
async function waitAccepted(txID: string): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < 100; i++) {
    const s = (await core('core.getAtomicTxStatus', { txID })).result.status as string
    seen.push(s)
    if (s !== 'Processing') break
    await new Promise((r) => setTimeout(r, 200))
  }
  return seen
}

describe('core.getUTXOs paging as real nodes', () => {
  it('repeats the startIndex UTXO as the first item of the next page, and ends on a page holding only it', async () => {
    const addresses = [sim.dataset.wellKnown.operator.cChain]
    const all = (await core('core.getUTXOs', { addresses, sourceChain: 'X', limit: 1024 })).result
    const n = Number(all.numFetched)
    expect(n).toBeGreaterThan(3)
    const first = (await core('core.getUTXOs', { addresses, sourceChain: 'X', limit: 3 })).result
    expect(first.utxos).toEqual(all.utxos.slice(0, 3))
    const second = (await core('core.getUTXOs', { addresses, sourceChain: 'X', limit: 3, startIndex: first.endIndex })).result
    expect(second.utxos[0]).toBe(first.utxos[2])
    expect(second.utxos).toEqual(all.utxos.slice(2, 5))
    const last = (await core('core.getUTXOs', { addresses, sourceChain: 'X', limit: 1024, startIndex: all.endIndex })).result
    expect(last.numFetched).toBe('1')
    expect(last.utxos).toEqual([all.utxos[n - 1]])
    expect(last.endIndex).toEqual(all.endIndex)
  })
})

describe('core.issueTx as real nodes', () => {
  it('refuses all-zero signatures, outputs above inputs, no inputs, and an unknown UTXO, and counts every submission', async () => {
    const ds = sim.dataset
    const good = buildSignedImport(ds, { utxos: signerUtxos(ds).slice(5, 6) })
    const parsed = parseSignedAtomicTx(good.bytes)
    const zeroSig = encodeHexChecksum(encodeAtomicTx(parsed.tx, [new Uint8Array(65)]))
    expect((await core('core.issueTx', { tx: zeroSig })).error.message).toMatch(/invalid signature/)
    const tx = parsed.tx
    if (tx.kind !== 'ImportTx') throw new Error('expected an import')
    const key = fromHex(ds.signer.privateKeyHex)
    const signed = (t: typeof tx) => encodeHexChecksum(encodeAtomicTx(t, t.importedInputs.map(() => signUnsigned(encodeUnsignedAtomicTx(t), key))))
    const tooMuch = { ...tx, outs: [{ ...tx.outs[0]!, amount: tx.importedInputs[0]!.amount + 1n }] }
    expect((await core('core.issueTx', { tx: signed(tooMuch) })).error.message).toMatch(/insufficient funds/)
    const noInputs = { ...tx, importedInputs: [] }
    expect((await core('core.issueTx', { tx: signed(noInputs) })).error.message).toMatch(/no imported inputs/)
    const otherKey = buildSignedImport(ds, { utxos: signerUtxos(ds).slice(5, 6), privateKeyHex: '11'.repeat(32) })
    expect((await core('core.issueTx', { tx: otherKey.hex })).error.message).toMatch(/does not recover to the UTXO's owner/)
    const rich = ds.atomicUtxos(ds.params.xChainId, ds.richAddress.shortIdHex)[0]!
    const notOurs = buildSignedImport(ds, { utxos: [rich] })
    expect((await core('core.issueTx', { tx: notOurs.hex })).error.message).toMatch(/invalid signature/)
    const view = sim.core.view()
    expect(Object.values(view.submissions).reduce((a, b) => a + b, 0)).toBe(5)
  })

  it('takes a signed import once, refuses a second tx spending the same UTXO, and credits anvil when accepted', async () => {
    const ds = sim.dataset
    const utxo = signerUtxos(ds)[0]!
    const to = '0x00000000000000000000000000000000000c0ffe'
    const before = BigInt(await evm('eth_getBalance', [to, 'latest']))
    const a = buildSignedImport(ds, { utxos: [utxo], to })
    const b = buildSignedImport(ds, { utxos: [utxo], to, fee: 2_000_000n })
    const { txID } = (await core('core.issueTx', { tx: a.hex, encoding: 'hex' })).result
    const conflict = (await core('core.issueTx', { tx: b.hex })).error
    expect(conflict.code).toBe(-32000)
    expect(conflict.message).toMatch(/conflicting atomic inputs/)
    expect((await core('core.issueTx', { tx: a.hex })).error.message).toMatch(/already known/)
    const seen = await waitAccepted(txID)
    expect(seen[0]).toBe('Processing')
    expect(seen.at(-1)).toBe('Accepted')
    const after = BigInt(await evm('eth_getBalance', [to, 'latest']))
    expect(after - before).toBe((utxo.amount - 1_000_000n) * 1_000_000_000n)
    // spent now: gone from the shared memory, and a new tx spending it is refused
    const page = (await core('core.getUTXOs', { addresses: [ds.signer.cChain], sourceChain: 'X' })).result
    expect(page.utxos).toHaveLength(signerUtxos(ds).length - 1)
    expect((await core('core.issueTx', { tx: b.hex })).error.message).toMatch(/not found/)
    expect(sim.core.view().submissions[txID]).toBe(2)
  })

  it('drops the reply after taking the tx when asked: the tx is taken and counted once', async () => {
    const ds = sim.dataset
    const t = buildSignedImport(ds, { utxos: signerUtxos(ds).slice(1, 2) })
    const txID = cb58Encode(sha256(t.bytes))
    expect(sim.core.configure({ dropIssueReplies: 1 }).dropIssueReplies).toBe(1)
    await expect(post(`${sim.nodeUrl}/ext/bc/C/core`, { jsonrpc: '2.0', id: 1, method: 'core.issueTx', params: { tx: t.hex } })).rejects.toThrow()
    expect(sim.core.view()).toMatchObject({ dropIssueReplies: 0, submissions: { [txID]: 1 } })
    expect((await waitAccepted(txID)).at(-1)).toBe('Accepted')
  })
})

describe('heights and core.version as current nodes', () => {
  it('every C-Chain height of the data set atomic txs exists on anvil', async () => {
    const c = sim.dataset.transactions.filter((t) => t.chain === 'C')
    const last = c.at(-1)!
    const head = BigInt(await evm('eth_blockNumber', []))
    expect(head).toBeGreaterThanOrEqual(last.blockNumber)
    const block = await evm('eth_getBlockByNumber', [`0x${last.blockNumber.toString(16)}`, false])
    expect(block).not.toBeNull()
    const status = (await core('core.getAtomicTxStatus', { txID: last.txHash })).result
    expect(status).toEqual({ status: 'Accepted', blockHeight: last.blockNumber.toString() })
  })

  it('core.version is not offered (removed in avalanchego v1.14.1), unless the sim plays an older node', async () => {
    const r = await core('core.version', [])
    expect(r.error).toEqual({ code: -32000, message: 'rpc: can\'t find method "core.Version"', data: null })
    sim.core.configure({ version: true })
    expect((await core('core.version', {})).result.version).toMatch(/^v\d/)
    sim.core.configure({ version: false })
  })
})
