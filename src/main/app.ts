import { contract, type Contract, type ProbeReport } from '../shared/contract'
import { createRpcServer, type RpcServer } from '../shared/rpc/server'
import { openDatabase } from './cache/database'
import { ProfilesStore } from './cache/profiles-store'
import { log } from './log'
import type { SecretStore } from './secrets'
import { Connections } from './services/connections'
import { JobManager } from './services/jobs'
import { probe } from './services/probe'
import { ProfilesService, type ConnectionOverrides } from './services/profiles'
import { APP_VERSION } from './version'

export interface AppOptions {
  dataDir: string
  mode: 'desktop' | 'browser' | 'cli'
  secrets: SecretStore
  overrides?: ConnectionOverrides
  /** CLI: use this profile (by name) instead of the stored active one, without changing it. */
  profileName?: string
  /** Desktop: better-sqlite3 built for Electron's ABI (scripts/electron-native.mjs). */
  nativeBinding?: string
}

export interface App {
  server: RpcServer<Contract>
  close(): void
}

/** Builds the whole graph from settings: the container. No Electron here, so it runs in plain Node. */
export function createApp(opts: AppOptions): App {
  const { db, quarantined } = openDatabase(opts.dataDir, opts.nativeBinding)
  if (quarantined) log.warn(`database failed its integrity check; moved aside to ${quarantined} and rebuilt`)
  const store = new ProfilesStore(db)
  const pinned = opts.profileName ? store.getByName(opts.profileName) : undefined
  if (opts.profileName && !pinned) {
    db.close()
    throw new Error(`No profile named "${opts.profileName}". List them with: companion call profiles.list '{}'`)
  }
  let lastReport: ProbeReport | null = null
  // eslint-disable-next-line prefer-const -- assigned after the server exists, used by the callbacks below
  let server: RpcServer<Contract>
  const profiles = new ProfilesService(
    store,
    opts.secrets,
    (activeId) => {
      connections.invalidate()
      server.publish('profiles.changed', { activeId })
    },
    opts.overrides,
    pinned?.id
  )
  const connections = new Connections(profiles)
  const jobs = new JobManager((job) => server.publish('jobs.progress', job))

  const runProbe = async (): Promise<ProbeReport> => {
    const report = await probe(connections.get())
    lastReport = report
    server.publish('status.changed', report)
    return report
  }

  server = createRpcServer<Contract>(
    contract,
    {
      'app.info': () => ({ version: APP_VERSION, mode: opts.mode, dataDir: opts.dataDir, secretStorage: opts.secrets.storage }),
      'profiles.list': () => profiles.list(),
      'profiles.create': (input) => profiles.create(input),
      'profiles.update': ({ id, profile }) => profiles.update(id, profile),
      'profiles.delete': ({ id }) => {
        profiles.delete(id)
        return { deleted: true as const }
      },
      'profiles.setApiKey': ({ id, apiKey }) => profiles.setApiKey(id, apiKey),
      'profiles.activate': async ({ id }) => {
        profiles.setActive(id)
        return runProbe()
      },
      'status.get': () => (lastReport && lastReport.profileId === profiles.effective()?.id ? lastReport : null),
      'status.probe': () => runProbe(),
      'jobs.list': () => ({ jobs: jobs.list() }),
      'jobs.cancel': ({ id }) => ({ cancelled: jobs.cancel(id) })
    },
    {
      onInternalError: (method, err) => log.error(`internal error in ${method}`, err)
    }
  )

  return {
    server,
    close() {
      jobs.cancelAll()
      db.close()
    }
  }
}
