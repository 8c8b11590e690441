/**
 * How every panel, the CLI's tables and the exports write numbers, amounts, times, sizes and names. One
 * module, so that "99.87 %" on a card is "99.87 %" in an alert and a table too.
 *
 * Amounts stay exact: decimal strings or bigint in, text out, never through a JS number. Times are local,
 * with the UTC form for a tooltip; a person may ask for UTC everywhere (setTimeDisplay).
 */
import { formatUnits } from './quantities'

export const NAVAX_PER_AVAX_DECIMALS = 9
/** The precision of every percentage the app shows. */
export const PERCENT_DECIMALS = 2

/** Thousands separators on an exact integer: "1,234,567" (a number is taken only if it is a safe integer). */
export function integer(value: string | bigint | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return String(value)
  const text = typeof value === 'string' ? value.trim() : value.toString()
  if (!/^-?\d+$/.test(text)) return text
  return formatUnits(BigInt(text), 0)
}

/** nAVAX in AVAX with its unit, every digit kept: "14,765 AVAX", "0.000000001 AVAX". */
export function avax(nAvax: string | bigint | undefined | null): string {
  if (nAvax === undefined || nAvax === null || nAvax === '') return '—'
  if (typeof nAvax === 'string' && !/^-?\d+$/.test(nAvax.trim())) return nAvax
  return `${formatUnits(BigInt(nAvax), NAVAX_PER_AVAX_DECIMALS)} AVAX`
}

/** The raw unit, where the raw unit is what was asked for: "14,765,000,000,000 nAVAX". */
export function nAvax(value: string | bigint | undefined | null): string {
  const t = integer(value)
  return t === '—' ? t : `${t} nAVAX`
}

/** Base units of a token with its decimals and symbol, exact: "1.5 USDC". */
export function tokenAmount(base: string | bigint, decimals: number, symbol?: string): string {
  const t = formatUnits(BigInt(base), decimals)
  return symbol ? `${t} ${symbol}` : t
}

/** AVAX on mainnet and Fuji: 9 decimals (nAVAX). Other assets are shown in their own units. */
const AVAX_ASSETS = new Set(['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK'])

export function assetName(assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? 'AVAX' : assetID
}

/** An amount in the asset's units, exact: "2,000.000000001 AVAX" for AVAX, "18,446,744,073,709,551,615 units" otherwise. */
export function amountText(amount: string, assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? avax(amount) : `${integer(amount)} units`
}

/** What the cache keeps of a paged lookup: "only page 1 (10 rows) is kept", "only pages 1 to 3 (30 rows) are kept", "no page of it is kept". */
export function keptPagesText(pages: number, rows?: number): string {
  if (pages === 0) return 'no page of it is kept'
  const counted = rows === undefined ? '' : ` (${integer(rows)} ${rows === 1 ? 'row' : 'rows'})`
  return pages === 1 ? `only page 1${counted} is kept` : `only pages 1 to ${integer(pages)}${counted} are kept`
}

/** Compares two decimal strings as integers (a float would lose the low digits of a large weight). */
export function compareDecimal(a: string | undefined | null, b: string | undefined | null): number {
  const x = a === undefined || a === null ? -1n : BigInt(a)
  const y = b === undefined || b === null ? -1n : BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** An exact decimal: 79.996 is { units: 79996n, scale: 3 }. */
interface Decimal {
  units: bigint
  scale: number
}

/** A decimal text ("42.1000", "-1.5") or a finite number, exactly as written (a number as JS prints it); null when neither. */
function decimalOf(value: number | string): Decimal | null {
  const text = typeof value === 'number' ? (!Number.isFinite(value) ? '' : /e/i.test(String(value)) ? value.toFixed(20) : String(value)) : value.trim()
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text)
  if (!m) return null
  const frac = m[3] ?? ''
  const units = BigInt(m[2]! + frac)
  return { units: m[1] ? -units : units, scale: frac.length }
}

/** The decimal rounded (half up, away from zero) to `decimals`, as units of that scale. */
function roundedTo(x: Decimal, decimals: number): bigint {
  if (x.scale <= decimals) return x.units * 10n ** BigInt(decimals - x.scale)
  const div = 10n ** BigInt(x.scale - decimals)
  const neg = x.units < 0n
  const abs = neg ? -x.units : x.units
  const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n)
  return neg ? -q : q
}

/** Units of scale `decimals` as a percentage text with that many decimals ("-0" is "0"). */
function fixedPercent(units: bigint, decimals: number): string {
  const neg = units < 0n
  const abs = neg ? -units : units
  const base = 10n ** BigInt(decimals)
  return `${neg ? '-' : ''}${formatUnits(abs / base, 0)}.${(abs % base).toString().padStart(decimals, '0')} %`
}

/**
 * A percentage with the app's precision (two decimals, rounded half up): 99.875 → "99.88 %",
 * "42.1000" → "42.10 %". Strings are read as decimals, exactly.
 */
export function percent(value: number | string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '—'
  const x = decimalOf(value)
  if (!x) return typeof value === 'number' ? '—' : value
  return fixedPercent(roundedTo(x, PERCENT_DECIMALS), PERCENT_DECIMALS)
}

/**
 * A value and the threshold it is judged by (under it: `value < threshold`), as percentages that say on which
 * side the value is: the threshold exactly as set (two decimals at least), the value with the app's two
 * decimals or as many more as it takes to stay on its side, so that 79.996 under a threshold of 80 reads
 * "79.996 %" beside "80.00 %", never "80.00 %". Every digit shown is exact (a decimal text is read as written).
 */
export function percentsAgainst(value: number | string, threshold: number | string): { value: string; threshold: string } {
  const v = decimalOf(value)
  const t = decimalOf(threshold)
  if (!v || !t) return { value: percent(value), threshold: percent(threshold) }
  const all = Math.max(v.scale, t.scale, PERCENT_DECIMALS)
  const limit = roundedTo(t, all)
  const under = (d: number) => roundedTo(v, d) * 10n ** BigInt(all - d) < limit
  let d = PERCENT_DECIMALS
  while (d < v.scale && under(d) !== under(v.scale)) d++
  const exact = Math.max(t.scale, PERCENT_DECIMALS)
  return { value: fixedPercent(roundedTo(v, d), d), threshold: fixedPercent(roundedTo(t, exact), exact) }
}

/** part / whole as a percentage with the app's precision, on integers; "—" when whole is 0. */
export function share(part: bigint, whole: bigint): string {
  if (whole === 0n) return '—'
  const tenThousandths = (part * 1_000_000n) / whole
  return percent(`${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`)
}

const BYTE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const

/** A size as people read file sizes: "512 B", "1.5 KiB", "992.5 MiB" (one decimal, binary units). */
export function bytes(value: number | bigint | string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '—'
  const n = typeof value === 'number' ? value : Number(BigInt(value))
  if (!Number.isFinite(n)) return '—'
  if (Math.abs(n) < 1024) return `${Math.round(n)} B`
  let v = n / 1024
  let i = 0
  while (Math.abs(v) >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024
    i += 1
  }
  return `${groupedDecimal(v.toFixed(1))} ${BYTE_UNITS[i]}`
}

/** "12345.6" → "12,345.6" */
function groupedDecimal(text: string): string {
  const [whole, frac] = text.split('.')
  const w = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? w : `${w}.${frac}`
}

/** A plain number for chart axes and counters: thousands separators, at most `decimals` decimals. */
export function axisNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return ''
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals })
}

export type TimeDisplay = 'local' | 'utc'
let timeDisplay: TimeDisplay = 'local'

/** The person's choice: local time (the default) or UTC everywhere. */
export function setTimeDisplay(display: TimeDisplay): void {
  timeDisplay = display
}

export function getTimeDisplay(): TimeDisplay {
  return timeDisplay
}

function validMs(ms: number | undefined | null): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= 8.64e15
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** Unix seconds (a decimal string or number) in milliseconds; null when it is not a time. */
export function unixSecondsToMs(sec: string | number | bigint | undefined | null): number | null {
  if (sec === undefined || sec === null || sec === '') return null
  const n = typeof sec === 'number' ? sec : /^-?\d+$/.test(String(sec).trim()) ? Number(sec) : NaN
  const ms = n * 1_000
  return validMs(ms) ? ms : null
}

/** "2026-11-24 03:15:16 UTC": the form for tooltips and exports. */
export function utcText(ms: number | undefined | null): string {
  if (!validMs(ms)) return '—'
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`
}

/** Date and time to the second in the chosen display: "2026-11-24 04:15:16" (local) or "… UTC". */
export function dateTime(ms: number | undefined | null): string {
  if (!validMs(ms)) return '—'
  if (timeDisplay === 'utc') return utcText(ms)
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** The date only: "2026-11-24". */
export function dateOnly(ms: number | undefined | null): string {
  const t = dateTime(ms)
  return t === '—' ? t : t.slice(0, 10)
}

/** The time of day, to the minute: "03:43" (for "since 03:43"); with " UTC" in UTC display. */
export function clockTime(ms: number | undefined | null): string {
  const t = dateTime(ms)
  if (t === '—') return t
  return timeDisplay === 'utc' ? `${t.slice(11, 16)} UTC` : t.slice(11, 16)
}

/**
 * The labels of a chart's time axis, for ticks at `splits` (UNIX seconds) `incr` seconds apart, as the app
 * writes times: the date alone ("11-14") when the ticks are a day or more apart, else the time of day ("03:43",
 * without " UTC": the axis's own label says the zone) with the date under the first tick of each day. A day is
 * labelled once: a second tick on a day already labelled is left blank, never "11-14 11-14".
 */
export function timeTicks(splits: readonly number[], incr: number): string[] {
  let day = ''
  return splits.map((sec) => {
    const ms = sec * 1_000
    const date = dateOnly(ms)
    const first = date !== day
    day = date
    if (date === '—') return ''
    if (incr >= 86_400) return first ? date.slice(5) : ''
    const t = clockTime(ms).replace(' UTC', '')
    return first ? `${t}\n${date.slice(5)}` : t
  })
}

/** The time of day, to the second: "03:43:07". */
export function clockTimeSeconds(ms: number | undefined | null): string {
  const t = dateTime(ms)
  if (t === '—') return t
  return timeDisplay === 'utc' ? `${t.slice(11, 19)} UTC` : t.slice(11, 19)
}

/** A duration in words: "0 s", "45 s", "12 min", "3 h 05 min", "2 d 4 h". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1_000))
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 48) return `${h} h ${pad(min % 60)} min`
  return `${Math.floor(h / 24)} d ${h % 24} h`
}

/** "850 ms", "3.2 s", "4 min 05 s": how long a call took. */
export function tookText(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${String(Math.floor((ms % 60_000) / 1_000)).padStart(2, '0')} s`
}

/** "every 60 s", "every 5 min", "every 1 h 30 min": how often something runs. */
export function intervalText(sec: number): string {
  if (sec < 60) return `every ${sec} s`
  if (sec < 3_600) return sec % 60 === 0 ? `every ${sec / 60} min` : `every ${Math.floor(sec / 60)} min ${sec % 60} s`
  const h = Math.floor(sec / 3_600)
  const m = Math.floor((sec % 3_600) / 60)
  return m === 0 ? `every ${h} h` : `every ${h} h ${m} min`
}

/** How long ago or how far ahead, with seconds under a minute: "8 s ago", "5 min ago", "in 3 h 00 min". */
export function relative(ms: number | undefined | null, nowMs: number): string {
  if (!validMs(ms)) return '—'
  const diff = nowMs - ms
  if (Math.abs(diff) < 1_000) return 'just now'
  return diff > 0 ? `${duration(diff)} ago` : `in ${duration(-diff)}`
}

/** The Primary Network's subnet ID, which is also the P-Chain's blockchain ID. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY'

/**
 * The Primary Network's chains on mainnet and Fuji, by blockchain ID; the C-Chains also by their EVM chain id
 * (the metrics service's and the data service's EVM routes name chains so).
 */
const KNOWN_CHAINS: Readonly<Record<string, string>> = {
  '43114': 'C-Chain',
  '43113': 'C-Chain (Fuji)',
  [PRIMARY_NETWORK_ID]: 'P-Chain',
  '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM': 'X-Chain',
  '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5': 'C-Chain',
  '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm': 'X-Chain (Fuji)',
  yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp: 'C-Chain (Fuji)'
}

/**
 * A blockchain by name: the Primary Network's chains by their IDs, any other by the name the node gave it
 * (`names`, from platform.getBlockchains or info aliases); null when nothing names it.
 */
export function chainName(id: string | undefined | null, names?: Readonly<Record<string, string>>): string | null {
  if (!id) return null
  return names?.[id] ?? KNOWN_CHAINS[id] ?? null
}

/** A subnet by name: "Primary Network", or the name in `names`; null when nothing names it. */
export function subnetName(id: string | undefined | null, names?: Readonly<Record<string, string>>): string | null {
  if (!id) return null
  if (id === PRIMARY_NETWORK_ID) return 'Primary Network'
  return names?.[id] ?? null
}

/** A long ID in short: "BQEMJd…QqcnK" (the whole ID goes in a title and a copy button). */
export function shortId(id: string, keep = 6): string {
  return id.length <= keep * 2 + 4 ? id : `${id.slice(0, keep)}…${id.slice(-(keep - 1))}`
}

/** A name with its ID's short form: "dfk (2r6Kf…CmWHh)"; the ID alone (short) when there is no name. */
export function namedId(id: string, name: string | null | undefined): string {
  return name ? `${name} (${shortId(id, 5)})` : shortId(id)
}

/** The platformvm codec's type IDs: blocks, transactions and the types they carry, by name. */
const PCHAIN_TYPES: readonly string[] = [
  'ApricotProposalBlock', 'ApricotAbortBlock', 'ApricotCommitBlock', 'ApricotStandardBlock', 'ApricotAtomicBlock',
  'TransferInput', 'MintOutput', 'TransferOutput', 'MintOperation', 'Credential', 'Input', 'OutputOwners',
  'AddValidatorTx', 'AddSubnetValidatorTx', 'AddDelegatorTx', 'CreateChainTx', 'CreateSubnetTx', 'ImportTx', 'ExportTx',
  'AdvanceTimeTx', 'RewardValidatorTx', 'StakeableLockIn', 'StakeableLockOut',
  'RemoveSubnetValidatorTx', 'TransformSubnetTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx',
  'EmptySigner', 'ProofOfPossession',
  'BanffProposalBlock', 'BanffAbortBlock', 'BanffCommitBlock', 'BanffStandardBlock',
  'TransferSubnetOwnershipTx', 'BaseTx',
  'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx'
]

/** A P-Chain codec type ID by name: 32 → "BanffStandardBlock"; null for an ID the codec does not have. */
export function pchainTypeName(typeId: number | undefined | null): string | null {
  if (typeId === undefined || typeId === null || !Number.isInteger(typeId)) return null
  return PCHAIN_TYPES[typeId] ?? null
}
