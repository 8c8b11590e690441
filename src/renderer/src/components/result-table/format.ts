/**
 * Turning the services' records into rows a table shows as an explorer would: a human label for each
 * field (one map per kind of record, a readable fallback for any other field), amounts with their unit
 * (AssetAmount by its denomination and symbol, raw nAVAX fields as AVAX), times local with UTC on hover,
 * chains by name, and IDs as links (ResultTable draws them). The text forms come from the one format
 * module (src/shared/domain/format.ts); exports keep the exact raw values, with the unit in the header.
 */
import { avax, chainName, dateTime, integer, percent, shortId, subnetName, tokenAmount, unixSecondsToMs, utcText } from '../../../../shared/domain/format'
import { csvText } from '../../../../shared/domain/csv'
import { visibleText } from '../../../../shared/domain/text-safety'
import { labelOf } from '../form/fields'

export type Row = Record<string, unknown>

/** The fields that name a row's transaction (or message): a link's `tx` marks the row whose field is it. */
const TX_FIELDS = ['txHash', 'rewardTxHash', 'stakingTxHash', 'blockHash', 'messageId']

/** Whether a row is the transaction (or message) `tx`. */
export function rowHasTx(row: Row, tx: string): boolean {
  return TX_FIELDS.some((f) => row[f] === tx)
}

/** A URL from a service becomes a link only if it is https:. */
export function httpsUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null
  try {
    return new URL(v).protocol === 'https:' ? v : null
  } catch {
    return null
  }
}

/** Labels every kind of record shares; a kind's own map (below) wins. */
const COMMON_LABELS: Readonly<Record<string, string>> = {
  txHash: 'Tx hash',
  txType: 'Type',
  blockTimestamp: 'Time',
  timestamp: 'Time',
  blockHeight: 'Block',
  blockNumber: 'Block',
  blockHash: 'Block hash',
  nodeId: 'NodeID',
  subnetId: 'Subnet',
  blockchainId: 'Chain',
  chainId: 'Chain',
  sourceChain: 'From chain',
  destinationChain: 'To chain',
  sourceBlockchainId: 'From chain',
  destinationBlockchainId: 'To chain',
  addresses: 'Addresses',
  address: 'Address',
  value: 'Value',
  amountCreated: 'Amount created',
  amountUnlocked: 'Amount unlocked',
  amountStaked: 'Amount staked',
  amountBurned: 'Amount burned',
  estimatedReward: 'Estimated reward',
  remainingBalance: 'Remaining balance',
  startTimestamp: 'Start',
  endTimestamp: 'End',
  createBlockTimestamp: 'Created',
  creationTimestamp: 'Created',
  memo: 'Memo',
  sortKey: 'Position',
  weight: 'Weight',
  validationId: 'Validation ID',
  progress: 'Progress',
  rewardType: 'Reward type',
  stakingType: 'Staking type',
  isL1: 'L1',
  ownerAddresses: 'Owners',
  threshold: 'Threshold',
  txCount: 'Transactions',
  balance: 'Balance',
  name: 'Name',
  symbol: 'Symbol',
  decimals: 'Decimals',
  messageId: 'Message ID',
  status: 'Status'
}

/**
 * Per kind of record (a data list's name, or "nft-holders"): its own labels, and the columns shown by
 * default, most needed first (a narrow window shows the first few; the column chooser the rest).
 */
const KINDS: Readonly<Record<string, { labels?: Readonly<Record<string, string>>; defaults: readonly string[] }>> = {
  listLatestPrimaryNetworkTransactions: { defaults: ['txHash', 'txType', 'value', 'blockTimestamp', 'timestamp', 'amountCreated', 'blockHeight', 'nodeId', 'memo'] },
  listLatestXChainVertices: { labels: { vertexHash: 'Vertex', vertexHeight: 'Height', vertexTimestamp: 'Time', vertexNumber: 'Number' }, defaults: ['vertexHash', 'vertexHeight', 'vertexTimestamp', 'vertexNumber'] },
  listSubnets: { defaults: ['subnetId', 'isL1', 'createBlockTimestamp', 'threshold', 'ownerAddresses', 'locktime'] },
  listL1Validators: { defaults: ['nodeId', 'subnetId', 'weight', 'remainingBalance', 'creationTimestamp', 'validationId'] },
  listPendingPrimaryNetworkRewards: { defaults: ['nodeId', 'amountStaked', 'estimatedReward', 'endTimestamp', 'progress', 'rewardType', 'txHash'] },
  listErc20Balances: { labels: { address: 'Contract', balance: 'Balance' }, defaults: ['token', 'name', 'balance', 'symbol', 'address'] },
  listCollectibleBalances: { labels: { address: 'Contract', tokenId: 'Token ID' }, defaults: ['name', 'symbol', 'tokenId', 'address', 'balance'] },
  listErc721Transactions: { labels: { from: 'From', to: 'To', tokenId: 'Token ID' }, defaults: ['txHash', 'blockTimestamp', 'from', 'to', 'tokenId', 'blockNumber'] },
  listErc1155Transactions: { labels: { from: 'From', to: 'To', tokenId: 'Token ID' }, defaults: ['txHash', 'blockTimestamp', 'from', 'to', 'tokenId', 'value', 'blockNumber'] },
  listIcmMessages: { defaults: ['messageId', 'status', 'sourceBlockchainId', 'destinationBlockchainId', 'timestamp'] },
  listIcmMessagesByAddress: { defaults: ['messageId', 'status', 'sourceBlockchainId', 'destinationBlockchainId', 'timestamp'] },
  listLatestBlocksAllChains: { labels: { chainId: 'Chain', gasUsed: 'Gas used' }, defaults: ['blockNumber', 'chainId', 'blockTimestamp', 'txCount', 'blockHash'] },
  'nft-holders': { defaults: ['address', 'sortKey'] }
}

/** A field's label for people: the kind's own, the shared one, else its name in words ("txHash" → "Tx hash"). */
export function columnLabel(kind: string, field: string): string {
  return KINDS[kind]?.labels?.[field] ?? COMMON_LABELS[field] ?? labelOf(field)
}

/** Raw nAVAX fields (decimal strings): shown as AVAX, exported as nAVAX. */
const NAVAX_FIELDS = new Set(['amountStaked', 'remainingBalance', 'amountBurned'])
/** Fields that hold a blockchain ID (shown by name). */
const CHAIN_FIELDS = new Set(['blockchainId', 'sourceChain', 'destinationChain', 'createdOnChainId', 'consumedOnChainId', 'sourceBlockchainId', 'destinationBlockchainId'])

interface AssetAmountLike {
  assetId?: string
  symbol?: string
  denomination: number
  amount: string
}

export function isAssetAmount(v: unknown): v is AssetAmountLike {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false
  const a = v as Record<string, unknown>
  return typeof a.amount === 'string' && /^\d+$/.test(a.amount) && typeof a.denomination === 'number' && Number.isInteger(a.denomination) && a.denomination >= 0 && a.denomination <= 255
}
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')

/** Sums amounts per asset, exactly, in first-seen order. */
export function sumByAsset(amounts: readonly AssetAmountLike[]): AssetAmountLike[] {
  const by = new Map<string, AssetAmountLike>()
  for (const a of amounts) {
    const key = a.assetId ?? a.symbol ?? ''
    const had = by.get(key)
    by.set(key, had ? { ...had, amount: (BigInt(had.amount) + BigInt(a.amount)).toString() } : { ...a })
  }
  return [...by.values()]
}

const amountText = (a: AssetAmountLike): string => tokenAmount(a.amount, a.denomination, a.symbol)

/**
 * A list of amounts (a transaction's value): one asset's sum with its unit, "n assets" for more (each
 * asset's sum in the hover), "—" for none.
 */
export function amountsText(amounts: readonly AssetAmountLike[]): { text: string; title?: string } {
  const sums = sumByAsset(amounts)
  if (sums.length === 0) return { text: '—' }
  return sums.length === 1 ? { text: amountText(sums[0]!) } : { text: `${sums.length} assets`, title: sums.map(amountText).join('\n') }
}

const isAmountList = (v: unknown): v is AssetAmountLike[] => Array.isArray(v) && v.every(isAssetAmount)
/** Fields that are lists of amounts (a transaction's value, staked, burned…), also when a page has them empty. */
const AMOUNT_LIST_FIELDS = new Set(['value', 'amountStaked', 'amountBurned', 'amountCreated', 'amountUnlocked', 'amountL1ValidatorBalanceBurned'])

/** The columns a kind of record can show: scalars, amounts and lists of them, lists of addresses. */
export function columnsOf(items: readonly Row[]): string[] {
  const seen = new Set<string>()
  for (const it of items.slice(0, 50))
    for (const [k, v] of Object.entries(it)) if (v === null || typeof v !== 'object' || isAssetAmount(v) || isTextList(v) || (AMOUNT_LIST_FIELDS.has(k) && isAmountList(v))) seen.add(k)
  return [...seen]
}

/** The columns shown before anyone chooses: the kind's defaults that the items have, else the first six. */
export function defaultColumns(kind: string, available: readonly string[]): string[] {
  const d = KINDS[kind]?.defaults.filter((c) => available.includes(c)) ?? []
  return d.length > 0 ? d : available.slice(0, 6)
}

/** The balance of a token record scaled by its decimals, exactly ("" when it has neither). */
export function scaledBalance(item: Row): string {
  const balance = item.balance
  const decimals = item.decimals
  if (typeof balance !== 'string' || !/^\d+$/.test(balance) || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return ''
  return tokenAmount(balance, decimals, typeof item.symbol === 'string' ? item.symbol : undefined)
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

const isTimeField = (field: string): boolean => /timestamp$/i.test(field)

type ShownCell = { text: string; title?: string; numeric?: boolean }

/**
 * A cell as shown, in text, with what its hover says (UTC for a time, the ID behind a name). Remote text
 * has its bidirectional controls written out (text-safety.ts), so a name cannot pose as another.
 */
export function shownCell(field: string, v: unknown, item: Row = {}): ShownCell {
  const s = cellView(field, v, item)
  return s.title === undefined ? { ...s, text: visibleText(s.text) } : { ...s, text: visibleText(s.text), title: visibleText(s.title) }
}

function cellView(field: string, v: unknown, item: Row): ShownCell {
  if (field === 'balance' && scaledBalance(item) !== '') return { text: scaledBalance(item), title: `${integer(String(item.balance))} base units`, numeric: true }
  if (v === null || v === undefined) return { text: '' }
  if (isTimeField(field)) {
    const ms = unixSecondsToMs(typeof v === 'number' || typeof v === 'string' ? v : null)
    if (ms !== null && ms > 0) return { text: dateTime(ms), title: utcText(ms), numeric: true }
  }
  if (NAVAX_FIELDS.has(field) && typeof v === 'string' && /^\d+$/.test(v)) return { text: avax(v), title: `${integer(v)} nAVAX`, numeric: true }
  if (isAssetAmount(v)) return { text: amountText(v), title: v.assetId ? `${integer(v.amount)} base units of ${v.assetId}` : undefined, numeric: true }
  if (AMOUNT_LIST_FIELDS.has(field) && isAmountList(v)) return { ...amountsText(v), numeric: true }
  if (field === 'progress' && typeof v === 'number') return { text: percent(v), numeric: true }
  if (CHAIN_FIELDS.has(field) && typeof v === 'string') {
    const name = chainName(v)
    return name ? { text: name, title: v } : { text: shortId(v), title: v }
  }
  if (field === 'subnetId' && typeof v === 'string') {
    const name = subnetName(v)
    return name ? { text: name, title: v } : { text: v }
  }
  if (isTextList(v)) return { text: v.length === 1 ? v[0]! : `${v[0]} +${v.length - 1}`, title: v.join('\n') }
  if (typeof v === 'number' && Number.isSafeInteger(v) && field !== 'chainId') return { text: integer(v), numeric: true }
  if (typeof v === 'boolean') return { text: v ? 'yes' : 'no' }
  return { text: cellText(v) }
}

/** A CSV header with the unit of its raw values: "amountStaked (nAVAX)", "blockTimestamp (unix seconds)". */
export function csvHeader(field: string, items: readonly Row[]): string {
  if (isTimeField(field)) return `${field} (unix seconds)`
  if (NAVAX_FIELDS.has(field)) return `${field} (nAVAX)`
  if (field === 'balance') return `${field} (base units)`
  const sample = items.map((it) => it[field]).find((v) => v !== undefined && v !== null)
  if (isAssetAmount(sample)) return sample.symbol === 'AVAX' && sample.denomination === 9 ? `${field} (nAVAX)` : `${field} (base units${sample.symbol ? ` of ${sample.symbol}` : ''})`
  if (AMOUNT_LIST_FIELDS.has(field) && isAmountList(sample)) return `${field} (base units per asset)`
  return field
}

/** A raw value for the CSV: amounts as their exact base units, lists joined, the value column per asset. */
export function csvCell(field: string, item: Row): string {
  const v = item[field]
  if (isAssetAmount(v)) return v.amount
  if (AMOUNT_LIST_FIELDS.has(field) && isAmountList(v)) return sumByAsset(v).map((a) => `${a.amount} ${a.symbol ?? a.assetId ?? ''}`.trim()).join('; ')
  if (isTextList(v)) return v.join(' ')
  return cellText(v)
}

/** The items as a CSV file, through the app's one CSV writer (src/shared/domain/csv.ts: formulas neutralised, RFC 4180). */
export function toCsv(items: readonly Row[], columns: readonly string[]): string {
  return csvText(
    columns.map((c) => csvHeader(c, items)),
    items.map((it) => columns.map((c) => csvCell(c, it)))
  )
}
