/**
 * What a real node checks before it takes an atomic tx (coreth's semantic and signature checks, in the
 * sim's words): structure, amounts, conflicts with txs already taken, and secp256k1 signatures that
 * recover to the owners of what is spent. Each failure is a MethodError with the reason.
 */
import { bech32Decode } from '../lib/bech32'
import { bytesEqual, toHex } from '../lib/bytes'
import { cb58Decode, cb58Encode } from '../lib/cb58'
import { utxoIdBytes } from '../lib/ids'
import type { Dataset, UtxoRecord } from '../dataset'
import type { ParsedAtomicTx } from '../dataset/atomicCodec'
import { recoverSigner } from '../dataset/keys'
import type { CoreState, EvmCredit } from './coreState'
import { MethodError } from './jsonrpc'

/** nAVAX an atomic tx must burn at least (the sim's flat stand-in for coreth's gas-based fee) */
export const MIN_ATOMIC_FEE = 1_000_000n
/** nAVAX (9 decimals) to wei (18 decimals) */
const WEI_PER_NAVAX = 1_000_000_000n

export interface Checked {
  importedUtxoIds: string[]
  credits: EvmCredit[]
}

function sortedUnique(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! >= keys[i]!) return false
  return true
}

function findUtxo(ds: Dataset, txId: Uint8Array, utxoId: string): UtxoRecord | undefined {
  return ds.txById(cb58Encode(txId))?.emittedUtxos.find((u) => u.utxoId === utxoId)
}

function checkFee(inSum: bigint, outSum: bigint): void {
  if (outSum > inSum) throw new MethodError(`insufficient funds: outputs of ${outSum} nAVAX exceed inputs of ${inSum} nAVAX`)
  if (inSum - outSum < MIN_ATOMIC_FEE) throw new MethodError(`insufficient fee: burns ${inSum - outSum} nAVAX, at least ${MIN_ATOMIC_FEE} nAVAX needed`)
}

export async function checkAtomicTx(
  ds: Dataset,
  state: CoreState,
  parsed: ParsedAtomicTx,
  balanceOf: (evmAddress: string) => Promise<bigint>,
): Promise<Checked> {
  const { tx, unsigned, credentials } = parsed
  const avax = cb58Decode(ds.avax.assetId)
  if (tx.kind === 'ImportTx') {
    const source = cb58Encode(tx.sourceChain)
    if (source !== ds.params.xChainId && source !== ds.params.pChainId) throw new MethodError(`import from unknown chain ${source}`)
    if (tx.importedInputs.length === 0) throw new MethodError('tx has no imported inputs')
    if (tx.outs.length === 0) throw new MethodError('tx has no EVM outputs')
    if (!sortedUnique(tx.importedInputs.map((i) => `${toHex(i.txId)}:${i.outputIndex.toString(16).padStart(8, '0')}`))) {
      throw new MethodError('inputs not sorted and unique')
    }
    if (credentials.length !== tx.importedInputs.length) {
      throw new MethodError(`tx has ${credentials.length} credentials for ${tx.importedInputs.length} inputs`)
    }
    let inSum = 0n
    const ids: string[] = []
    for (const [n, input] of tx.importedInputs.entries()) {
      const id = cb58Encode(utxoIdBytes(input.txId, input.outputIndex))
      const utxo = findUtxo(ds, input.txId, id)
      if (!utxo || !utxo.atomic || utxo.createdOnChainId !== source || utxo.consumedOnChainId !== ds.params.cChainId || state.spent.has(id)) {
        throw new MethodError(`failed to fetch import UTXOs from ${source}: not found`)
      }
      const taken = state.inFlight.get(id)
      if (taken !== undefined) throw new MethodError(`conflicting atomic inputs: UTXO ${id} is already spent by tx ${taken} (Processing)`)
      if (!bytesEqual(input.assetId, cb58Decode(utxo.asset.assetId)) || input.amount !== utxo.amount) {
        throw new MethodError(`input ${n} does not match UTXO ${id}: it has ${utxo.amount} of ${utxo.asset.assetId}`)
      }
      if (BigInt(Math.floor(ds.now)) < utxo.locktime) throw new MethodError(`UTXO ${id} is locked until ${utxo.locktime}`)
      const sigIndices = input.sigIndices ?? []
      const sigs = credentials[n]!
      if (sigIndices.length !== utxo.threshold || sigs.length !== sigIndices.length) {
        throw new MethodError(`input ${n} has ${sigs.length} signatures, UTXO ${id} needs ${utxo.threshold}`)
      }
      for (const [k, sigIndex] of sigIndices.entries()) {
        const owner = utxo.addresses[sigIndex]
        const signer = recoverSigner(unsigned, sigs[k]!)
        if (!owner || !signer || toHex(signer.shortId) !== toHex(bech32Decode(owner).data)) {
          throw new MethodError(`input ${n} has an invalid signature: it does not recover to the UTXO's owner`)
        }
      }
      if (bytesEqual(input.assetId, avax)) inSum += input.amount
      ids.push(id)
    }
    let outSum = 0n
    for (const o of tx.outs) {
      if (!bytesEqual(o.assetId, avax)) throw new MethodError('EVM outputs must be AVAX')
      if (o.amount === 0n) throw new MethodError('EVM output of 0 is not allowed')
      outSum += o.amount
    }
    checkFee(inSum, outSum)
    return { importedUtxoIds: ids, credits: tx.outs.map((o) => ({ address: `0x${toHex(o.address)}`, wei: o.amount * WEI_PER_NAVAX })) }
  }
  const dest = cb58Encode(tx.destinationChain)
  if (dest !== ds.params.xChainId && dest !== ds.params.pChainId) throw new MethodError(`export to unknown chain ${dest}`)
  if (tx.ins.length === 0) throw new MethodError('tx has no EVM inputs')
  if (tx.exportedOutputs.length === 0) throw new MethodError('tx has no exported outputs')
  if (credentials.length !== tx.ins.length) throw new MethodError(`tx has ${credentials.length} credentials for ${tx.ins.length} inputs`)
  let inSum = 0n
  const credits: EvmCredit[] = []
  for (const [n, input] of tx.ins.entries()) {
    const address = `0x${toHex(input.address)}`
    const sigs = credentials[n]!
    const signer = sigs.length === 1 ? recoverSigner(unsigned, sigs[0]!) : undefined
    if (!signer || signer.evm !== address) throw new MethodError(`input ${n} has an invalid signature: it does not recover to ${address}`)
    if (!bytesEqual(input.assetId, avax)) throw new MethodError('EVM inputs must be AVAX')
    const wei = input.amount * WEI_PER_NAVAX
    if ((await balanceOf(address)) < wei) throw new MethodError(`insufficient funds: ${address} holds less than ${input.amount} nAVAX`)
    inSum += input.amount
    credits.push({ address, wei: -wei })
  }
  const outSum = tx.exportedOutputs.reduce((s, o) => s + (bytesEqual(o.assetId, avax) ? o.amount : 0n), 0n)
  if (tx.exportedOutputs.some((o) => o.amount === 0n || o.threshold === 0 || o.threshold > o.addrs.length)) {
    throw new MethodError('exported output with 0 amount or an impossible threshold')
  }
  checkFee(inSum, outSum)
  return { importedUtxoIds: [], credits }
}
