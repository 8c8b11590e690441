/**
 * The main process's log: one line per event on stderr (stdout belongs to the CLI's JSON, to the URL line of
 * browser mode and to `companion watch`'s alert lines). Plain text by default; `--log-format json` makes each
 * line one JSON object ({time, level, msg, error?}) for journald's or a log shipper's parser. Lines below
 * the level set (`--log-level`, default info) are not written.
 *
 * Never a secret: errors are logged by name and message only (request headers, and so the API key, never
 * reach a line), and every secret this process is given (the config file's, a token, a key or channel
 * secret it opens) is registered with `hideInLogs`, so that a line that would contain one shows
 * `[redacted]` in its place whatever code wrote it.
 */
import { scrub } from './clients/transport/policy'

export const LOG_FORMATS = ['text', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]


const settings: { format: LogFormat; level: LogLevel; out: (line: string) => void } = {
  format: 'text',
  level: 'info',
  out: (line) => void process.stderr.write(line)
}
const secrets = new Set<string>()

/** Sets the format and level (serve, watch, doctor: --log-format, --log-level); `out` replaces stderr (tests). */
export function configureLog(opts: { format?: LogFormat; level?: LogLevel; out?: (line: string) => void }): void {
  if (opts.format) settings.format = opts.format
  if (opts.level) settings.level = opts.level
  if (opts.out) settings.out = opts.out
}

/**
 * Registers a secret: no log line will show it, in any of its forms (as given, %-encoded or decoded, base64),
 * whatever its length (a short one is hidden where it stands as a whole token: clients/transport/policy.ts).
 */
export function hideInLogs(secret: string | undefined | null): void {
  if (secret) secrets.add(secret)
}

const redact = (text: string): string => scrub(text, secrets)

/** The text form keeps one event on one line: a message's own line breaks are written as \n. */
const oneLine = (s: string): string => s.replace(/\r?\n/g, '\\n')

const write = (level: LogLevel, msg: string, err?: unknown): void => {
  if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(settings.level)) return
  const time = new Date().toISOString()
  const error = err instanceof Error ? redact(`${err.name}: ${err.message}`) : undefined
  const text = redact(msg)
  settings.out(
    settings.format === 'json'
      ? `${JSON.stringify({ time, level, msg: text, ...(error !== undefined ? { error } : {}) })}\n`
      : `${time} ${level} ${oneLine(text)}${error !== undefined ? `: ${oneLine(error)}` : ''}\n`
  )
}

export const log = {
  debug: (msg: string) => write('debug', msg),
  info: (msg: string) => write('info', msg),
  warn: (msg: string, err?: unknown) => write('warn', msg, err),
  error: (msg: string, err?: unknown) => write('error', msg, err)
}

/** `--log-format` and `--log-level` as given on a command line: the settings, or a message saying what to fix. */
export function parseLogOptions(format: string | undefined, level: string | undefined): { format: LogFormat; level: LogLevel } | string {
  if (format !== undefined && !(LOG_FORMATS as readonly string[]).includes(format)) return `--log-format must be ${LOG_FORMATS.join(' or ')}, got "${format}"`
  if (level !== undefined && !(LOG_LEVELS as readonly string[]).includes(level)) return `--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`
  return { format: (format as LogFormat | undefined) ?? 'text', level: (level as LogLevel | undefined) ?? 'info' }
}
