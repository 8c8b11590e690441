import Database from 'better-sqlite3'
import { migrate, type Db } from '../../src/main/cache/database'

/** A database in memory at the latest schema, with foreign keys on as the app opens its file. */
export function memoryDb(): Db {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}
