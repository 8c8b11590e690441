/**
 * `companion doctor`: what commonly goes wrong on a host, checked one by one, each with how to fix it: the
 * data folder (there, a folder, readable and writable by this user, not readable by others), the config
 * file when one is given, and for each profile its node (reachable), the node's admin API (enabled) and
 * the folder the node writes its profiles to (readable). It changes nothing: the data folder is only
 * looked at (a config file's profiles are checked in a throwaway folder), and the checks only read.
 */
import { constants, mkdtempSync, rmSync, statSync, accessSync, existsSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import type { Contract, ProbeReport } from '../../shared/contract'
import { createRpcClient } from '../../shared/rpc/client'
import { AppError } from '../../shared/rpc/errors'
import { createMemoryPair } from '../../shared/rpc/memory'
import { createApp } from '../app'
import { ConfigError, loadHostConfig, type HostConfig } from '../config/host-config'
import { plainSecretStore } from '../secrets'

export interface Finding {
  status: 'ok' | 'warn' | 'fail'
  check: string
  detail: string
  fix?: string
}

/** Runs every check; exit code 1 when one failed (a warning alone is 0). */
export async function runDoctor(opts: { dataDir: string; configFile?: string; profile?: string }, out: (s: string) => void): Promise<number> {
  const findings: Finding[] = []
  const say = (f: Finding): void => {
    findings.push(f)
    out(`${f.status === 'ok' ? 'ok  ' : f.status === 'warn' ? 'warn' : 'FAIL'}  ${f.check}: ${f.detail}${f.fix ? `\n      fix: ${f.fix}` : ''}`)
  }
  const folder = dataFolder(opts.dataDir)
  say(folder)
  let config: HostConfig | undefined
  if (opts.configFile !== undefined) {
    try {
      config = loadHostConfig(opts.configFile)
      say({ status: 'ok', check: `config file ${opts.configFile}`, detail: `valid: ${config.profiles.length} profile(s), ${config.channels.length} channel(s)` })
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e
      say({ status: 'fail', check: `config file ${opts.configFile}`, detail: e.problems.join('; '), fix: 'correct each field named above; resources/companion.example.json shows every field' })
    }
  }
  // A config file's profiles are checked as the file declares them, in a folder of their own: the doctor
  // never changes the data folder. Without one, the stored profiles (the data folder must be readable).
  const scratch = config ? mkdtempSync(join(tmpdir(), 'companion-doctor-')) : undefined
  try {
    const dir = scratch ?? (folder.status !== 'fail' && existsSync(opts.dataDir) ? opts.dataDir : undefined)
    if (dir) for (const f of await profileFindings(dir, config, opts.profile)) say(f)
    else if (folder.status !== 'fail') say({ status: 'warn', check: 'profiles', detail: 'none to check: the data folder holds none yet', fix: 'give the config file with --config, or create a profile in the page' })
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  }
  const failed = findings.filter((f) => f.status === 'fail').length
  out(failed ? `${failed} check(s) failed: see the fixes above` : 'every check passed')
  return failed ? 1 : 0
}

function dataFolder(dir: string): Finding {
  const check = `data folder ${dir}`
  let st
  try {
    st = statSync(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { status: 'fail', check, detail: `cannot be looked at (${(e as NodeJS.ErrnoException).code})`, fix: `let this user (${whoami()}) reach ${dirname(dir)}` }
    const parent = nearestExisting(dirname(dir))
    return writable(parent)
      ? { status: 'ok', check, detail: `not there yet: it is made (mode 0700) at the first start, in ${parent}` }
      : {
          status: 'fail',
          check,
          detail: `not there, and ${parent} is not writable by this user (${whoami()}), so it cannot be made`,
          fix: `create it for this user: sudo install -d -m 700 -o ${whoami()} ${dir} (the systemd units do it with StateDirectory=companion)`
        }
  }
  if (!st.isDirectory()) return { status: 'fail', check, detail: 'is a file, not a folder', fix: `move the file away, or pass another --data-dir` }
  if (!writable(dir) || !readable(dir))
    return {
      status: 'fail',
      check,
      detail: `not readable and writable by this user (${whoami()}; the folder belongs to uid ${st.uid}, mode ${mode(st.mode)})`,
      fix: `sudo chown -R ${whoami()} ${dir} && sudo chmod 700 ${dir}, or run the app as the folder's owner`
    }
  const db = join(dir, 'companion.db')
  if (existsSync(db) && !can(db, constants.R_OK | constants.W_OK))
    return { status: 'fail', check, detail: `${db} is not readable and writable by this user (${whoami()})`, fix: `sudo chown ${whoami()} ${db} && sudo chmod 600 ${db}` }
  if (st.mode & 0o077)
    return {
      status: 'warn',
      check,
      detail: `other users may look into it (mode ${mode(st.mode)}); it holds the data-service key and the channels' secrets`,
      fix: `chmod 700 ${dir}`
    }
  return { status: 'ok', check, detail: `readable and writable by ${whoami()}, mode ${mode(st.mode)}` }
}

/** The node, its admin API and its profile folder, for each profile (or the one named). */
async function profileFindings(dataDir: string, config: HostConfig | undefined, only: string | undefined): Promise<Finding[]> {
  const setup = createApp({ dataDir, mode: 'cli', secrets: plainSecretStore, ...(config ? { hostConfig: config } : {}) })
  let names: string[]
  try {
    names = (await clientOf(setup).call('profiles.list', {})).profiles.map((p) => p.name)
  } finally {
    setup.close()
  }
  if (only !== undefined) {
    if (!names.some((n) => n.toLowerCase() === only.toLowerCase()))
      return [{ status: 'fail', check: `profile "${only}"`, detail: 'no profile of that name', fix: `one of: ${names.join(', ') || '(none yet)'}` }]
    names = [only]
  }
  if (names.length === 0)
    return [{ status: 'fail', check: 'profiles', detail: 'there is none yet', fix: 'give a config file (--config, see resources/companion.example.json) or create one in the page' }]
  const findings: Finding[] = []
  for (const name of names) {
    const app = createApp({ dataDir, mode: 'cli', secrets: plainSecretStore, profileName: name })
    try {
      findings.push(...(await oneProfile(name, clientOf(app))))
    } finally {
      app.close()
    }
  }
  return findings
}

async function oneProfile(name: string, client: ReturnType<typeof clientOf>): Promise<Finding[]> {
  const report: ProbeReport = await client.call('connection.probe', {})
  const part = (p: string) => report.parts.find((x) => x.part === p)!
  const info = part('info')
  const reachable = ['info', 'health', 'pchain'].some((p) => part(p).status === 'available')
  const nodeCheck = `profile "${name}": node ${info.endpoint.replace(/\/ext\/.*$/, '')}`
  const findings: Finding[] = []
  if (!reachable) {
    findings.push({
      status: 'fail',
      check: nodeCheck,
      detail: `not reachable: ${info.error?.message ?? info.detail}`,
      fix: `${info.hint ?? 'check the node URL'} On the node: is avalanchego running, and does --http-host/--http-port match the URL?`
    })
    findings.push({ status: 'warn', check: `profile "${name}": admin API`, detail: 'not checked: the node is not reachable' })
  } else {
    findings.push({ status: 'ok', check: nodeCheck, detail: 'reachable' })
    const admin = part('admin')
    findings.push(
      admin.status === 'available'
        ? { status: 'ok', check: `profile "${name}": admin API`, detail: `enabled (${admin.endpoint})` }
        : {
            status: 'fail',
            check: `profile "${name}": admin API`,
            detail: `not available at ${admin.endpoint}: ${admin.error?.message ?? admin.detail}`,
            fix: `${admin.hint ?? ''} Profilers and log levels need it: set "admin-api-enabled": true in the C-Chain config (configs/chains/C/config.json) and restart the node.`.trim()
          }
    )
  }
  findings.push(await profileFolderFinding(name, client))
  return findings
}

async function profileFolderFinding(name: string, client: ReturnType<typeof clientOf>): Promise<Finding> {
  const check = `profile "${name}": profile folder`
  try {
    const r = await client.call('control.profileFiles', {})
    const from = r.source === 'profile' ? "the profile's profileDir" : r.source === 'node' ? "the node's admin-api-dir" : "avalanchego's default"
    if (!r.exists) return { status: 'warn', check, detail: `${r.dir} (${from}) does not exist yet: the node makes it at its first profile`, fix: "if the node writes elsewhere, set the profile's profileDir" }
    return { status: 'ok', check, detail: `${r.dir} (${from}) is readable: ${r.files.length} file(s)` }
  } catch (e) {
    const message = e instanceof AppError ? e.message : String(e)
    return {
      status: 'fail',
      check,
      detail: message,
      fix: `let this user (${whoami()}) read it: add it to the node's group and make the folder group-readable (sudo usermod -aG <node's group> ${whoami()}; chmod g+rx <folder>), or set the profile's profileDir to a folder it can read`
    }
  }
}

function clientOf(app: ReturnType<typeof createApp>) {
  const pair = createMemoryPair()
  app.server.attach(pair.server, 'memory')
  return createRpcClient<Contract>(pair.client)
}

const can = (path: string, m: number): boolean => {
  try {
    accessSync(path, m)
    return true
  } catch {
    return false
  }
}
const readable = (p: string): boolean => can(p, constants.R_OK | constants.X_OK)
const writable = (p: string): boolean => can(p, constants.W_OK | constants.X_OK)
const mode = (m: number): string => (m & 0o777).toString(8).padStart(4, '0')

function nearestExisting(dir: string): string {
  for (let d = dir; ; d = dirname(d)) if (existsSync(d) || dirname(d) === d) return d
}

/** The user this process runs as (not $USER, which sudo, setpriv and su may leave as it was). */
function whoami(): string {
  try {
    return userInfo().username
  } catch {
    return typeof process.getuid === 'function' ? `uid ${process.getuid()}` : 'this user'
  }
}
