/**
 * The configuration file of a host without a screen (`companion serve --config FILE`, `companion watch
 * --config FILE`; resources/companion.example.json): the profiles, each with its data-service key, watch
 * settings and alert rules, and the alert channels. Every field is checked by the contract's own schemas
 * (profiles, watch.setSettings, alerts.setRules, alerts.addChannel), so the file accepts exactly what the
 * app accepts anywhere else. A secret may be written as "env:NAME": the value of that environment
 * variable (systemd: Environment= or EnvironmentFile=), so the file itself need hold none.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs'
import { z } from 'zod'
import {
  addChannelInputSchema,
  alertMethods,
  apiKeySchema,
  CHANNEL_SECRET_FIELDS,
  DEFAULT_DATA_URL,
  DEFAULT_METRICS_URL,
  heartbeatUrlSchema,
  logFolderSchema,
  MAX_CHANNELS,
  profileDirSchema,
  profileFieldsSchema,
  watchMethods
} from '../../shared/contract'
import { hideInLogs } from '../log'
import { checkProfileFolder } from '../services/profiles/profile-folder'
import { checkLogFolder } from '../services/logs/service'
import { findJsonSyntaxError } from './json-syntax'
import { notRegularKind } from '../file-kind'

/** The fields that may be "env:NAME", where they sit: profiles[].apiKey and each channel's secret. */
const SECRET_FIELDS = { profiles: ['apiKey'], channels: CHANNEL_SECRET_FIELDS } as const
const ENV_REF = /^env:([A-Za-z_][A-Za-z0-9_]*)$/

const profileEntrySchema = profileFieldsSchema.extend({
  // A host's file names what differs from the defaults the connections form starts with.
  dataUrl: profileFieldsSchema.shape.dataUrl.default(DEFAULT_DATA_URL),
  metricsUrl: profileFieldsSchema.shape.metricsUrl.default(DEFAULT_METRICS_URL),
  nodeIds: profileFieldsSchema.shape.nodeIds.default([]),
  /** Where the node writes its profiles: a host's file is on the machine, so it may choose it (not a page). */
  profileDir: profileDirSchema.nullable().optional(),
  /** The data-service API key; left out: a key set elsewhere is kept; null: none. */
  apiKey: apiKeySchema.nullable().optional(),
  /** How often the watch checks this node (watch.setSettings without profileId). */
  watch: watchMethods['watch.setSettings'].input.omit({ profileId: true }).optional(),
  /** Rules turned on or off, thresholds (alerts.setRules' rules). */
  rules: alertMethods['alerts.setRules'].input.shape.rules.optional()
})

export const hostConfigSchema = z
  .object({
    profiles: z.array(profileEntrySchema).min(1, 'name at least one profile').max(100, 'at most 100 profiles'),
    /** The profile the page opens on; left out: the active one stays (the first profile ever made is). */
    activeProfile: z.string().trim().min(1).optional(),
    channels: z.array(addChannelInputSchema).max(MAX_CHANNELS, `at most ${MAX_CHANNELS} channels`).default([]),
    /** The URL the watch calls after each round of checks (watch.setHeartbeat); left out: kept as set elsewhere; null: none. */
    heartbeat: heartbeatUrlSchema.nullable().optional(),
    /** The node's log folder on this host (logs.setFolder); left out: kept as set elsewhere; null: ~/.avalanchego/logs. */
    logDir: logFolderSchema.nullable().optional()
  })
  .strict()
  .superRefine((c, ctx) => {
    const lower = (s: string): string => s.toLowerCase()
    const dup = (list: { name: string }[], area: 'profiles' | 'channels'): void =>
      list.forEach((item, i) => {
        if (list.findIndex((o) => lower(o.name) === lower(item.name)) !== i)
          ctx.addIssue({ code: 'custom', path: [area, i, 'name'], message: `another entry of ${area} is named "${item.name}" already: names are the key the file is applied by, give each its own` })
      })
    dup(c.profiles, 'profiles')
    dup(c.channels, 'channels')
    if (c.activeProfile !== undefined && !c.profiles.some((p) => lower(p.name) === lower(c.activeProfile!)))
      ctx.addIssue({ code: 'custom', path: ['activeProfile'], message: `names no profile of this file: one of ${c.profiles.map((p) => `"${p.name}"`).join(', ')}` })
  })
export type HostConfig = z.output<typeof hostConfigSchema>
export type HostProfileEntry = HostConfig['profiles'][number]

/** A file that cannot be used: each line names the file, the field path and what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[]
  ) {
    super(`the config file ${file} cannot be used:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** The largest config file read: a hundred profiles and fifty channels are some tens of KiB. */
export const MAX_CONFIG_BYTES = 1024 * 1024

/** Reads and checks the file; throws ConfigError. `env` supplies the "env:NAME" values. */
export function loadHostConfig(file: string, env: NodeJS.ProcessEnv = process.env): HostConfig {
  return parseHostConfig(file, readConfigText(file), env)
}

/**
 * The file's text: only a regular file, of at most MAX_CONFIG_BYTES. A named pipe given as --config once
 * held start for ever (opening one waits for a writer): its type is seen with stat before it is opened,
 * and it is opened without blocking (O_NONBLOCK: a pipe put there after the stat does not wait either),
 * then checked again on the open file.
 */
function readConfigText(file: string): string {
  const refuse = (why: string): ConfigError => new ConfigError(file, [`cannot be read: ${why}`])
  const check = (s: Stats): void => {
    if (s.isDirectory()) throw refuse('it is a folder: give the file')
    if (!s.isFile()) throw refuse(`it is ${notRegularKind(s)}, not a regular file: give a JSON file (see resources/companion.example.json)`)
    if (s.size > MAX_CONFIG_BYTES) throw refuse(`it is ${s.size.toLocaleString('en-US')} bytes, more than the ${MAX_CONFIG_BYTES / 1024 / 1024} MiB a config file may be: is it the right file?`)
  }
  let fd: number | undefined
  try {
    check(statSync(file))
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    check(fstatSync(fd))
    // One byte more than allowed: a file that grew since the stat is still caught.
    const buf = Buffer.alloc(MAX_CONFIG_BYTES + 1)
    let n = 0
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null)
    if (n > MAX_CONFIG_BYTES) throw refuse(`it is more than the ${MAX_CONFIG_BYTES / 1024 / 1024} MiB a config file may be: is it the right file?`)
    return buf.subarray(0, n).toString('utf8')
  } catch (e) {
    if (e instanceof ConfigError) throw e
    const code = (e as NodeJS.ErrnoException).code
    throw refuse(code === 'ENOENT' ? 'it does not exist: check the path given to --config' : code === 'EACCES' ? 'permission denied: let the user the app runs as read it' : code === 'EISDIR' ? 'it is a folder: give the file' : String(code ?? e))
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export function parseHostConfig(file: string, text: string, env: NodeJS.ProcessEnv): HostConfig {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new ConfigError(file, [jsonSyntaxProblem(text)])
  }
  const problems: string[] = []
  const unresolved = new Set<string>()
  const resolved = resolveSecretRefs(raw, env, problems, unresolved)
  const r = hostConfigSchema.safeParse(resolved)
  // A reference already named as unresolved is not also "not a valid URL".
  if (!r.success) problems.push(...r.error.issues.filter((i) => !unresolved.has(i.path.slice(0, 3).join('.'))).slice(0, 20).map((i) => describeIssue(i, raw)))
  // A profile folder is checked as the desktop's setProfileDir checks it: there, a folder, readable.
  if (r.success)
    r.data.profiles.forEach((p, i) => {
      if (!p.profileDir) return
      try {
        checkProfileFolder(p.profileDir)
      } catch (e) {
        problems.push(`profiles[${i}].profileDir (profile "${p.name}"): ${(e as Error).message}`)
      }
    })
  if (r.success && r.data.logDir)
    try {
      checkLogFolder(r.data.logDir)
    } catch (e) {
      problems.push(`logDir: ${(e as Error).message}`)
    }
  if (problems.length) throw new ConfigError(file, problems)
  // From here on no log line can show one of the file's secrets, whatever writes it.
  for (const p of r.data!.profiles) hideInLogs(p.apiKey)
  for (const c of r.data!.channels) for (const f of SECRET_FIELDS.channels) hideInLogs((c as Record<string, unknown>)[f] as string | undefined)
  hideInLogs(r.data!.heartbeat)
  return r.data!
}

/**
 * One secret field's "env:NAME": the variable's value, or undefined with the problem said (`where` names
 * the field, as "channels[0].url"); a value that is no reference is answered as it is.
 */
function resolveRef(v: unknown, where: string, env: NodeJS.ProcessEnv, problems: string[]): unknown {
  if (typeof v !== 'string' || !v.startsWith('env:')) return v
  const m = ENV_REF.exec(v)
  if (!m) problems.push(`${where}: "${v}" is not a reference to write: env: then a variable name of letters, digits and _ (such as env:SLACK_WEBHOOK_URL)`)
  else if (env[m[1]!] === undefined || env[m[1]!] === '')
    problems.push(`${where}: the environment variable ${m[1]} is not set: set it where the app starts (systemd: Environment= or EnvironmentFile= in the unit), or write the value here`)
  else return env[m[1]!]
  return undefined
}

/** Replaces each "env:NAME" of a secret field by the variable's value; a variable not set is a problem. */
function resolveSecretRefs(raw: unknown, env: NodeJS.ProcessEnv, problems: string[], unresolved: Set<string>): unknown {
  if (!isRecord(raw)) return raw
  const out: Record<string, unknown> = { ...raw }
  // The heartbeat URL is a secret of the file's top level.
  if ('heartbeat' in raw) {
    out.heartbeat = resolveRef(raw.heartbeat, 'heartbeat', env, problems)
    if (out.heartbeat === undefined) unresolved.add('heartbeat')
  }
  for (const area of ['profiles', 'channels'] as const) {
    const list = raw[area]
    if (!Array.isArray(list)) continue
    out[area] = list.map((entry: unknown, i) => {
      if (!isRecord(entry)) return entry
      const copy: Record<string, unknown> = { ...entry }
      for (const field of SECRET_FIELDS[area]) {
        if (!(field in entry)) continue
        copy[field] = resolveRef(entry[field], `${area}[${i}].${field}`, env, problems)
        if (copy[field] === undefined) unresolved.add(`${area}.${i}.${field}`)
      }
      return copy
    })
  }
  return out
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** "profiles[0].rules[2].threshold (profile "validator-1"): message, and what to do". */
function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '')
  const [area, index] = issue.path
  const entry = isRecord(raw) && (area === 'profiles' || area === 'channels') && typeof index === 'number' ? (raw[area] as unknown[] | undefined)?.[index] : undefined
  const named = isRecord(entry) && typeof entry.name === 'string' ? ` (${area === 'profiles' ? 'profile' : 'channel'} "${entry.name.slice(0, 60)}")` : ''
  let message = issue.message
  if (issue.code === 'unrecognized_keys')
    message = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, 5).map((k) => `"${k.slice(0, 40)}"`).join(', ')}: remove ${issue.keys.length > 1 ? 'them' : 'it'} or correct the spelling (see resources/companion.example.json)`
  else if (issue.code === 'invalid_type' && message === 'is required') message = `is required (${issue.expected})`
  return `${path || '(the whole file)'}${named}: ${message}`
}

/**
 * Where the text breaks and how, by line and column: never JSON.parse's own message, which quotes the
 * text around the error (a config file holds secrets, and the message goes to the log).
 */
function jsonSyntaxProblem(text: string): string {
  const found = findJsonSyntaxError(text)
  if (!found) return 'not valid JSON (the place could not be found): check it with a JSON validator'
  return `not valid JSON at line ${found.line}, column ${found.column}: ${found.kind}`
}
