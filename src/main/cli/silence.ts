import { userInfo } from 'node:os'
import { ALERT_RULES, type Contract, type Input } from '../../shared/contract'
import type { RpcClient } from '../../shared/rpc/client'
import { AppError } from '../../shared/rpc/errors'
import { createApp } from '../app'
import { plainSecretStore } from '../secrets'
import { printAnswer, UsageError } from './answer'

export const SILENCE_USAGE = `companion silence add --profile P|'*' --rule R|'*' [--subject S] --for 30m --reason TEXT [--by NAME]
companion silence list [--profile P]
companion silence expire <id>
  Silenced alerts are still checked and shown, marked silenced; they are not sent. One still firing when
  the silence ends is sent then. --profile is a profile's name or id; '*' is every profile (or rule).
  --for takes minutes (30m), hours (2h) or days (1d), at most a week; --by defaults to the user's name.`

export interface SilenceArgs {
  dataDir: string
  action: string | undefined
  id: string | undefined
  profile?: string | undefined
  rule?: string | undefined
  subject?: string | undefined
  for?: string | undefined
  reason?: string | undefined
  by?: string | undefined
}

/** "30m", "2h", "1d" (or a bare number of minutes) to minutes; a message saying what to write otherwise. */
export function parseFor(text: string | undefined): number | string {
  const m = text === undefined ? null : /^(\d{1,6})([mhd]?)$/.exec(text.trim())
  if (!m) return `--for takes a length such as 30m, 2h or 1d (got ${text === undefined ? 'nothing' : JSON.stringify(text)})`
  return Number(m[1]) * (m[2] === 'h' ? 60 : m[2] === 'd' ? 1440 : 1)
}

type Client = RpcClient<Contract>

/** The profile a person named (its name or id), or null for '*'. */
async function profileIdOf(client: Client, named: string): Promise<string | null> {
  if (named === '*') return null
  const { profiles } = await client.call('profiles.list', {})
  const p = profiles.find((x) => x.id === named) ?? profiles.find((x) => x.name === named)
  if (!p) throw new AppError('NOT_FOUND', `No profile named ${JSON.stringify(named)}: one of ${profiles.map((x) => x.name).join(', ') || '(none stored)'}, or '*' for all`)
  return p.id
}

/** What alerts.addSilence is asked, from the options; a UsageError says which one is missing or wrong. */
async function addInput(client: Client, a: SilenceArgs): Promise<Input<'alerts.addSilence'>> {
  const usage = (m: string): never => {
    throw new UsageError(`${m}\n${SILENCE_USAGE}`)
  }
  if (a.profile === undefined) usage("silence add needs --profile (a profile's name or id, or '*' for every profile)")
  if (a.rule === undefined) usage(`silence add needs --rule (one of ${ALERT_RULES.join(', ')}, or '*' for every rule)`)
  if (a.reason === undefined) usage('silence add needs --reason (why: an upgrade, a reboot …)')
  const minutes = parseFor(a.for)
  if (typeof minutes === 'string') usage(minutes)
  return {
    profileId: await profileIdOf(client, a.profile!),
    rule: (a.rule === '*' ? null : a.rule) as Input<'alerts.addSilence'>['rule'],
    subject: a.subject ?? null,
    minutes: minutes as number,
    reason: a.reason!,
    by: a.by ?? (userInfo().username || 'companion')
  }
}

/**
 * `companion silence add|list|expire`: the contract's silence methods for scripts (an upgrade script sets one
 * before it stops the node). Prints the JSON answer; 2 for a wrong command line, 1 when the method failed.
 */
export async function runSilence(a: SilenceArgs, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  if (a.action !== 'add' && a.action !== 'list' && a.action !== 'expire') {
    err(`unknown silence command ${JSON.stringify(a.action ?? '')}\n${SILENCE_USAGE}`)
    return 2
  }
  if (a.action === 'expire' && !a.id) {
    err(`silence expire needs the silence's id (silence list shows them)\n${SILENCE_USAGE}`)
    return 2
  }
  let app
  try {
    app = createApp({ dataDir: a.dataDir, mode: 'cli', secrets: plainSecretStore })
  } catch (e) {
    err(`companion: ${(e as Error).message}`)
    return 2
  }
  const ask = async (client: Client): Promise<unknown> => {
    if (a.action === 'add') return client.call('alerts.addSilence', await addInput(client, a))
    if (a.action === 'expire') return client.call('alerts.expireSilence', { id: a.id! })
    const profileId = a.profile === undefined ? null : await profileIdOf(client, a.profile)
    return client.call('alerts.silences', profileId === null ? {} : { profileId })
  }
  return printAnswer(app, ask, out, err)
}
