import { RE2JS } from 're2js'
import { LOG_LINE_LEVELS, type LogLineLevel, type LogQuery } from '../../../shared/contract/logs'
import { AppError } from '../../../shared/rpc/errors'
import type { LineHead } from './parse-line'

/** What the filters test of a line, with the time it sorts by: its own, or the line's before it in the file for a text line. */
export type TimedLine = LineHead & { sortTime: number }

const rank = (level: LogLineLevel): number => LOG_LINE_LEVELS.indexOf(level)

/**
 * The query's filters as one test of a line. A regular expression runs in RE2's engine (re2js), whose time is
 * linear in the line's length whatever the pattern (no backtracking: `(a|a)*b` on a long line costs what `a`
 * does), so with lines capped at 64 KiB and patterns at 500 characters no query can stall the app.
 */
export function lineFilter(query: Pick<LogQuery, 'level' | 'grep' | 'regex' | 'since' | 'until'>): (line: TimedLine) => boolean {
  const tests: ((line: TimedLine) => boolean)[] = []
  if (query.level !== undefined) {
    const least = rank(query.level)
    tests.push((line) => line.level !== null && rank(line.level) >= least)
  }
  if (query.since !== undefined) {
    const since = query.since
    tests.push((line) => line.sortTime >= since)
  }
  if (query.until !== undefined) {
    const until = query.until
    tests.push((line) => line.sortTime <= until)
  }
  if (query.grep !== undefined) tests.push(query.regex ? regexTest(query.grep) : textTest(query.grep))
  return (line) => tests.every((test) => test(line))
}

/** Case-insensitive text anywhere in the line as shown. */
function textTest(text: string): (line: TimedLine) => boolean {
  const needle = text.toLowerCase()
  return (line) => line.text.toLowerCase().includes(needle)
}

function regexTest(pattern: string): (line: TimedLine) => boolean {
  let re: RE2JS
  try {
    re = RE2JS.compile(pattern)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    throw new AppError('BAD_INPUT', `grep is not a regular expression the search can run: ${why.slice(0, 200)} (RE2 syntax: no backreferences or lookaround)`, {
      issues: [{ path: ['grep'], message: why.slice(0, 300) }]
    })
  }
  return (line) => re.test(line.text)
}
