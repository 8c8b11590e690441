/**
 * The main process's log: lines on stderr (stdout belongs to the CLI's JSON and to the URL line of
 * browser mode). Errors are logged by name and message only: request headers, and so the API key,
 * never reach a log line.
 */
const write = (level: string, msg: string, err?: unknown): void => {
  const suffix = err instanceof Error ? `: ${err.name}: ${err.message}` : ''
  process.stderr.write(`${new Date().toISOString()} ${level} ${msg}${suffix}\n`)
}

export const log = {
  info: (msg: string) => write('info', msg),
  warn: (msg: string, err?: unknown) => write('warn', msg, err),
  error: (msg: string, err?: unknown) => write('error', msg, err)
}
