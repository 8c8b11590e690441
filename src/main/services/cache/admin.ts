import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../../cache/database'
import { DB_FILE } from '../../cache/database'
import type { CacheAdminStore } from '../../cache/cache-admin-store'
import { AppError } from '../../../shared/rpc/errors'
import type { AreaHandlers } from '../handlers'
import { backupTo, restoreFrom, type RestorePolicy } from './backup'
import type { RestoreVetting } from './restore-checks'
import { exportKind } from './export'
import type { SizeBound } from './size-bound'

export interface CacheAdminDeps {
  db: Db
  dataDir: string
  store: CacheAdminStore
  bound: SizeBound
  /** The service URLs a profile's answers are kept under (its node, data and metrics services); undefined: no such profile. */
  profileScopes: (profileId: string) => string[] | undefined
  /** After a restore: the profiles, connections and watch follow the restored data (profiles.changed). */
  restored: () => void
  /** This machine's settings a restore keeps, and the checks of what it brings (restore-checks.ts). */
  restorePolicy: RestorePolicy<RestoreVetting>
  /** The desktop app's save/open dialog; absent where there is no window (CLI, browser mode). */
  chooseFile?: (purpose: 'backup' | 'restore') => Promise<string | null>
}

type AdminMethod =
  | 'cache.stats'
  | 'cache.clear'
  | 'cache.export'
  | 'cache.setLimit'
  | 'cache.pin'
  | 'cache.backup'
  | 'cache.restore'
  | 'cache.chooseFile'
  | 'cache.dismissQuarantine'

/** The database file and its WAL, as the file system counts them. */
function fileBytes(dataDir: string): number {
  const file = join(dataDir, DB_FILE)
  let total = 0
  for (const f of [file, `${file}-wal`]) {
    try {
      total += statSync(f).size
    } catch {
      // no WAL right after a checkpoint (TRUNCATE leaves it empty, a clean close removes it)
    }
  }
  return total
}

/** What the operator does with the cache (issue 21): see what it holds, clear, export, bound, pin, back up, restore. */
export function cacheAdminHandlers(deps: CacheAdminDeps): Pick<AreaHandlers<'cache'>, AdminMethod> {
  const { store, bound } = deps
  return {
    'cache.stats': () => {
      const quarantined = store.quarantined()
      return {
        fileBytes: fileBytes(deps.dataDir),
        limitBytes: bound.limit(),
        rows: store.groups().map((g) => ({
          kind: g.kind as never,
          profileId: g.profile_id,
          network: g.network as never,
          count: g.count,
          bytes: g.bytes,
          oldest: g.oldest,
          newest: g.newest,
          pinned: g.pinned
        })),
        answers: store.answers(),
        ...(quarantined !== undefined ? { quarantined } : {})
      }
    },
    'cache.clear': ({ kind, profileId, olderThan, includePinned, what }) => {
      let scopes: string[] | null = null
      if (profileId !== undefined && what !== 'entities') {
        const found = deps.profileScopes(profileId)
        if (!found) throw new AppError('NOT_FOUND', `No profile ${profileId}: its answers are cleared by profile while it exists (clear them by age, or all)`)
        scopes = found
      }
      let removed = 0
      deps.db.transaction(() => {
        if (what !== 'answers') removed += store.clearEntities({ kind: kind ?? null, profileId: profileId ?? null, olderThan: olderThan ?? null, includePinned })
        if (what !== 'entities') removed += store.clearAnswers(scopes, olderThan ?? null)
      })()
      if (removed > 0) store.reclaim()
      return { removed }
    },
    'cache.export': ({ kind, profileId, format }) => exportKind(store, kind, profileId ?? null, format),
    'cache.setLimit': ({ limitBytes }) => ({ limitBytes, removed: bound.setLimit(limitBytes) }),
    'cache.pin': ({ pinned, ...key }) => {
      if (!store.pin(key, pinned)) throw new AppError('NOT_FOUND', `No cached ${key.kind} ${key.key} on ${key.network}${key.chain ? ` (chain ${key.chain})` : ''}: search for it first`)
      return { pinned }
    },
    'cache.backup': ({ path, overwrite }) => backupTo(deps.db, deps.dataDir, path, overwrite),
    'cache.restore': async ({ path }) => {
      const result = await restoreFrom(deps.db, deps.dataDir, path, deps.restorePolicy)
      deps.restored()
      bound.enforce()
      return result
    },
    'cache.chooseFile': async ({ purpose }) => {
      if (!deps.chooseFile)
        throw new AppError('UNAVAILABLE', `There is no window to choose a file in here: give the path, e.g. companion call cache.${purpose} '{"path":"/absolute/file.sqlite"}'`)
      return { path: await deps.chooseFile(purpose) }
    },
    'cache.dismissQuarantine': () => ({ dismissed: store.dismissQuarantine() })
  }
}
