/**
 * The shared decoder of the node's hex UTXOs and atomic txs, against the real bytes of
 * reference/node-rpc (core.getUTXOs.1, core.getAtomicTx.1) field by field, and against broken bytes:
 * truncated, a bad checksum, an unknown codec version, lengths that claim more than the bytes hold.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeReferenceDir } from '../support/shared'
import { decodeAtomicTxHex, decodeUtxoHex, txIdOfHex, viewUtxo, DecodeError } from '../../src/shared/codec'
import { encodeHexChecksum, decodeHexChecksum } from '../../src/shared/domain/encoding'
import { totalsOf } from '../../src/shared/codec/totals'

const ref = (name: string) => JSON.parse(readFileSync(join(nodeReferenceDir(), name), 'utf8'))
const owners = { hrp: 'avax', chain: 'C' }
const utxoCase = ref('core.getUTXOs.1.json')
const txCase = ref('core.getAtomicTx.1.json')
const hexOf = (bytes: Uint8Array) => encodeHexChecksum(bytes)

describe('UTXO decoding', () => {
  it('decodes the reference UTXOs field by field, with their UTXO ids', () => {
    for (const [i, hex] of (utxoCase.response.result.utxos as string[]).entries()) {
      const want = utxoCase.decoded_utxos_by_collector[i]
      const u = decodeUtxoHex(hex, owners)
      expect(u).toMatchObject({
        codecVersion: 0,
        txID: want.txID_cb58,
        outputIndex: want.outputIndex,
        assetID: want.assetID_cb58,
        outputTypeID: 7,
        outputType: 'secp256k1 transfer output',
        amount: String(want.amount),
        locktime: '0',
        threshold: 1,
        addresses: want.addresses_bech32
      })
    }
    // startIndex.utxo of the request is the id of the first UTXO returned
    expect(decodeUtxoHex(utxoCase.response.result.utxos[0], owners).utxoID).toBe(utxoCase.request.params.startIndex.utxo)
  })

  it('keeps every digit of 2^64-1, and totals of many such UTXOs are exact', () => {
    const bytes = decodeHexChecksum(utxoCase.response.result.utxos[0])
    const big = bytes.slice()
    big.set([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 2 + 32 + 4 + 32 + 4)
    const u = decodeUtxoHex(hexOf(big), owners)
    expect(u.amount).toBe('18446744073709551615')
    const t = totalsOf(Array.from({ length: 1000 }, () => u))
    expect(t.byAsset).toEqual([{ assetID: u.assetID, amount: (1000n * (2n ** 64n - 1n)).toString(), count: 1000 }])
    expect(t.byAddress[0]).toMatchObject({ address: u.addresses[0], assetID: u.assetID, amount: '18446744073709551615000', count: 1000 })
  })

  it('refuses truncated bytes, a bad checksum, an unknown codec version and an impossible address count with clear errors', () => {
    const bytes = decodeHexChecksum(utxoCase.response.result.utxos[0])
    expect(() => decodeUtxoHex(hexOf(bytes.slice(0, 50)), owners)).toThrow(/truncated: output index needs 4 bytes at offset 34|truncated: assetID needs 32 bytes/)
    expect(() => decodeUtxoHex(hexOf(bytes.slice(0, bytes.length - 1)), owners)).toThrow(/truncated: owner address 0 needs 20 bytes|owner addresses: 1 claimed/)
    const bad = utxoCase.response.result.utxos[0].slice(0, -1) + '0'
    expect(() => decodeUtxoHex(bad, owners)).toThrow(/not valid checksummed hex: .*checksum/)
    const v1 = bytes.slice()
    v1[1] = 1
    expect(() => decodeUtxoHex(hexOf(v1), owners)).toThrow('unknown codec version 1 (only 0 is known)')
    const many = bytes.slice()
    many.set([0x7f, 0xff, 0xff, 0xff], bytes.length - 24)
    expect(() => decodeUtxoHex(hexOf(many), owners)).toThrow(/owner addresses: 2147483647 claimed .* only 20 bytes are left/)
    const extra = new Uint8Array([...bytes, 0])
    expect(() => decodeUtxoHex(hexOf(extra), owners)).toThrow(/1 unexpected bytes after the UTXO/)
    expect(() => decodeUtxoHex('22d23171', owners)).toThrow(/must start with 0x/)
    expect(() => decodeUtxoHex(hexOf(bytes.slice(0, 1)), owners)).toThrow(DecodeError)
  })

  it('a UTXO that does not decode is reported with its reason, not thrown', () => {
    const v = viewUtxo('0x00', owners)
    expect(v.ok).toBe(false)
    if (!v.ok) expect(v.reason).toMatch(/checksum/)
  })
})

describe('atomic tx decoding', () => {
  it('decodes the reference ImportTx: txID from the bytes, chains, input, output, credential', () => {
    const d = decodeAtomicTxHex(txCase.response.result.tx, { hrp: 'local', chain: 'X' })
    expect(d.txID).toBe(txCase.request.params.txID)
    expect(txIdOfHex(txCase.response.result.tx)).toBe(txCase.request.params.txID)
    expect(d).toMatchObject({ type: 'ImportTx', codecVersion: 0, networkID: 12345, sourceChain: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', credentials: 1, signatures: 1, size: 307 })
    expect(d.inputs).toEqual([
      expect.objectContaining({ kind: 'utxo', amount: '4000001000000', assetID: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe', signatureIndices: [0] })
    ])
    expect(d.outputs).toEqual([{ kind: 'evm', address: '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc', amount: '4000000695575', assetID: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe' }])
    expect(d.burned).toEqual([{ assetID: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe', amount: '304425' }])
  })

  it('refuses truncated bytes, an unknown tx type and a credential count the bytes cannot hold', () => {
    const bytes = decodeHexChecksum(txCase.response.result.tx)
    expect(() => decodeAtomicTxHex(hexOf(bytes.slice(0, 100)), owners)).toThrow(/truncated|claimed/)
    const t = bytes.slice()
    t[5] = 4
    expect(() => decodeAtomicTxHex(hexOf(t), owners)).toThrow('unknown atomic tx type ID 4 (known: 0 ImportTx, 1 ExportTx)')
    const creds = bytes.slice()
    creds.set([0, 0, 0, 100], bytes.length - 65 - 4 - 4 - 4)
    expect(() => decodeAtomicTxHex(hexOf(creds), owners)).toThrow(/credentials: 100 claimed/)
  })
})
