/**
 * The log-level form's checks, with the contract's own schemas: the level as the contract takes it,
 * then as the EVM's logger parses it (its levels and the short forms it also accepts), so an unknown
 * level is refused in the form with the reason, before anything is sent.
 */
import { LOG_LEVELS, logLevelSchema } from '../../../../shared/contract'

/** The short forms the EVM's logger accepts besides the full names. */
const ALIASES: Record<string, string> = { trce: 'trace', dbug: 'debug', eror: 'error' }

export type Unit = 'seconds' | 'minutes'

/** undefined when the level is acceptable, else why not. */
export function levelProblem(text: string): string | undefined {
  const parsed = logLevelSchema.safeParse(text)
  if (!parsed.success) return `The level ${parsed.error.issues[0]?.message ?? 'is not valid'}.`
  const v = parsed.data
  if (!(LOG_LEVELS as readonly string[]).includes(v) && !(v in ALIASES))
    return `“${v}” is not a level the node knows: use one of ${LOG_LEVELS.join(', ')}.`
  return undefined
}

/** The revert delay in seconds, or why it is not acceptable (the contract takes 10 s to a day). */
export function revertSeconds(amount: number | null, unit: Unit): { sec: number } | { problem: string } {
  if (amount === null || !Number.isInteger(amount) || amount < 1) return { problem: 'Enter a whole number.' }
  const sec = unit === 'minutes' ? amount * 60 : amount
  if (sec < 10) return { problem: 'The revert must be at least 10 seconds away.' }
  if (sec > 86_400) return { problem: 'The revert must be at most a day (1440 minutes) away.' }
  return { sec }
}
