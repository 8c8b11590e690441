import type { Block, BlockTag, Transaction } from 'viem'
import type { BlockchainView, EvmTx, Head, PBlock } from '../../../shared/contract'
import { blockchainStatusMeaning } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { platform } from '../../clients/node/index'

/** The EVM VMs whose chains answer the Ethereum API: coreth (the C-Chain) and Subnet-EVM. */
export const EVM_VM_IDS: ReadonlySet<string> = new Set([
  'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'
])

const MAX_INPUT_HEX = 10_000

/** The head the live list and block view show, from a block viem formatted (quantities as bigint). */
export function headView(b: Block<bigint, boolean, BlockTag>): Head {
  if (b.number === null || b.hash === null) throw new AppError('UPSTREAM_INVALID', 'The EVM node sent a pending block where an accepted one was expected')
  return {
    number: b.number.toString(),
    hash: b.hash,
    parentHash: b.parentHash,
    timestamp: b.timestamp.toString(),
    ...(b.baseFeePerGas !== null && b.baseFeePerGas !== undefined ? { baseFeePerGas: b.baseFeePerGas.toString() } : {}),
    gasUsed: b.gasUsed.toString(),
    gasLimit: b.gasLimit.toString(),
    txCount: b.transactions.length,
    miner: b.miner
  }
}

export function txView(t: Transaction<bigint, number>): EvmTx {
  const input = t.input ?? '0x'
  return {
    hash: t.hash,
    from: t.from,
    to: t.to ?? null,
    value: t.value.toString(),
    gas: t.gas.toString(),
    ...(t.gasPrice !== undefined ? { gasPrice: t.gasPrice.toString() } : {}),
    ...(t.maxFeePerGas !== undefined ? { maxFeePerGas: t.maxFeePerGas.toString() } : {}),
    ...(t.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: t.maxPriorityFeePerGas.toString() } : {}),
    nonce: String(t.nonce),
    type: String(t.type),
    input: input.length > MAX_INPUT_HEX + 2 ? input.slice(0, MAX_INPUT_HEX + 2) : input,
    inputBytes: (input.length - 2) / 2
  }
}

/** A P-Chain block as the explorer shows it: header decoded from the raw bytes, the JSON tree when asked. */
export function pBlockView(hex: string, json: unknown, encoding: 'hex' | 'json', nextExists: boolean): PBlock {
  let header: ReturnType<typeof platform.decodeBlockHeader>
  try {
    header = platform.decodeBlockHeader(hex)
  } catch (e) {
    throw new AppError('UPSTREAM_INVALID', `The P-Chain API sent a block whose header cannot be read: ${(e as Error).message}`)
  }
  const height = BigInt(header.height)
  return {
    ...header,
    encoding,
    hex,
    ...(encoding === 'json' ? { json: json as PBlock['json'] } : {}),
    previousHeight: height > 0n ? (height - 1n).toString() : null,
    nextHeight: nextExists ? (height + 1n).toString() : null
  }
}

export function blockchainView(b: { id: string; name: string; subnetID: string; vmID: string }, status: string): BlockchainView {
  return { id: b.id, name: b.name, subnetID: b.subnetID, vmID: b.vmID, status, meaning: blockchainStatusMeaning(status), evm: EVM_VM_IDS.has(b.vmID) }
}
