/**
 * Applies a host's config file (host-config.ts) through the services the contract serves, by name: a
 * profile of the file that is stored already is changed only where it differs, one that is not is made;
 * the same for its key, its watch settings, its rules and the channels. So applying one file twice changes
 * nothing the second time. What the file does not name (profiles or channels made in the page) is kept.
 */
import type { ProfileFields, RuleSetting } from '../../shared/contract'
import type { DeliveryService } from '../services/alerts/delivery'
import type { AlertsService } from '../services/alerts/service'
import type { ProfilesService } from '../services/profiles/service'
import type { LogsService } from '../services/logs/service'
import type { Heartbeat } from '../services/watch/heartbeat'
import type { WatchService } from '../services/watch/service'
import type { HostConfig, HostProfileEntry } from './host-config'

export interface ConfigTarget {
  profiles: ProfilesService
  alerts: AlertsService
  watch: WatchService
  delivery: DeliveryService
  heartbeat: Heartbeat
  logs: Pick<LogsService, 'ensureFolder'>
}

/** What applying did, one line per profile or channel, for the log: "profile "a": created", "channel "ops": unchanged". */
export interface ConfigReport {
  changed: string[]
  unchanged: string[]
}

const FIELDS = ['name', 'nodeUrl', 'dataUrl', 'metricsUrl', 'network', 'cchainUrl', 'addressHrp', 'nodeIds'] as const satisfies readonly (keyof ProfileFields)[]

export function applyHostConfig(target: ConfigTarget, config: HostConfig): ConfigReport {
  const report: ConfigReport = { changed: [], unchanged: [] }
  for (const entry of config.profiles) {
    const done = applyProfile(target, entry)
    ;(done.length ? report.changed : report.unchanged).push(`profile "${entry.name}"${done.length ? `: ${done.join(', ')}` : ''}`)
  }
  if (config.activeProfile !== undefined) {
    const row = target.profiles.byName(config.activeProfile)!
    if (target.profiles.list().activeId !== row.id) {
      target.profiles.setActive(row.id)
      report.changed.push(`profile "${row.name}": made the active one`)
    }
  }
  for (const channel of config.channels) {
    const done = target.delivery.ensureChannel(channel)
    ;(done === 'unchanged' ? report.unchanged : report.changed).push(`channel "${channel.name}": ${done}`)
  }
  if (config.heartbeat !== undefined) {
    const done = target.heartbeat.ensure(config.heartbeat)
    ;(done === 'unchanged' ? report.unchanged : report.changed).push(`heartbeat: ${done}`)
  }
  if (config.logDir !== undefined) {
    const done = target.logs.ensureFolder(config.logDir)
    ;(done === 'unchanged' ? report.unchanged : report.changed).push(`log folder: ${done}`)
  }
  return report
}

/** One profile of the file; answers what changed ("created", "nodeUrl changed", "API key set", …). */
function applyProfile({ profiles, alerts, watch }: ConfigTarget, entry: HostProfileEntry): string[] {
  const done: string[] = []
  // The file declares the whole profile: an optional field it leaves out is unset.
  const fields: ProfileFields = {
    ...Object.fromEntries(FIELDS.map((k) => [k, entry[k] ?? null])),
    name: entry.name,
    nodeIds: entry.nodeIds
  } as ProfileFields
  let row = profiles.byName(entry.name)
  if (!row) {
    const made = profiles.create({ profile: fields, ...(entry.apiKey ? { apiKey: entry.apiKey } : {}) })
    row = profiles.byName(made.name)!
    done.push('created')
  } else {
    const stored = row
    const differ = FIELDS.filter((k) => JSON.stringify(stored[k] ?? null) !== JSON.stringify(fields[k] ?? null))
    if (differ.length) {
      profiles.update(row.id, Object.fromEntries(differ.map((k) => [k, fields[k]])))
      done.push(`${differ.join(', ')} changed`)
    }
    // After the update: a data URL on another origin drops the key, which the file then sets again.
    if (entry.apiKey !== undefined && currentKey(profiles, row.id) !== (entry.apiKey ?? undefined)) {
      profiles.setApiKey(row.id, entry.apiKey)
      done.push(entry.apiKey === null ? 'API key removed' : 'API key set')
    }
  }
  // The profile folder: a host's file is chosen on the machine, so it may set it (checked like the desktop's).
  const dir = entry.profileDir ?? null
  if ((row.profileDir ?? null) !== dir) {
    profiles.setProfileDir(row.id, dir)
    if (!done.includes('created') || dir !== null) done.push(dir === null ? 'profile folder cleared' : 'profile folder set')
  }
  if (entry.watch && Object.keys(entry.watch).length) {
    const before = watch.settings().profiles.find((s) => s.profileId === row.id)
    const after = watch.setSettings({ profileId: row.id, ...entry.watch })
    if (JSON.stringify(before) !== JSON.stringify(after)) done.push('watch settings changed')
  }
  if (entry.rules?.length) {
    const before = alerts.rules(row.id).rules
    const after = alerts.setRules({ profileId: row.id, rules: entry.rules }).rules
    if (!sameRules(before, after)) done.push('alert rules changed')
  }
  return done
}

function currentKey(profiles: ProfilesService, id: string): string | undefined {
  try {
    return profiles.storedProfile(id)?.apiKey()
  } catch {
    // Sealed by another mode of the app: this mode cannot open it, so the file's key replaces it.
    return undefined
  }
}

function sameRules(a: RuleSetting[], b: RuleSetting[]): boolean {
  const key = (l: RuleSetting[]): string => JSON.stringify([...l].sort((x, y) => x.rule.localeCompare(y.rule)))
  return key(a) === key(b)
}
