/**
 * Every schema version that has shipped opens in this app (issue 21): a database is built at each
 * user_version 1..N-1 with the migrations of its time and representative rows of that version's tables,
 * then opened as the app opens it; the rows survive (or are carried over as the migrations say) and the
 * schema is exactly a new database's. And a database with corrupted pages is moved aside at start with its
 * -wal and -shm, the app keeps working on a new one, and cache.stats says where the old one went until the
 * operator dismisses it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { DB_FILE, openDatabase, type Db } from '../../../src/main/cache/database'
import { MIGRATIONS } from '../../../src/main/cache/migrations'
import { appsPerTest, tempDir } from './helpers'

const folders: (() => void)[] = []
afterEach(() => folders.splice(0).forEach((remove) => remove()))
function folder(): string {
  const t = tempDir()
  folders.push(t.remove)
  return t.dir
}

/** A row of a table, from the version that made it to the one that dropped it (exclusive). */
interface Seed {
  since: number
  until?: number
  sql: string
  /** After the migrations: a query that finds the row (or what a migration made of it): one row expected. */
  check?: string
}

const P = "'p1'"
const SEEDS: Seed[] = [
  {
    since: 1,
    until: 5,
    sql: `INSERT INTO profiles (id, name, node_url, data_url, metrics_url, network, node_ids, created_at, updated_at)
          VALUES (${P}, 'main node', 'http://10.0.0.1:9650', 'https://data.example', 'http://10.0.0.1:9650', 'mainnet', '["NodeID-A"]', 1, 2)`,
    check: `SELECT 1 FROM profiles WHERE id = ${P} AND name = 'main node' AND node_ids = '["NodeID-A"]'`
  },
  {
    since: 5,
    sql: `INSERT INTO profiles (id, name, node_url, data_url, metrics_url, network, node_ids, created_at, updated_at, profile_dir)
          VALUES (${P}, 'main node', 'http://10.0.0.1:9650', 'https://data.example', 'http://10.0.0.1:9650', 'mainnet', '["NodeID-A"]', 1, 2, '/var/node/profiles')`,
    check: `SELECT 1 FROM profiles WHERE id = ${P} AND profile_dir = '/var/node/profiles'`
  },
  { since: 1, sql: "INSERT INTO settings (key, value) VALUES ('profiles.active', 'p1')", check: "SELECT 1 FROM settings WHERE key = 'profiles.active' AND value = 'p1'" },
  // Migration 2 binds the key to the profile's data URL.
  { since: 1, until: 2, sql: `INSERT INTO secrets (profile_id, storage, value) VALUES (${P}, 'unencrypted', x'6b6579')`, check: `SELECT 1 FROM secrets WHERE profile_id = ${P} AND bound_url = 'https://data.example' AND value = x'6b6579'` },
  { since: 2, sql: `INSERT INTO secrets (profile_id, storage, value, bound_url) VALUES (${P}, 'obfuscated', x'6b6579', 'https://data.example')`, check: `SELECT 1 FROM secrets WHERE profile_id = ${P} AND storage = 'obfuscated'` },
  { since: 2, sql: `INSERT INTO reads VALUES ('http://10.0.0.1:9650', 'info.getNodeID', '{}', '{"nodeID":"NodeID-A"}', 5)`, check: "SELECT 1 FROM reads WHERE method = 'info.getNodeID' AND fetched_at = 5" },
  // Migration 12 drops the validators area's own history, and carries its old settings to each profile.
  { since: 3, until: 12, sql: "INSERT INTO validator_samples VALUES ('http://10.0.0.1:9650', 'NodeID-A', 1, 1, '99.5', 1)" },
  {
    since: 1,
    until: 12,
    sql: `INSERT INTO settings (key, value) VALUES ('validators.settings', '{"uptimeThreshold":90,"refreshIntervalSec":300}')`,
    check: `SELECT 1 FROM alert_rules WHERE profile_id = ${P} AND rule = 'uptimeLow' AND threshold = '90'`
  },
  // Before the watch had settings of its own (9), the old refresh interval becomes the profile's watch interval.
  { since: 1, until: 9, sql: 'SELECT 1', check: `SELECT 1 FROM watch_settings WHERE profile_id = ${P} AND interval_sec = 300` },
  { since: 4, sql: "INSERT INTO node_actions VALUES ('a1', 'http://10.0.0.1:9650', 'admin.setLoggerLevel', '{}', 'desktop', 7, 8, 'ok', NULL)", check: "SELECT 1 FROM node_actions WHERE id = 'a1'" },
  { since: 4, sql: "INSERT INTO log_reverts VALUES ('r1', 'http://10.0.0.1:9650', 'debug', 'info', 9, 7, 'scheduled', NULL, 0)", check: "SELECT 1 FROM log_reverts WHERE id = 'r1' AND state = 'scheduled'" },
  { since: 4, sql: "INSERT INTO vm_config_snapshots (scope, fetched_at, hash, config) VALUES ('http://10.0.0.1:9650', 7, 'h', '{}')", check: "SELECT 1 FROM vm_config_snapshots WHERE hash = 'h'" },
  { since: 6, sql: "INSERT INTO utxo_sets VALUES ('http://10.0.0.1:9650', 'k', '[\"P-avax1x\"]', 'P', 7, 1)", check: "SELECT 1 FROM utxo_sets WHERE set_key = 'k'" },
  { since: 6, sql: "INSERT INTO utxo_rows VALUES ('http://10.0.0.1:9650', 'k', 0, 'utxo1', 'asset', '1000', '00', '{}')", check: "SELECT 1 FROM utxo_rows WHERE utxo_id = 'utxo1' AND amount = '1000'" },
  { since: 6, sql: "INSERT INTO atomic_issued VALUES ('i1', 'http://10.0.0.1:9650', 'tx1', '00', 7, NULL, 'pending', NULL)", check: "SELECT 1 FROM atomic_issued WHERE tx_id = 'tx1'" },
  { since: 6, sql: "INSERT INTO atomic_watches VALUES ('http://10.0.0.1:9650', 'tx1', 'watching', 7, NULL, NULL)", check: "SELECT 1 FROM atomic_watches WHERE tx_id = 'tx1'" },
  { since: 6, sql: "INSERT INTO atomic_watch_events VALUES ('http://10.0.0.1:9650', 'tx1', 8, 'Processing', NULL)", check: "SELECT 1 FROM atomic_watch_events WHERE status = 'Processing'" },
  { since: 7, sql: "INSERT INTO evm_heads VALUES ('http://10.0.0.1:9650', 'C', 100, '0xh', '{}', 7)", check: "SELECT 1 FROM evm_heads WHERE number = 100" },
  { since: 7, sql: "INSERT INTO evm_fee_samples VALUES ('http://10.0.0.1:9650', 'C', 7, 100, '25000000000', '1')", check: "SELECT 1 FROM evm_fee_samples WHERE base_fee = '25000000000'" },
  { since: 8, sql: "INSERT INTO data_loads VALUES ('https://data.example', 'txs', '{}', 'done', '[]', 7)", check: "SELECT 1 FROM data_loads WHERE endpoint = 'txs'" },
  { since: 9, sql: `INSERT INTO watch_samples VALUES (${P}, 7, 1, '{}')`, check: `SELECT 1 FROM watch_samples WHERE profile_id = ${P}` },
  // A profile's own watch settings win over the old validators setting; its unreachable threshold becomes a rule (10).
  {
    since: 9,
    until: 10,
    sql: `INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after) VALUES (${P}, 1, 60, 5)`,
    check: `SELECT 1 FROM watch_settings w JOIN alert_rules r USING (profile_id) WHERE w.interval_sec = 60 AND r.rule = 'unreachable' AND r.threshold = '5'`
  },
  { since: 10, sql: `INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after, subnet_ids) VALUES (${P}, 1, 60, 3, '["s1"]')`, check: `SELECT 1 FROM watch_settings WHERE subnet_ids = '["s1"]'` },
  {
    since: 9,
    until: 10,
    sql: `INSERT INTO watch_alerts VALUES ('w1', ${P}, 'main node', 'http://10.0.0.1:9650', 'unreachable', 'critical', 'down', 7, NULL)`,
    check: "SELECT 1 FROM watch_alerts WHERE id = 'w1' AND subject IS NULL"
  },
  // A rule muted before silences (20) is a silence of its profile and rule, ending when the mute did.
  {
    since: 10,
    until: 20,
    sql: `INSERT INTO alert_mutes VALUES (${P}, 'versionOld', 99)`,
    check: `SELECT 1 FROM alert_silences WHERE profile_id = ${P} AND rule = 'versionOld' AND subject IS NULL AND ends_at = 99`
  },
  { since: 20, sql: `INSERT INTO alert_silences VALUES ('s1', ${P}, NULL, NULL, 5, 99, 'upgrade', 'ops', 5)`, check: "SELECT 1 FROM alert_silences WHERE id = 's1'" },
  {
    since: 20,
    sql: `INSERT INTO maintenance_windows VALUES ('mw1', 'reboot', NULL, '{"kind":"cron","expr":"0 3 * * 0"}', 60, 'Europe/Berlin', 5)`,
    check: "SELECT 1 FROM maintenance_windows WHERE id = 'mw1'"
  },
  { since: 11, sql: "INSERT INTO alert_channels (id, kind, name, min_severity, target, config, storage, secret, created_at) VALUES ('c1', 'webhook', 'ops', 'warning', 'https://hooks.example', '{}', 'unencrypted', x'7b7d', 7)", check: "SELECT 1 FROM alert_channels WHERE id = 'c1'" },
  { since: 11, sql: "INSERT INTO alert_outbox (channel_id, alert_id, state, alert, queued_at, next_at) VALUES ('c1', 'w1', 'firing', '{}', 7, 7)", check: "SELECT 1 FROM alert_outbox WHERE alert_id = 'w1'" },
  {
    since: 11,
    sql: "INSERT INTO alert_deliveries (at, channel_id, channel_name, channel_kind, alert_id, state, attempt, outcome) VALUES (7, 'c1', 'ops', 'webhook', 'w1', 'firing', 1, 'delivered')",
    check: "SELECT 1 FROM alert_deliveries WHERE outcome = 'delivered'"
  },
  // Entities kept before migration 16 say nothing of the contract that checked them (0): checked again when read.
  {
    since: 14,
    sql: `INSERT INTO entities (id, network, kind, chain, key, profile_id, scope, source, sort, label, data, fetched_at)
          VALUES (1, 'mainnet', 'transaction', 'P', 'tx1', ${P}, 'https://data.example', 'data.listLatestPrimaryNetworkTransactions', 7, 'P-Chain ExportTx', '{"txHash":"tx1"}', 8);
          INSERT INTO entity_terms VALUES ('mainnet', 'tx1', 7, 1)`,
    check: "SELECT 1 FROM entities e JOIN entity_terms t ON t.entity_id = e.id WHERE e.key = 'tx1' AND e.checked = 0"
  }
]

/** The schema of a database as SQLite keeps it: every table, index and trigger with its SQL. */
function schemaOf(db: Db): string[] {
  return db
    .prepare<[], { type: string; name: string; sql: string | null }>("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`)
}

function buildAt(version: number, dir: string): void {
  const db = new Database(join(dir, DB_FILE))
  db.pragma('foreign_keys = ON')
  for (let v = 0; v < version; v++) db.exec(MIGRATIONS[v]!)
  for (const s of SEEDS) if (s.since <= version && (s.until === undefined || version < s.until)) db.exec(s.sql)
  db.pragma(`user_version = ${version}`)
  db.close()
}

describe('migrations from every earlier schema version', () => {
  const fresh = (() => {
    const dir = folder()
    const { db } = openDatabase(dir)
    const schema = schemaOf(db)
    db.close()
    return schema
  })()

  it.each(Array.from({ length: MIGRATIONS.length - 1 }, (_, i) => i + 1))('a database of schema %i opens, its rows kept, its schema current', (version) => {
    const dir = folder()
    buildAt(version, dir)
    const { db, quarantined } = openDatabase(dir)
    try {
      expect(quarantined).toBeUndefined()
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
      expect(schemaOf(db)).toEqual(fresh)
      expect(db.pragma('foreign_key_check')).toEqual([])
      for (const s of SEEDS) {
        if (!s.check || s.since > version || (s.until !== undefined && version >= s.until)) continue
        expect(db.prepare(s.check).all(), `${s.check} (from schema ${version})`).toHaveLength(1)
      }
      // What migration 12 dropped is gone.
      expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'validator_samples'").get()).toBeUndefined()
    } finally {
      db.close()
    }
  })
})

describe('a database with corrupted pages', () => {
  const apps = appsPerTest()

  it('is moved aside with its -wal and -shm at start; the app works on a new one and says where the old went until dismissed', async () => {
    const first = apps.open()
    await first.client.call('profiles.create', { profile: { name: 'lost', nodeUrl: 'http://127.0.0.1:9650', dataUrl: 'http://127.0.0.1:9650', metricsUrl: 'http://127.0.0.1:9650', network: 'mainnet', nodeIds: [] } })
    first.app.close()
    const file = join(first.dataDir, DB_FILE)
    const bytes = readFileSync(file)
    for (let i = 4096 * 2; i < bytes.length; i++) bytes[i] = (i * 13) & 0xff
    writeFileSync(file, bytes)
    writeFileSync(`${file}-wal`, 'the wal as the crash left it')
    writeFileSync(`${file}-shm`, 'the shm as the crash left it')

    const { client, dataDir, app } = apps.open({ dataDir: first.dataDir })
    const stats = await client.call('cache.stats', {})
    const aside = stats.quarantined!
    expect(aside).toMatch(new RegExp(`^${join(dataDir, DB_FILE).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.corrupt-\\d+$`))
    expect(readFileSync(aside)).toEqual(bytes)
    expect(readFileSync(`${aside}-wal`, 'utf8')).toBe('the wal as the crash left it')
    // The -shm is only an index of the -wal that SQLite rewrites in place when it opens it: moved too, as the open left it.
    expect(existsSync(`${aside}-shm`)).toBe(true)
    expect(existsSync(`${join(dataDir, DB_FILE)}-wal.at-start`)).toBe(false)
    // The app goes on, on a new database.
    expect((await client.call('profiles.list', {})).profiles).toEqual([])
    await client.call('profiles.create', { profile: { name: 'new', nodeUrl: 'http://127.0.0.1:9650', dataUrl: 'http://127.0.0.1:9650', metricsUrl: 'http://127.0.0.1:9650', network: 'mainnet', nodeIds: [] } })

    // Said again after a restart, until the operator dismisses it; the moved file stays where it is.
    app.close()
    const again = apps.open({ dataDir })
    expect((await again.client.call('cache.stats', {})).quarantined).toBe(aside)
    expect(await again.client.call('cache.dismissQuarantine', {})).toEqual({ dismissed: true })
    expect((await again.client.call('cache.stats', {})).quarantined).toBeUndefined()
    expect(await again.client.call('cache.dismissQuarantine', {})).toEqual({ dismissed: false })
    expect(existsSync(aside)).toBe(true)
  })
})
