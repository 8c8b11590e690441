import type { LogLine, LogQuery, Output } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { lineFilter, type TimedLine } from './filters'
import type { LogFileInfo } from './log-folder'
import { openLogFile } from './log-folder'
import { lineHead, parseLine, type PlainTimeContext } from './parse-line'
import { gzipLines, plainLines, type RawLine } from './read-lines'

export type LogQueryResult = Output<'logs.query'>

export interface QueryOptions {
  /** Bytes of log one answer reads at most (a plain file larger than that is read from its end). */
  budgetBytes: number
  localTime?: (y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) => number
}

/** Where a line sorts: by time, then file, then place in the file; `before` is written from it. */
interface Key {
  time: number
  file: string
  offset: number
}
type Found = { key: Key; line: LogLine }
/** A line kept while reading, parsed in full only once it is sure to be answered. */
type Kept = { key: Key; raw: RawLine }

const compare = (a: Key, b: Key): number => a.time - b.time || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.offset - b.offset
const keyText = (k: Key): string => `${k.time}:${k.offset}:${k.file}`

function parseBefore(text: string): Key {
  const m = /^(-?\d{1,16}):(\d{1,16}):([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/.exec(text)
  if (!m) throw new AppError('BAD_INPUT', 'before is not a position this method gave (pass the `before` of the last answer as it is)', { issues: [{ path: ['before'], message: 'not a position from logs.query' }] })
  return { time: Number(m[1]), offset: Number(m[2]), file: m[3]! }
}

/**
 * The newest lines that pass the filters (and come before `before`), oldest first. Each logger's files are read
 * newest first (the file the node writes, then its rotated ones by the time in their names), each whole and
 * forward, keeping the last lines that match, until enough are found; the loggers' lines are then merged by
 * time. Files that cannot hold a line in the range are not read: a rotated file's lines all come after the
 * rotation of the file before it and at or before its own.
 */
export async function queryLogs(dir: string, files: LogFileInfo[], query: LogQuery, options: QueryOptions): Promise<LogQueryResult> {
  const test = lineFilter(query)
  const before = query.before === undefined ? null : parseBefore(query.before)
  const chosen = files.filter((f) => (query.file === undefined || f.name === query.file) && (query.chain === undefined || f.logger === query.chain))
  if (query.file !== undefined && chosen.length === 0) throw new AppError('NOT_FOUND', `${query.file} is not a log file of the folder${query.chain ? ` for ${query.chain}` : ''} (logs.folder lists them)`)
  const result: LogQueryResult = { lines: [], before: null, scannedBytes: 0, budgetReached: false, unreadable: [] }
  const found: Found[] = []
  for (const stream of byLogger(chosen)) {
    const kept: Found[] = []
    for (const [i, file] of stream.entries()) {
      if (kept.length >= query.limit) break
      // Newest first: the next file in the list is older, and its rotation is where this file's lines begin.
      const startsAfter = stream[i + 1]?.rotatedAt ?? -Infinity
      const endsBy = file.rotatedAt ?? Infinity
      if (query.since !== undefined && endsBy < query.since) break
      if ((query.until !== undefined && startsAfter > query.until) || (before !== null && startsAfter > before.time)) continue
      if (result.scannedBytes >= options.budgetBytes) {
        result.budgetReached = true
        break
      }
      const fromFile = await readFile(dir, file, test, before, query.limit - kept.length, options, result)
      kept.unshift(...fromFile)
    }
    found.push(...kept)
  }
  found.sort((a, b) => compare(a.key, b.key))
  const page = found.slice(-query.limit)
  result.lines = page.map((f) => f.line)
  // Fewer lines than asked for, with every file in range read, means there are no older ones.
  result.before = page.length > 0 && (page.length === query.limit || result.budgetReached) ? keyText(page[0]!.key) : null
  return result
}

/** The files of each logger, the newest first. */
function byLogger(files: LogFileInfo[]): LogFileInfo[][] {
  const streams = new Map<string, LogFileInfo[]>()
  for (const f of files) streams.set(f.logger, [...(streams.get(f.logger) ?? []), f])
  return [...streams.values()].map((s) => s.sort((a, b) => (b.rotatedAt ?? Infinity) - (a.rotatedAt ?? Infinity)))
}

/** The last `want` lines of one file that pass the test and come before `before`. */
async function readFile(
  dir: string,
  file: LogFileInfo,
  test: (line: TimedLine) => boolean,
  before: Key | null,
  want: number,
  options: QueryOptions,
  result: LogQueryResult
): Promise<Found[]> {
  const ring: Kept[] = []
  const context: PlainTimeContext = { writtenAt: file.rotatedAt ?? file.modifiedAt, ...(options.localTime ? { localTime: options.localTime } : {}) }
  let handle
  try {
    handle = await openLogFile(dir, file.name)
  } catch (e) {
    result.unreadable.push({ file: file.name, reason: (e as Error).message.slice(0, 300) })
    return []
  }
  try {
    const size = (await handle.stat()).size
    const room = Math.max(0, options.budgetBytes - result.scannedBytes)
    const lines: AsyncGenerator<RawLine> = file.compressed
      ? gzipLines(handle, room, () => (result.budgetReached = true))
      : plainLines(handle, Math.max(0, size - room), size)
    if (!file.compressed && size > room) result.budgetReached = true
    let lastTime = 0
    let end = 0
    for await (const raw of lines) {
      end = raw.end
      const head = lineHead(raw.text, context)
      if (head.time !== null) lastTime = head.time
      const key = { time: head.time ?? lastTime, file: file.name, offset: raw.offset }
      if (before !== null && compare(key, before) >= 0) continue
      if (!test({ ...head, sortTime: key.time })) continue
      ring.push({ key, raw })
      // Trimmed now and then rather than shifted at each line: a shift moves every kept line.
      if (ring.length >= 2 * want) ring.splice(0, ring.length - want)
    }
    result.scannedBytes += file.compressed ? end : Math.min(size, room)
  } catch (e) {
    result.unreadable.push({ file: file.name, reason: `could not be read to its end: ${(e as Error).message.slice(0, 200)}` })
  } finally {
    await handle.close()
  }
  return ring.slice(-want).map(({ key, raw }) => ({ key, line: { ...parseLine(raw.text, context), file: file.name, cut: raw.cut, at: `${file.name}:${raw.offset}` } }))
}
