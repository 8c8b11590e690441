import { LOG_LINE_LEVELS, type LogLineLevel } from '../../../shared/contract/logs'
import { terminalSafe } from '../../../shared/domain/text-safety'

/**
 * One line of an avalanchego log file, in either of its formats (utils/logging/format.go):
 * - plain: zap's console encoder with " " between elements: the time as `[01-02|15:04:05.000]` (the node's local
 *   time, no year), the level's capital name (`INFO`; with --log-format colors it is wrapped in ANSI colours),
 *   the logger's name in angle brackets when it has one (`<C Chain>`: factory.go's MakeChain, none for main),
 *   the caller (`path/file.go:123`), the message, then the fields as one JSON object (`{"key": "value"}`);
 * - json: one object with timestamp (ISO 8601 with milliseconds and zone), level (lower case), logger, caller,
 *   msg, and the fields beside them.
 * A line that is neither is kept as text. Every string returned is terminalSafe.
 */
export interface ParsedLine {
  format: 'plain' | 'json' | 'text'
  time: number | null
  level: LogLineLevel | null
  chain: string | null
  caller: string | null
  message: string
  fields: Record<string, unknown> | null
  text: string
}

/**
 * The time of a plain line: it has month, day and clock but no year or zone. The zone is this machine's (the
 * app reads the folder of a node that runs here); the year is the one that puts the line at or before the time
 * the file was last written (plus a day of slack for clocks), so December's lines read in January are last year's.
 */
export interface PlainTimeContext {
  /** ms: when the file was last written (its mtime, or when the rotater moved it aside). */
  writtenAt: number
  /** ms of a local date and time (tests pass a UTC one). */
  localTime?: (year: number, month: number, day: number, h: number, m: number, s: number, ms: number) => number
}

const DAY_MS = 86_400_000
const localDate = (y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number => new Date(y, mo - 1, d, h, mi, s, ms).getTime()

const PLAIN_LEVELS: Record<string, LogLineLevel> = Object.fromEntries(LOG_LINE_LEVELS.map((l) => [l.toUpperCase(), l]))
const JSON_LEVELS = new Set<string>(LOG_LINE_LEVELS)

/** [MM-DD|hh:mm:ss.mmm] LEVEL <logger> caller rest */
const PLAIN = /^\[(\d\d)-(\d\d)\|(\d\d):(\d\d):(\d\d)\.(\d{3})\] ([A-Z]+) (?:<([^<>]*)> )?(\S+\.go:\d+|undefined)(?: (.*))?$/s
/** How many ` {` a plain line's rest is tried at for its fields (a message may hold braces). */
const FIELD_TRIES = 8

export function parseLine(raw: string, context: PlainTimeContext): ParsedLine {
  const text = terminalSafe(raw.endsWith('\r') ? raw.slice(0, -1) : raw)
  if (text.startsWith('{')) {
    const json = parseJsonLine(raw)
    if (json) return { ...json, text }
  }
  const plain = parsePlainLine(stripEscapesOnly(raw), context)
  if (plain) return { ...plain, text }
  return { format: 'text', time: null, level: null, chain: null, caller: null, message: text, fields: null, text }
}

/** The colours around the level go before matching; the rest is made safe field by field. */
function stripEscapesOnly(raw: string): string {
  return raw.replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\r$/, '')
}

/** The header of a plain line: its time and level, and the match for the rest; null when it is not one. */
function plainHead(line: string, context: PlainTimeContext): { time: number; level: LogLineLevel; m: RegExpExecArray } | null {
  const m = PLAIN.exec(line)
  if (!m) return null
  const level = PLAIN_LEVELS[m[7]!]
  if (!level) return null
  const [month, day, h, mi, s, ms] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 60) return null
  return { time: plainTime(context, month, day, h, mi, s, ms), level, m }
}

function parsePlainLine(line: string, context: PlainTimeContext): Omit<ParsedLine, 'text'> | null {
  const head = plainHead(line, context)
  if (!head) return null
  const { m } = head
  const { message, fields } = splitFields(m[10] ?? '')
  return {
    format: 'plain',
    time: head.time,
    level: head.level,
    chain: m[8] === undefined ? null : terminalSafe(m[8]),
    caller: terminalSafe(m[9]!),
    message: terminalSafe(message),
    fields: fields === null ? null : safeFields(fields)
  }
}

/** What a search tests of a line: parseLine's time, level and text, without splitting the fields off a plain line. */
export type LineHead = Pick<ParsedLine, 'time' | 'level' | 'text'>

/** Anything a terminal would act on, or that terminalSafe would change. */
const UNSAFE = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/

/**
 * parseLine's time, level and text at a fraction of its cost: a search reads every line but parses in full only
 * those it keeps. A line with a control character in it, and a JSON line, take parseLine's own path.
 */
export function lineHead(raw: string, context: PlainTimeContext): LineHead {
  if (raw.startsWith('{') || UNSAFE.test(raw)) return parseLine(raw, context)
  const head = plainHead(raw, context)
  return head ? { time: head.time, level: head.level, text: raw } : { time: null, level: null, text: raw }
}

function plainTime(context: PlainTimeContext, month: number, day: number, h: number, mi: number, s: number, ms: number): number {
  const at = context.localTime ?? localDate
  const year = new Date(context.writtenAt).getUTCFullYear()
  const thisYear = at(year, month, day, h, mi, s, ms)
  return thisYear > context.writtenAt + DAY_MS ? at(year - 1, month, day, h, mi, s, ms) : thisYear
}

/** The message and the trailing JSON object of fields, when the rest ends with one. */
function splitFields(rest: string): { message: string; fields: Record<string, unknown> | null } {
  if (rest.startsWith('{') && rest.endsWith('}')) {
    const whole = objectOf(rest)
    if (whole) return { message: '', fields: whole }
  }
  if (!rest.endsWith('}')) return { message: rest, fields: null }
  let from = rest.indexOf(' {')
  for (let tries = 0; from !== -1 && tries < FIELD_TRIES; tries++) {
    const fields = objectOf(rest.slice(from + 1))
    if (fields) return { message: rest.slice(0, from), fields }
    from = rest.indexOf(' {', from + 2)
  }
  return { message: rest, fields: null }
}

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const JSON_KEYS = new Set(['timestamp', 'level', 'logger', 'caller', 'msg'])

function parseJsonLine(raw: string): Omit<ParsedLine, 'text'> | null {
  const entry = objectOf(raw.trim())
  if (!entry || typeof entry.level !== 'string' || !JSON_LEVELS.has(entry.level)) return null
  const time = typeof entry.timestamp === 'string' ? isoTime(entry.timestamp) : null
  if (time === null) return null
  const str = (v: unknown): string | null => (typeof v === 'string' ? terminalSafe(v) : null)
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !JSON_KEYS.has(k)))
  return {
    format: 'json',
    time,
    level: entry.level as LogLineLevel,
    chain: str(entry.logger),
    caller: str(entry.caller),
    message: str(entry.msg) ?? '',
    fields: Object.keys(rest).length > 0 ? safeFields(rest) : null
  }
}

/** zap's ISO8601TimeEncoder: 2006-01-02T15:04:05.000Z0700 (the zone without a colon, which Date.parse wants). */
function isoTime(value: string): number | null {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)(Z|[+-]\d\d:?\d\d)$/.exec(value)
  if (!m) return null
  const zone = m[2] === 'Z' ? 'Z' : `${m[2]!.slice(0, 3)}:${m[2]!.slice(-2)}`
  const t = Date.parse(`${m[1]}${zone}`)
  return Number.isFinite(t) ? t : null
}

/** How deep fields are kept: a hostile line of 64 KiB could nest thousands of levels, past the stack of a recursive walk. */
const FIELD_DEPTH = 16

/** The fields' keys and string values made terminal-safe (JSON from a file is a tree of plain values). */
function safeFields(value: Record<string, unknown>): Record<string, unknown> {
  const safe = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return terminalSafe(v)
    if (v === null || typeof v !== 'object') return v
    if (depth >= FIELD_DEPTH) return '[nested too deep]'
    if (Array.isArray(v)) return v.map((x) => safe(x, depth + 1))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [terminalSafe(k), safe(x, depth + 1)]))
  }
  return safe(value, 0) as Record<string, unknown>
}
