/** The sim's own logger; admin_setLogLevel changes its level (as admin.setLogLevel changes the EVM's). */

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'crit'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export class SimLog {
  level: LogLevel = 'info'
  constructor(private readonly quiet: boolean) {}

  private enabled(l: LogLevel): boolean {
    return !this.quiet && LOG_LEVELS.indexOf(l) >= LOG_LEVELS.indexOf(this.level)
  }
  debug(msg: string): void {
    if (this.enabled('debug')) process.stderr.write(`[sim] DEBUG ${msg}\n`)
  }
  info(msg: string): void {
    if (this.enabled('info')) process.stderr.write(`[sim] INFO ${msg}\n`)
  }
  warn(msg: string): void {
    if (this.enabled('warn')) process.stderr.write(`[sim] WARN ${msg}\n`)
  }
}
