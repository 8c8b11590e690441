/**
 * The "check before issue" step, pure (unit-tested): the pasted text must be the node's hex form
 * (0x, even digits, a 4-byte sha256 checksum) of a signed atomic tx whose layout decodes; the txID is
 * derived from the bytes, as the node derives it, so the app can say what it will send and find the tx
 * again after a lost answer. Main checks all of it again before anything is sent.
 */
import { decodeAtomicTxHex, type DecodedAtomicTx, type OwnerFormat } from '../../../../shared/codec'
import type { IssuedTx } from '../../../../shared/contract'
import { signedTxHexSchema } from '../../../../shared/contract'
import { dateTime, chainName as knownChain } from '../../../../shared/domain/format'
import { amountText, assetName } from '../../components/asset-text'

/** A chain by name ("X-Chain"), or its ID when nothing names it. */
const chainName = (id: string | undefined): string => (id ? (knownChain(id) ?? id) : '—')

export type TxCheck = { ok: true; hex: string; txID: string; decoded: DecodedAtomicTx } | { ok: false; reason: string }

export function checkSignedTx(text: string, owners: OwnerFormat): TxCheck {
  const parsed = signedTxHexSchema.safeParse(text)
  if (!parsed.success) return { ok: false, reason: `The transaction ${parsed.error.issues[0]?.message ?? 'is not valid'}` }
  try {
    const decoded = decodeAtomicTxHex(parsed.data, owners)
    return { ok: true, hex: parsed.data, txID: decoded.txID, decoded }
  } catch (e) {
    return { ok: false, reason: `Not sent: ${(e as Error).message}` }
  }
}

/** Totals per asset of a tx's inputs or outputs, exact. */
function sums(items: readonly { assetID: string; amount: string }[]): string {
  const by = new Map<string, bigint>()
  for (const i of items) by.set(i.assetID, (by.get(i.assetID) ?? 0n) + BigInt(i.amount))
  return [...by].map(([asset, n]) => amountText(n.toString(), asset)).join(' + ') || 'nothing'
}

/** One sentence of what the tx does, for the confirmation: "ImportTx: 1.000000001 AVAX from X-Chain · 2oYM… to 0xabc…". */
export function txSummary(d: DecodedAtomicTx): string {
  if (d.type === 'ImportTx') {
    const to = [...new Set(d.outputs.map((o) => (o.kind === 'evm' ? o.address : o.addresses.join(' '))))].join(', ')
    return `ImportTx: ${d.inputs.length} UTXO${d.inputs.length === 1 ? '' : 's'} (${sums(d.inputs)}) from ${chainName(d.sourceChain)} to ${to || 'no one'}; ${sums(d.outputs)} credited`
  }
  const from = [...new Set(d.inputs.map((i) => (i.kind === 'evm' ? i.address : i.utxoID)))].join(', ')
  return `ExportTx: ${sums(d.inputs)} from ${from || 'no one'} to ${chainName(d.destinationChain)}; ${sums(d.outputs)} exported`
}

/** What was burned as the fee, per asset ("0.001 AVAX"); negative means the outputs exceed the inputs. */
export function feeText(d: DecodedAtomicTx): string {
  return d.burned.map((b) => (b.amount.startsWith('-') ? `${b.amount} (${assetName(b.assetID)}: outputs exceed inputs)` : amountText(b.amount, b.assetID))).join(', ') || 'none'
}

export const OUTCOME: Record<IssuedTx['outcome'], { type: 'success' | 'error' | 'warning' | 'default'; text: string }> = {
  accepted: { type: 'success', text: 'the node took it' },
  refused: { type: 'error', text: 'refused by the node' },
  unknown: { type: 'warning', text: 'unknown: no answer came (not resent)' },
  pending: { type: 'default', text: 'being sent' }
}

/** The outcome's tag: a refusal the node answered is "refused by the node"; one that never left the app, "not sent". */
export function outcomeOf(e: Pick<IssuedTx, 'outcome' | 'byNode'>): { type: 'success' | 'error' | 'warning' | 'default'; text: string } {
  if (e.outcome === 'refused' && e.byNode !== true) return { type: 'error', text: 'not sent' }
  return OUTCOME[e.outcome]
}

export const STATUS_TYPE: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  Accepted: 'success',
  Processing: 'info',
  Dropped: 'error',
  Unknown: 'warning'
}

/** A status of the tx the app has seen (a status read, its watch), with the height once accepted. */
export interface Seen {
  status: string
  height?: string
}

/** What the preview and the confirmation say of a status seen: the node takes a tx once. */
export function seenText(seen: Seen): string {
  const at = seen.height !== undefined ? ` at height ${seen.height}` : ''
  return `The app has already seen this tx ${seen.status}${at}: the node will refuse the same bytes as known.`
}

/**
 * What the app knows against issuing these bytes, for the confirmation, and whether main will send them
 * only on a second, explicit choice (sendAgain): a tx seen Accepted, or bytes the node itself refused
 * before. A send the node took or never answered is refused by main whatever is ticked (it says so).
 */
export function knownBeforeIssue(seen: Seen | null, latest: IssuedTx | null): { lines: string[]; sendAgain: boolean } {
  const lines = seen ? [seenText(seen)] : []
  let refusedByNode = false
  if (latest?.outcome === 'refused') {
    const e = latest.error
    const words = e ? ((e.details as { upstreamMessage?: string } | undefined)?.upstreamMessage ?? e.message) : 'no reason kept'
    refusedByNode = latest.byNode === true
    lines.push(
      refusedByNode
        ? `The node refused these bytes at ${dateTime(latest.finishedAt ?? latest.requestedAt)} (journal entry ${latest.id}): “${words}”.`
        : `An earlier send of these bytes did not reach the node (${dateTime(latest.requestedAt)}): ${words}`
    )
  } else if (latest) {
    // Main refuses these whatever is ticked: no box to tick.
    lines.push(`These bytes are already in the journal (${OUTCOME[latest.outcome].text}, entry ${latest.id}): the app will refuse to send them again.`)
    return { lines, sendAgain: false }
  }
  return { lines, sendAgain: seen?.status === 'Accepted' || refusedByNode }
}
