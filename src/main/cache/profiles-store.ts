import type { Db } from './database'
import type { Network, SecretStorage } from '../../shared/contract'

export interface StoredSecret {
  storage: SecretStorage
  value: Buffer
  boundUrl: string
}

export interface ProfileRow {
  id: string
  name: string
  nodeUrl: string
  dataUrl: string
  metricsUrl: string
  network: Network
  cchainUrl: string | null
  addressHrp: string | null
  nodeIds: string[]
  profileDir: string | null
  createdAt: number
  updatedAt: number
}

interface RawRow {
  id: string
  name: string
  node_url: string
  data_url: string
  metrics_url: string
  network: Network
  cchain_url: string | null
  address_hrp: string | null
  node_ids: string
  profile_dir: string | null
  created_at: number
  updated_at: number
}

const fromRaw = (r: RawRow): ProfileRow => ({
  id: r.id,
  name: r.name,
  nodeUrl: r.node_url,
  dataUrl: r.data_url,
  metricsUrl: r.metrics_url,
  network: r.network,
  cchainUrl: r.cchain_url,
  addressHrp: r.address_hrp,
  nodeIds: JSON.parse(r.node_ids) as string[],
  profileDir: r.profile_dir,
  createdAt: r.created_at,
  updatedAt: r.updated_at
})

/** Named statements over the profiles, secrets and settings tables. */
export class ProfilesStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      all: db.prepare<[], RawRow>('SELECT * FROM profiles ORDER BY created_at, name'),
      byId: db.prepare<[string], RawRow>('SELECT * FROM profiles WHERE id = ?'),
      byName: db.prepare<[string], RawRow>('SELECT * FROM profiles WHERE name = ? COLLATE NOCASE'),
      insert: db.prepare(
        `INSERT INTO profiles (id, name, node_url, data_url, metrics_url, network, cchain_url, address_hrp, node_ids, profile_dir, created_at, updated_at)
         VALUES (@id, @name, @nodeUrl, @dataUrl, @metricsUrl, @network, @cchainUrl, @addressHrp, @nodeIds, @profileDir, @createdAt, @updatedAt)`
      ),
      update: db.prepare(
        `UPDATE profiles SET name=@name, node_url=@nodeUrl, data_url=@dataUrl, metrics_url=@metricsUrl, network=@network,
         cchain_url=@cchainUrl, address_hrp=@addressHrp, node_ids=@nodeIds, profile_dir=@profileDir, updated_at=@updatedAt WHERE id=@id`
      ),
      delete: db.prepare<[string]>('DELETE FROM profiles WHERE id = ?'),
      secretOf: db.prepare<[string], StoredSecret>(
        'SELECT storage, value, bound_url AS boundUrl FROM secrets WHERE profile_id = ?'
      ),
      putSecret: db.prepare<[string, string, Buffer, string]>(
        'INSERT INTO secrets (profile_id, storage, value, bound_url) VALUES (?, ?, ?, ?) ON CONFLICT(profile_id) DO UPDATE SET storage=excluded.storage, value=excluded.value, bound_url=excluded.bound_url'
      ),
      dropSecret: db.prepare<[string]>('DELETE FROM secrets WHERE profile_id = ?'),
      getSetting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      putSetting: db.prepare<[string, string]>(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value'
      ),
      dropSetting: db.prepare<[string]>('DELETE FROM settings WHERE key = ?')
    }
  }

  list(): ProfileRow[] {
    return this.s.all.all().map(fromRaw)
  }
  get(id: string): ProfileRow | undefined {
    const r = this.s.byId.get(id)
    return r ? fromRaw(r) : undefined
  }
  getByName(name: string): ProfileRow | undefined {
    const r = this.s.byName.get(name)
    return r ? fromRaw(r) : undefined
  }
  insert(p: ProfileRow): void {
    this.s.insert.run({ ...p, nodeIds: JSON.stringify(p.nodeIds) })
  }
  update(p: ProfileRow): void {
    this.s.update.run({ ...p, nodeIds: JSON.stringify(p.nodeIds) })
  }
  delete(id: string): void {
    this.s.delete.run(id)
  }
  secret(id: string): StoredSecret | undefined {
    return this.s.secretOf.get(id)
  }
  /** boundUrl: the data-service URL the key was entered for; it is sent to that origin only. */
  putSecret(id: string, storage: SecretStorage, value: Buffer, boundUrl: string): void {
    this.s.putSecret.run(id, storage, value, boundUrl)
  }
  dropSecret(id: string): void {
    this.s.dropSecret.run(id)
  }
  activeId(): string | null {
    return this.s.getSetting.get('activeProfileId')?.value ?? null
  }
  setActiveId(id: string | null): void {
    if (id === null) this.s.dropSetting.run('activeProfileId')
    else this.s.putSetting.run('activeProfileId', id)
  }
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }
}
