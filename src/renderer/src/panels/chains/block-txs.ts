/**
 * The transactions of a P-Chain block's JSON form, as rows a person reads before the raw tree: the
 * type by its shape (the JSON does not name it), the tx ID when the node gave one, the chains it moves
 * between, the AVAX it moves, and the txs its inputs spend (to open them). Pure; remote data is untrusted,
 * so anything of the wrong shape is skipped, never thrown on.
 */
export interface BlockTxRow {
  index: number
  type: string
  txID: string | null
  sourceChain: string | null
  destinationChain: string | null
  /** the sum of the outputs (and exported outputs), in nAVAX as an exact decimal; null when none */
  outputs: string | null
  /** the txs whose outputs the inputs spend */
  inputTxIDs: string[]
  /** the addresses its outputs go to */
  addresses: string[]
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

function typeOf(u: Obj): string {
  const keys = new Set(Object.keys(u))
  if (keys.size === 1 && keys.has('txID')) return 'RewardValidatorTx'
  if (keys.has('importedInputs')) return 'ImportTx'
  if (keys.has('exportedOutputs')) return 'ExportTx'
  if (keys.has('validator') && (keys.has('shares') || keys.has('validatorRewardsOwner'))) return 'AddPermissionlessValidatorTx'
  if (keys.has('validator') && keys.has('subnetValidator')) return 'AddSubnetValidatorTx'
  if (keys.has('validator')) return 'AddPermissionlessDelegatorTx'
  if (keys.has('vmID') && keys.has('chainName')) return 'CreateChainTx'
  if (keys.has('owner') && keys.has('inputs') && !keys.has('subnetID')) return 'CreateSubnetTx'
  if (keys.has('subnetID') && keys.has('managerAddress')) return 'ConvertSubnetToL1Tx'
  return 'BaseTx'
}

function amountOf(outs: unknown[]): bigint {
  let sum = 0n
  for (const o of outs) {
    const a = obj(obj(o)?.['output'])?.['amount']
    if ((typeof a === 'number' && Number.isSafeInteger(a)) || (typeof a === 'string' && /^\d+$/.test(a))) sum += BigInt(a)
  }
  return sum
}

export function blockTxs(json: unknown): BlockTxRow[] {
  const block = obj(json)
  const txs = list(block?.['txs'] ?? obj(block?.['block'])?.['txs'])
  return txs.flatMap((t, index) => {
    const tx = obj(t)
    const u = obj(tx?.['unsignedTx'])
    if (!tx || !u) return []
    // Most P-Chain txs wrap their base fields in "inputs" (BaseTx); a BaseTx itself may be flat.
    const base = obj(u['inputs']) ?? u
    const outs = [...list(base['outputs']), ...list(u['exportedOutputs'])]
    const ins = [...list(base['inputs']), ...list(u['importedInputs'])]
    const addresses = [...new Set(outs.flatMap((o) => list(obj(obj(o)?.['output'])?.['addresses']).flatMap((a) => (text(a) ? [a as string] : []))))]
    const inputTxIDs = [...new Set(ins.flatMap((i) => (text(obj(i)?.['txID']) ? [obj(i)!['txID'] as string] : [])))]
    const rewarded = typeOf(u) === 'RewardValidatorTx' ? text(u['txID']) : null
    return [
      {
        index,
        type: typeOf(u),
        txID: text(tx['id']) ?? text(tx['txID']),
        sourceChain: text(u['sourceChain']),
        destinationChain: text(u['destinationChain']),
        outputs: outs.length > 0 ? amountOf(outs).toString() : null,
        inputTxIDs: rewarded ? [rewarded] : inputTxIDs,
        addresses
      }
    ]
  })
}
