/**
 * Migration 12: the validators area's own history, alerts and settings go (it reads the watch and the
 * alerts area now). The old uptime threshold becomes each profile's uptimeLow threshold and the old
 * refresh interval each profile's watch interval, unless the profile has its own already; the old
 * tables and the setting are gone. A data folder of the previous schema is made by the app itself and
 * put back to schema 11 with the old tables and setting, as the last version left it.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DB_FILE } from '../../../src/main/cache/database'
import { MIGRATIONS } from '../../../src/main/cache/migrations'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { appsPerTest } from './helpers'

const apps = appsPerTest({ mode: 'cli' })
/** Migration 3: the validators area's tables as the last version had them. */
const OLD_TABLES = MIGRATIONS[2]!

const profile = (name: string) => ({ name, nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet' as const, nodeIds: [] })

async function twoProfiles(client: RpcClient<Contract>): Promise<{ plain: string; own: string }> {
  const plain = (await client.call('profiles.create', { profile: profile('plain') })).id
  const own = (await client.call('profiles.create', { profile: profile('own') })).id
  // A profile whose threshold and interval were set in the alerts and watch areas already keeps them.
  await client.call('alerts.setRules', { profileId: own, rules: [{ rule: 'uptimeLow', threshold: 90 }] })
  await client.call('watch.setSettings', { profileId: own, intervalSec: 10 })
  return { plain, own }
}

/** The tables of a database at schema `version`, each with its columns (its migrations run on an empty one). */
function tablesAt(version: number): Map<string, { columns: Set<string>; sql: string }> {
  const db = new Database(':memory:')
  try {
    for (const m of MIGRATIONS.slice(0, version)) db.exec(m)
    const tables = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all()
    return new Map(tables.map(({ name, sql }) => [name, { columns: columnsOf(db, name), sql }]))
  } finally {
    db.close()
  }
}

function columnsOf(db: Database.Database, table: string): Set<string> {
  return new Set(db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name))
}

/**
 * The data folder as the previous version left it: schema 11, its validator tables and its setting. The
 * tables later migrations made go (with their indexes), so that those migrations run again as on a real one.
 */
function backToSchema11(dataDir: string, settings: string | null): void {
  const db = new Database(join(dataDir, DB_FILE))
  try {
    const at11 = tablesAt(11)
    const now = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all()
    db.pragma('foreign_keys = OFF')
    for (const { name } of now) if (!at11.has(name)) db.exec(`DROP TABLE "${name}"`)
    // The columns later migrations added to the tables schema 11 had (alert_channels.disabled, …) go too.
    for (const [table, { columns }] of at11)
      for (const column of columnsOf(db, table)) if (!columns.has(column)) db.exec(`ALTER TABLE "${table}" DROP COLUMN "${column}"`)
    db.exec(OLD_TABLES)
    // The other tables schema 11 had that a later migration dropped (alert_mutes, folded into silences) come back empty.
    for (const [name, { sql }] of at11) if (!name.startsWith('sqlite_')) db.exec(sql.replace(/^CREATE TABLE /, 'CREATE TABLE IF NOT EXISTS '))
    db.prepare('INSERT INTO validator_samples (scope, node_id, at, validating, uptime, connected) VALUES (?, ?, ?, 1, ?, 1)').run('http://127.0.0.1:9', 'NodeID-x', 1, '99.5')
    if (settings !== null) db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('validators.settings', settings)
    db.pragma('user_version = 11')
  } finally {
    db.close()
  }
}

function leftovers(dataDir: string): { tables: string[]; setting: unknown } {
  const db = new Database(join(dataDir, DB_FILE), { readonly: true })
  try {
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'validator_%'").all().map((r) => r.name)
    return { tables, setting: db.prepare("SELECT value FROM settings WHERE key = 'validators.settings'").get() }
  } finally {
    db.close()
  }
}

async function uptimeThreshold(client: RpcClient<Contract>, profileId: string): Promise<unknown> {
  return (await client.call('alerts.rules', { profileId })).rules.find((r) => r.rule === 'uptimeLow')?.threshold
}

async function interval(client: RpcClient<Contract>, profileId: string): Promise<unknown> {
  const s = (await client.call('watch.settings', {})).profiles.find((p) => p.profileId === profileId)!
  return { enabled: s.enabled, intervalSec: s.intervalSec }
}

describe('migration 12: the validators settings carried over, the old tables dropped', () => {
  it('a threshold of 85.5 % and a refresh every 5 min become the rule and watch interval of a profile that had none of its own', async () => {
    const first = apps.open()
    const { plain, own } = await twoProfiles(first.client)
    first.app.close()
    backToSchema11(first.dataDir, JSON.stringify({ uptimeThreshold: 85.5, refreshIntervalSec: 300 }))

    const { client, dataDir } = apps.open({ dataDir: first.dataDir })
    expect(await uptimeThreshold(client, plain)).toBe(85.5)
    expect(await interval(client, plain)).toEqual({ enabled: true, intervalSec: 300 })
    expect(await uptimeThreshold(client, own)).toBe(90)
    expect(await interval(client, own)).toEqual({ enabled: true, intervalSec: 10 })
    expect(leftovers(dataDir)).toEqual({ tables: [], setting: undefined })
  })

  it('the defaults (80 %, 1 min) and "off" leave the rules and the watch as they were: on, every minute', async () => {
    for (const refreshIntervalSec of [60, 0]) {
      const first = apps.open()
      const { plain } = await twoProfiles(first.client)
      first.app.close()
      backToSchema11(first.dataDir, JSON.stringify({ uptimeThreshold: 80, refreshIntervalSec }))
      const { client, dataDir } = apps.open({ dataDir: first.dataDir })
      // Not set: the network's requirement applies (80 %, 90 % after ACP-267)
      expect(await uptimeThreshold(client, plain)).toBeNull()
      expect(await interval(client, plain)).toEqual({ enabled: true, intervalSec: 60 })
      expect(leftovers(dataDir)).toEqual({ tables: [], setting: undefined })
    }
  })

  it('a setting that does not parse, or none at all, changes nothing and the old tables still go', async () => {
    for (const settings of ['{not json', JSON.stringify({ uptimeThreshold: 'high', refreshIntervalSec: 45 }), null]) {
      const first = apps.open()
      const { plain } = await twoProfiles(first.client)
      first.app.close()
      backToSchema11(first.dataDir, settings)
      const { client, dataDir } = apps.open({ dataDir: first.dataDir })
      // Not set: the network's requirement applies (80 %, 90 % after ACP-267)
      expect(await uptimeThreshold(client, plain)).toBeNull()
      expect(await interval(client, plain)).toEqual({ enabled: true, intervalSec: 60 })
      expect(leftovers(dataDir)).toEqual({ tables: [], setting: undefined })
    }
  })
})
