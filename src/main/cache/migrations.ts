/**
 * Schema migrations, applied in order; PRAGMA user_version holds how many have run.
 * Never edit a released migration: append a new one.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE profiles (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    node_url      TEXT NOT NULL,
    data_url      TEXT NOT NULL,
    metrics_url   TEXT NOT NULL,
    network       TEXT NOT NULL CHECK (network IN ('mainnet','fuji','testnet')),
    cchain_url    TEXT,
    address_hrp   TEXT,
    node_ids      TEXT NOT NULL DEFAULT '[]',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
  );
  -- Secrets apart from profiles so no profile query can select them by accident.
  CREATE TABLE secrets (
    profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    storage    TEXT NOT NULL CHECK (storage IN ('encrypted','unencrypted')),
    value      BLOB NOT NULL
  );
  CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `
]
