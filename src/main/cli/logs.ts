import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Contract, LogLine } from '../../shared/contract'
import { logQuerySchema } from '../../shared/contract/logs'
import { visibleText } from '../../shared/domain/text-safety'
import { createRpcClient } from '../../shared/rpc/client'
import { AppError, describeIssues } from '../../shared/rpc/errors'
import { createMemoryPair } from '../../shared/rpc/memory'
import { createApp } from '../app'
import { defaultDataDir } from '../paths'
import { plainSecretStore } from '../secrets'

export const LOGS_USAGE = `usage: companion logs [options]   the node's log lines from its log folder on this machine, oldest first
  --level L        only lines at this level or above: verbo, debug, trace, info, warn, error, fatal
  --chain C        only this logger's files: main, C, P, X or a chain ID
  --file NAME      only this file (companion call logs.folder lists them)
  --grep TEXT      only lines containing TEXT (any case); with --regex, matching it as an RE2 regular expression
  --regex
  --since T        only lines at or after T: 30m, 2h, 1d ago, or a time such as 2026-11-28T05:00:00Z
  --until T        only lines at or before T (same forms)
  --limit N        at most N lines, the newest (default 500, at most 5000)
  --before POS     the page of older lines (the position the last run printed on stderr)
  --json           one JSON object per line (time, level, chain, caller, message, fields, text)
  --data-dir DIR   the app's data folder (default ${defaultDataDir()})
The folder is avalanchego's --log-dir, ~/.avalanchego/logs unless set with
  companion call logs.setFolder '{"dir":"/path/to/logs"}'
Lines are printed with terminal escape sequences removed and control characters written visibly.`

/** "30m" ago, or an absolute time; null when it is neither. */
export function parseTimeOption(value: string, now: number): number | null {
  const ago = /^(\d{1,6})(s|m|h|d)$/.exec(value.trim())
  if (ago) return now - Number(ago[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[ago[2] as 's' | 'm' | 'h' | 'd']
  if (!/^\d{4}-\d\d-\d\d/.test(value)) return null
  const t = Date.parse(value)
  return Number.isFinite(t) ? t : null
}

/** One line as the CLI prints it: the line as the node wrote it, safe for a terminal (escapes gone, controls and bidi visible). */
export function printedLine(line: LogLine, json: boolean): string {
  if (json) return JSON.stringify({ file: line.file, time: line.time, level: line.level, chain: line.chain, caller: line.caller, message: line.message, fields: line.fields, text: line.text, cut: line.cut })
  return visibleText(`${line.text}${line.cut ? ' …[cut at 64 KiB]' : ''}`)
}

/** `companion logs`: logs.query through the contract, printed. Exit codes as the CLI's: 0 ok, 1 the query failed, 2 bad options. */
export async function runLogs(argv: string[], out: (s: string) => void, err: (s: string) => void, now: number = Date.now()): Promise<number> {
  let values
  try {
    values = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        level: { type: 'string' },
        chain: { type: 'string' },
        file: { type: 'string' },
        grep: { type: 'string' },
        regex: { type: 'boolean' },
        since: { type: 'string' },
        until: { type: 'string' },
        limit: { type: 'string' },
        before: { type: 'string' },
        json: { type: 'boolean' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' }
      }
    }).values
  } catch (e) {
    err(`${(e as Error).message}\n${LOGS_USAGE}`)
    return 2
  }
  if (values.help) {
    out(LOGS_USAGE)
    return 0
  }
  const times: Record<'since' | 'until', number | undefined> = { since: undefined, until: undefined }
  for (const key of ['since', 'until'] as const) {
    const value = values[key]
    if (value === undefined) continue
    const t = parseTimeOption(value, now)
    if (t === null) {
      err(`--${key} ${value}: give a time ago (30m, 2h, 1d) or a date and time such as 2026-11-28T05:00:00Z`)
      return 2
    }
    times[key] = t
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit)
  const input = Object.fromEntries(
    Object.entries({ level: values.level, chain: values.chain, file: values.file, grep: values.grep, regex: values.regex, since: times.since, until: times.until, limit, before: values.before }).filter(
      ([, v]) => v !== undefined
    )
  )
  const checked = logQuerySchema.safeParse(input)
  if (!checked.success) {
    err(`bad option: ${describeIssues(checked.error.issues)}\n${LOGS_USAGE}`)
    return 2
  }
  let app
  try {
    app = createApp({ dataDir: resolve(values['data-dir'] ?? defaultDataDir()), mode: 'cli', secrets: plainSecretStore })
  } catch (e) {
    err(`companion: ${(e as Error).message}`)
    return 2
  }
  const pair = createMemoryPair()
  app.server.attach(pair.server, 'memory')
  try {
    const result = await createRpcClient<Contract>(pair.client).call('logs.query', input as never)
    for (const line of result.lines) out(printedLine(line, values.json === true))
    for (const { file, reason } of result.unreadable) err(`companion: ${visibleText(file)} was not read whole: ${visibleText(reason)}`)
    if (result.budgetReached) err(`companion: stopped after reading ${result.scannedBytes} bytes; older lines may match`)
    if (result.before !== null) err(`companion: older lines: companion logs … --before '${result.before}'`)
    return 0
  } catch (e) {
    const data = e instanceof AppError ? e.toData() : { code: 'INTERNAL', message: 'Internal error' }
    err(`companion logs: ${visibleText(data.message)}`)
    return 1
  } finally {
    pair.client.close()
    app.close()
  }
}
