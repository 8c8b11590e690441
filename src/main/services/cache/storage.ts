import type { Clock } from '../../clock'
import { openDatabase, type Db } from '../../cache/database'
import { CacheAdminStore } from '../../cache/cache-admin-store'
import { DataLoadsStore } from '../../cache/data-loads-store'
import { EntitiesStore } from '../../cache/entities-store'
import { ReadsStore } from '../../cache/reads-store'
import { log } from '../../log'
import { EntityRecorder } from '../entities/recorder'
import { SizeBound } from './size-bound'

/** The database all areas share, with what every read is written through to. */
export interface Storage {
  db: Db
  admin: CacheAdminStore
  /** The cache's size limit: checked at open, then after writes (size-bound.ts). */
  bound: SizeBound
  /** Every remote read's answer, by method, input and scope (the data path's cache). */
  reads: ReadsStore
  /** What reads bring, kept as entities of a profile's network (issue 21): searched, and assembled into offline answers. */
  entitiesStore: EntitiesStore
  dataLoads: DataLoadsStore
  entities: EntityRecorder
  close(): void
}

/** Opens the data folder's database: moved aside and rebuilt if it fails its check, then held to its size limit. */
export function openStorage(dataDir: string, nativeBinding: string | undefined, clock: Clock): Storage {
  const { db, quarantined } = openDatabase(dataDir, nativeBinding)
  const admin = new CacheAdminStore(db)
  if (quarantined) {
    log.warn(`database failed its integrity check; moved aside to ${quarantined} and rebuilt`)
    // Kept in the new database until the operator dismisses it: cache.stats and the Cache panel say where it went.
    admin.setQuarantined(quarantined)
  }
  const bound = new SizeBound({ store: admin, clock, warn: (m) => log.warn(m) })
  try {
    bound.enforce()
  } catch (e) {
    log.warn(`the cache's size check at start failed: ${String(e)}`)
  }
  const entitiesStore = new EntitiesStore(db)
  const dataLoads = new DataLoadsStore(db)
  return {
    db,
    admin,
    bound,
    reads: new ReadsStore(db, () => bound.noteWrite()),
    entitiesStore,
    dataLoads,
    entities: new EntityRecorder({ store: entitiesStore, loads: dataLoads, warn: (m) => log.warn(m) }),
    close() {
      bound.stop()
      db.close()
    }
  }
}
