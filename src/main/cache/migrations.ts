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
  `,
  // 2: the key is bound to the data-service URL it was entered for ("obfuscated" storage, see secrets.ts);
  // reads: the one cache of remote answers, per service URL, method and input.
  `
  CREATE TABLE secrets_v2 (
    profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    storage    TEXT NOT NULL CHECK (storage IN ('encrypted','obfuscated','unencrypted')),
    value      BLOB NOT NULL,
    -- the data-service URL the key was entered for: it is sent to that origin only
    bound_url  TEXT NOT NULL
  );
  INSERT INTO secrets_v2 (profile_id, storage, value, bound_url)
    SELECT s.profile_id, s.storage, s.value, p.data_url FROM secrets s JOIN profiles p ON p.id = s.profile_id;
  DROP TABLE secrets;
  ALTER TABLE secrets_v2 RENAME TO secrets;

  CREATE TABLE reads (
    scope      TEXT NOT NULL,     -- base URL of the service that answered
    method     TEXT NOT NULL,     -- contract method
    input_key  TEXT NOT NULL,     -- canonical JSON of the validated input
    data       TEXT NOT NULL,     -- JSON of the validated answer
    fetched_at INTEGER NOT NULL,  -- ms since epoch
    PRIMARY KEY (scope, method, input_key)
  ) WITHOUT ROWID;
  `,
  // 3: validator history and alerts, per node URL (scope) and Primary Network / subnet.
  `
  CREATE TABLE validator_samples (
    scope      TEXT NOT NULL,
    node_id    TEXT NOT NULL,
    at         INTEGER NOT NULL,
    validating INTEGER NOT NULL,
    uptime     TEXT,
    connected  INTEGER,
    PRIMARY KEY (scope, node_id, at)
  ) WITHOUT ROWID;
  CREATE TABLE validator_alerts (
    id         TEXT PRIMARY KEY,
    scope      TEXT NOT NULL,
    node_id    TEXT NOT NULL,
    kind       TEXT NOT NULL,
    fired_at   INTEGER NOT NULL,
    cleared_at INTEGER,
    message    TEXT NOT NULL
  );
  CREATE INDEX validator_alerts_open ON validator_alerts (scope, node_id, kind) WHERE cleared_at IS NULL;
  CREATE INDEX validator_alerts_recent ON validator_alerts (scope, fired_at DESC);
  `,
  // 4: node control: the journal of node-changing calls (written before each is sent), scheduled
  // log-level reverts, and VM configuration snapshots.
  `
  CREATE TABLE node_actions (
    id           TEXT PRIMARY KEY,
    scope        TEXT NOT NULL,
    action       TEXT NOT NULL,
    params       TEXT NOT NULL,
    origin       TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    finished_at  INTEGER,
    outcome      TEXT NOT NULL CHECK (outcome IN ('pending','ok','failed','unknown')),
    error        TEXT
  );
  CREATE INDEX node_actions_recent ON node_actions (scope, requested_at DESC);
  CREATE TABLE log_reverts (
    id         TEXT PRIMARY KEY,
    scope      TEXT NOT NULL,
    level      TEXT NOT NULL,
    from_level TEXT NOT NULL,
    due_at     INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('scheduled','done','failed','cancelled')),
    done_at    INTEGER,
    late       INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE vm_config_snapshots (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    scope      TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    hash       TEXT NOT NULL,
    config     TEXT NOT NULL
  );
  CREATE INDEX vm_config_recent ON vm_config_snapshots (scope, id DESC);
  `,
  // 5: where a node on this machine writes its profiles.
  `
  ALTER TABLE profiles ADD COLUMN profile_dir TEXT;
  `,
  // 6: UTXO sets kept by "load all" (one row per UTXO, searchable by id and asset), the journal of
  // atomic txs issued (written before each is sent; one per node and txID), and status watches.
  `
  CREATE TABLE utxo_sets (
    scope        TEXT NOT NULL,     -- node URL
    set_key      TEXT NOT NULL,     -- canonical JSON of {addresses, sourceChain}
    addresses    TEXT NOT NULL,     -- JSON array
    source_chain TEXT NOT NULL,
    loaded_at    INTEGER NOT NULL,  -- ms since epoch
    complete     INTEGER NOT NULL,  -- 0: cancelled or failed part way
    PRIMARY KEY (scope, set_key)
  ) WITHOUT ROWID;
  CREATE TABLE utxo_rows (
    scope    TEXT NOT NULL,
    set_key  TEXT NOT NULL,
    position INTEGER NOT NULL,
    utxo_id  TEXT,                  -- null when the bytes do not decode
    asset_id TEXT,
    amount   TEXT,                  -- decimal
    hex      TEXT NOT NULL,
    view     TEXT NOT NULL,         -- JSON of the decoded view (or its reason)
    PRIMARY KEY (scope, set_key, position)
  ) WITHOUT ROWID;
  CREATE INDEX utxo_rows_id ON utxo_rows (scope, utxo_id);
  CREATE TABLE atomic_issued (
    id           TEXT PRIMARY KEY,
    scope        TEXT NOT NULL,
    tx_id        TEXT NOT NULL,
    hex          TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    finished_at  INTEGER,
    outcome      TEXT NOT NULL CHECK (outcome IN ('pending','accepted','refused','unknown')),
    error        TEXT
  );
  CREATE UNIQUE INDEX atomic_issued_tx ON atomic_issued (scope, tx_id);
  CREATE TABLE atomic_watches (
    scope      TEXT NOT NULL,
    tx_id      TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('watching','done','stopped')),
    started_at INTEGER NOT NULL,
    ended_at   INTEGER,
    last_error TEXT,
    PRIMARY KEY (scope, tx_id)
  ) WITHOUT ROWID;
  CREATE TABLE atomic_watch_events (
    scope        TEXT NOT NULL,
    tx_id        TEXT NOT NULL,
    at           INTEGER NOT NULL,
    status       TEXT NOT NULL,
    block_height TEXT,
    PRIMARY KEY (scope, tx_id, at, status)
  ) WITHOUT ROWID;
  `,
  // 7: the live block lists of the EVM instances: heads and fee samples per node URL and chain (chains-store.ts).
  `
  CREATE TABLE evm_heads (
    scope   TEXT NOT NULL,     -- node URL
    chain   TEXT NOT NULL,     -- "C" or a blockchain ID
    number  INTEGER NOT NULL,  -- block height (int64: exact)
    hash    TEXT NOT NULL,
    data    TEXT NOT NULL,     -- JSON of the head as the contract shows it
    seen_at INTEGER NOT NULL,  -- ms since epoch
    PRIMARY KEY (scope, chain, number)
  ) WITHOUT ROWID;
  CREATE INDEX evm_heads_hash ON evm_heads (scope, chain, hash);
  CREATE TABLE evm_fee_samples (
    scope        TEXT NOT NULL,
    chain        TEXT NOT NULL,
    at           INTEGER NOT NULL,  -- ms since epoch
    block_number INTEGER NOT NULL,
    base_fee     TEXT NOT NULL,     -- wei, decimal
    priority_fee TEXT NOT NULL,     -- wei, decimal
    PRIMARY KEY (scope, chain, at)
  ) WITHOUT ROWID;
`,
  // 8: the last "load all" of each data-service list and parameters, to browse offline (data-loads-store.ts).
  `
  CREATE TABLE data_loads (
    scope      TEXT NOT NULL,     -- data service URL
    endpoint   TEXT NOT NULL,     -- the list (contract's DataList)
    params_key TEXT NOT NULL,     -- canonical JSON of the validated parameters
    state      TEXT NOT NULL,     -- done, cancelled or failed (then the pages fetched before)
    pages      TEXT NOT NULL,     -- JSON array of the validated pages
    loaded_at  INTEGER NOT NULL,  -- ms since epoch, when the load ended
    PRIMARY KEY (scope, endpoint, params_key)
  ) WITHOUT ROWID;
`,
  // 9: watching unattended (watch-store.ts): one sample per check of a profile's node, bounded per profile;
  // per-profile watch settings; the alerts the rules raised from the samples.
  `
  CREATE TABLE watch_samples (
    profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    at         INTEGER NOT NULL,  -- ms since epoch
    reachable  INTEGER NOT NULL,
    data       TEXT NOT NULL,     -- JSON of the sample as the contract shows it
    PRIMARY KEY (profile_id, at)
  ) WITHOUT ROWID;
  CREATE TABLE watch_settings (
    profile_id        TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    enabled           INTEGER NOT NULL,
    interval_sec      INTEGER NOT NULL,
    unreachable_after INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE watch_alerts (
    id           TEXT PRIMARY KEY,
    profile_id   TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    profile_name TEXT NOT NULL,
    node_url     TEXT NOT NULL,
    rule         TEXT NOT NULL,
    severity     TEXT NOT NULL,
    message      TEXT NOT NULL,
    fired_at     INTEGER NOT NULL,
    cleared_at   INTEGER
  );
  CREATE INDEX watch_alerts_profile ON watch_alerts (profile_id, rule, fired_at);
  CREATE INDEX watch_alerts_fired ON watch_alerts (fired_at);
`,
  // 10: the alerts area. An alert is about a subject within the node (a NodeID, a validation ID with its
  // tier) and can be acknowledged; each rule is on or off per profile with its threshold; a rule can be
  // muted for a time. The unreachable threshold moves from watch_settings into alert_rules.
  `
  ALTER TABLE watch_alerts ADD COLUMN subject TEXT;
  ALTER TABLE watch_alerts ADD COLUMN acknowledged_at INTEGER;
  CREATE INDEX watch_alerts_open ON watch_alerts (profile_id, rule, subject) WHERE cleared_at IS NULL;
  ALTER TABLE watch_settings ADD COLUMN subnet_ids TEXT NOT NULL DEFAULT '[]';
  CREATE TABLE alert_rules (
    profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    rule       TEXT NOT NULL,
    enabled    INTEGER NOT NULL,
    threshold  TEXT,              -- JSON: a number, a version string, or null
    PRIMARY KEY (profile_id, rule)
  ) WITHOUT ROWID;
  INSERT INTO alert_rules (profile_id, rule, enabled, threshold)
    SELECT profile_id, 'unreachable', 1, CAST(unreachable_after AS TEXT) FROM watch_settings WHERE unreachable_after <> 3;
  CREATE TABLE alert_mutes (
    profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    rule       TEXT NOT NULL,
    until      INTEGER NOT NULL,  -- ms since epoch
    PRIMARY KEY (profile_id, rule)
  ) WITHOUT ROWID;
`,
  // 11: delivery off the page (outbox-store.ts): the channels alerts go to (their secret sealed like the data-service
  // key: `storage` says how), the outbox (each alert change written for each channel before it is sent, kept
  // until delivered or given up), and the log of each try.
  `
  CREATE TABLE alert_channels (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,     -- webhook, slack, discord, telegram, email
    name         TEXT NOT NULL,
    min_severity TEXT NOT NULL CHECK (min_severity IN ('warning','critical')),
    target       TEXT NOT NULL,     -- where it sends, without the secret (shown)
    config       TEXT NOT NULL,     -- JSON of the settings that are not secret
    storage      TEXT NOT NULL,     -- how the secret is sealed: encrypted, obfuscated, unencrypted
    secret       BLOB NOT NULL,     -- sealed JSON of the secret settings
    created_at   INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX alert_channels_name ON alert_channels (name COLLATE NOCASE);
  CREATE TABLE alert_outbox (
    id         INTEGER PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
    alert_id   TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('firing','resolved')),
    alert      TEXT NOT NULL,       -- JSON of the alert as it changed
    queued_at  INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    next_at    INTEGER NOT NULL,    -- when it may be tried (again); a try in flight holds it for its deadline
    done_at    INTEGER,             -- delivered, refused or given up: tried no more
    UNIQUE (channel_id, alert_id, state)
  );
  CREATE INDEX alert_outbox_due ON alert_outbox (next_at) WHERE done_at IS NULL;
  CREATE TABLE alert_deliveries (
    id           INTEGER PRIMARY KEY,
    at           INTEGER NOT NULL,
    channel_id   TEXT NOT NULL,     -- kept with its name and kind after the channel is removed
    channel_name TEXT NOT NULL,
    channel_kind TEXT NOT NULL,
    alert_id     TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('firing','resolved','test')),
    attempt      INTEGER NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered','retrying','gave-up','refused')),
    status       INTEGER,           -- HTTP status or SMTP reply code
    reply        TEXT,              -- what the receiver answered, secrets cut out
    next_at      INTEGER
  );
  CREATE INDEX alert_deliveries_alert ON alert_deliveries (alert_id, id);
  CREATE INDEX alert_deliveries_channel ON alert_deliveries (channel_id, id);
`,
  // 12: the validators area reads the watch's samples and the alerts area's alerts: its own history, alerts
  // and settings (migration 3, settings key 'validators.settings') go. The old uptime threshold (one for the
  // app) becomes each profile's uptimeLow threshold, and the old refresh interval, when 30 s or 5 min, each
  // profile's watch interval, where the profile has none of its own yet; 1 min is the watch's default, and
  // "off" (which stopped only the active profile's validator refresh) leaves the watch on.
  `
  INSERT INTO alert_rules (profile_id, rule, enabled, threshold)
    SELECT p.id, 'uptimeLow', 1, CAST(json_extract(s.value, '$.uptimeThreshold') AS TEXT)
    FROM profiles p, settings s
    WHERE s.key = 'validators.settings' AND json_valid(s.value)
      AND json_type(s.value, '$.uptimeThreshold') IN ('integer', 'real')
      AND json_extract(s.value, '$.uptimeThreshold') BETWEEN 0 AND 100
      AND json_extract(s.value, '$.uptimeThreshold') <> 80
  ON CONFLICT (profile_id, rule) DO NOTHING;
  INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after)
    SELECT p.id, 1, json_extract(s.value, '$.refreshIntervalSec'), 3
    FROM profiles p, settings s
    WHERE s.key = 'validators.settings' AND json_valid(s.value)
      AND json_type(s.value, '$.refreshIntervalSec') = 'integer'
      AND json_extract(s.value, '$.refreshIntervalSec') IN (30, 300)
  ON CONFLICT (profile_id) DO NOTHING;
  DELETE FROM settings WHERE key = 'validators.settings';
  DROP TABLE validator_samples;
  DROP TABLE validator_alerts;
`,
  // 13: the journal of issued atomic txs keeps every send as its own record (issue 18, review #8): the same
  // bytes sent again after the node refused them are a second record, not a replacement of the first.
  `
  DROP INDEX atomic_issued_tx;
  CREATE INDEX atomic_issued_tx ON atomic_issued (scope, tx_id, requested_at);
`,
  // 14: the offline flight recorder (issue 21): what the app reads is also kept as entities a person searches,
  // one row per thing of a network (a transaction, a validator, a UTXO, a block…), whichever profile or read
  // brought it, with the terms that find it (addresses, NodeIDs, hashes, heights). A row is replaced by a
  // newer reading of the same thing; pinned rows are never dropped by the size limit.
  `
  CREATE TABLE entities (
    id         INTEGER PRIMARY KEY,
    network    TEXT NOT NULL,              -- the profile's network: rows of one network never mix with another's
    kind       TEXT NOT NULL,              -- see entityKinds in src/shared/contract/cache.ts
    chain      TEXT NOT NULL,              -- 'P', 'X', 'C', a blockchain ID, or '' where there is none
    key        TEXT NOT NULL,              -- the thing's own ID: tx hash or ID, NodeID, UTXO ID, block hash, message ID…
    profile_id TEXT,                       -- the profile that read it last (null once that profile is deleted)
    scope      TEXT NOT NULL,              -- base URL of the service that answered
    source     TEXT NOT NULL,              -- the contract method (or journal) that brought it
    sort       INTEGER NOT NULL,           -- what "newest first" orders by: a time in ms, or a height
    label      TEXT NOT NULL,              -- one line a person reads in search results
    data       TEXT NOT NULL,              -- JSON of the validated item as it was received
    fetched_at INTEGER NOT NULL,           -- ms since epoch
    pinned     INTEGER NOT NULL DEFAULT 0, -- kept by a sync job or by the operator: never dropped by the size limit
    UNIQUE (network, kind, chain, key)
  );
  CREATE INDEX entities_age ON entities (pinned, fetched_at);
  CREATE INDEX entities_kind ON entities (kind, profile_id, fetched_at);
  CREATE TABLE entity_terms (
    network   TEXT NOT NULL,
    term      TEXT NOT NULL,               -- what finds the entity: an address, NodeID, ID, hash, or height as text
    sort      INTEGER NOT NULL,            -- the entity's sort, so a term's entities page newest first from the index
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    PRIMARY KEY (network, term, sort, entity_id)
  ) WITHOUT ROWID;
  CREATE INDEX entity_terms_entity ON entity_terms (entity_id);
  `,
  // 15: sync jobs (issue 21): what a profile keeps in sync, on its schedule, and each list's place in the pass
  // under way: the page token of the next page, committed with the page's counts in one transaction, so a pass
  // stopped by a restart or SIGKILL goes on from the last committed page.
  `
  CREATE TABLE sync_jobs (
    id              TEXT PRIMARY KEY,
    profile_id      TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('addresses','validators')),
    subjects        TEXT NOT NULL,              -- JSON array: the addresses, or the NodeIDs (empty: the node's own)
    keep            TEXT NOT NULL,              -- JSON array of transactions, utxos, balances, icmMessages
    page_size       INTEGER NOT NULL,
    enabled         INTEGER NOT NULL DEFAULT 1,
    interval_sec    INTEGER NOT NULL,
    created_at      INTEGER NOT NULL,
    pass_started_at INTEGER,                    -- a pass begun and not complete (null: none): the next run goes on with it
    in_sync_since   INTEGER,                    -- when the last complete pass ended
    last_run_at     INTEGER,                    -- when the last pass (complete or not) stopped
    last_error      TEXT,                       -- JSON { code, message, details? } of the last pass that failed
    last_error_at   INTEGER
  );
  CREATE INDEX sync_jobs_profile ON sync_jobs (profile_id);
  CREATE TABLE sync_cursors (
    job_id     TEXT NOT NULL REFERENCES sync_jobs(id) ON DELETE CASCADE,
    list       TEXT NOT NULL,                   -- which list of the job: e.g. tx:P:avax1…, utxo:X:avax1…
    cursor     TEXT,                            -- the next page's token or start index (null: the first page)
    pages      INTEGER NOT NULL DEFAULT 0,      -- pages committed in this pass
    items      INTEGER NOT NULL DEFAULT 0,      -- items in those pages
    done       INTEGER NOT NULL DEFAULT 0,      -- its last page is committed
    PRIMARY KEY (job_id, list)
  ) WITHOUT ROWID;
  `,
  // 16: which contract each entity's data was checked against when it was kept (src/main/cache/entity-checks.ts):
  // an offline page assembled from rows of today's stamp is not checked item by item again; rows kept before
  // (0) or by another version of the app are checked against today's contract.
  `
  ALTER TABLE entities ADD COLUMN checked INTEGER NOT NULL DEFAULT 0;
  `,
  // 17: a channel disabled, and why (issue 31): a restored backup's channel that alerts.addChannel would refuse
  // is kept, shown with its reason, and sent nothing (remove it and add it again to use it).
  `
  ALTER TABLE alert_channels ADD COLUMN disabled TEXT;
  `,
  // 18: pending and repeat (issue 34): each rule's "for N checks" (null: its default), and when an alert was last
  // sent to the channels (null: never, held back so far), so a firing alert is sent again after its repeat interval
  // and one held back is sent once its hold ends. Alerts open at the upgrade were sent (or muted) already.
  `
  ALTER TABLE alert_rules ADD COLUMN for_checks INTEGER;
  ALTER TABLE watch_alerts ADD COLUMN notified_at INTEGER;
  UPDATE watch_alerts SET notified_at = fired_at WHERE cleared_at IS NULL;
  `,
  // 19: what a channel takes (issue 34: services/alerts/channel-routing.ts): `routing` (JSON: profiles, rules, active
  // hours), its daily `digest` (JSON: time and time zone), a lowest severity of 'info'; and two more changes an
  // outbox row and a try may carry: 'acknowledged' (to PagerDuty) and 'digest'. SQLite changes a CHECK only by
  // building the table again; the outbox is copied aside first, as dropping the channels would empty it (its
  // rows are deleted with their channel).
  `
  CREATE TEMP TABLE outbox_kept AS SELECT * FROM alert_outbox;
  DROP TABLE alert_outbox;
  CREATE TABLE alert_channels_v2 (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    name         TEXT NOT NULL,
    min_severity TEXT NOT NULL CHECK (min_severity IN ('info','warning','critical')),
    target       TEXT NOT NULL,
    config       TEXT NOT NULL,
    storage      TEXT NOT NULL,
    secret       BLOB NOT NULL,
    created_at   INTEGER NOT NULL,
    disabled     TEXT,
    routing      TEXT NOT NULL DEFAULT '{}', -- JSON: profiles, rules, activeHours ({} : everything, at any time)
    digest       TEXT                        -- JSON: { at, timeZone }; null: no digest
  );
  INSERT INTO alert_channels_v2 (id, kind, name, min_severity, target, config, storage, secret, created_at, disabled)
    SELECT id, kind, name, min_severity, target, config, storage, secret, created_at, disabled FROM alert_channels;
  DROP TABLE alert_channels;
  ALTER TABLE alert_channels_v2 RENAME TO alert_channels;
  CREATE UNIQUE INDEX alert_channels_name ON alert_channels (name COLLATE NOCASE);
  CREATE TABLE alert_outbox (
    id         INTEGER PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
    alert_id   TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('firing','resolved','acknowledged','digest')),
    alert      TEXT NOT NULL,
    queued_at  INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    next_at    INTEGER NOT NULL,
    done_at    INTEGER,
    UNIQUE (channel_id, alert_id, state)
  );
  INSERT INTO alert_outbox SELECT * FROM outbox_kept;
  DROP TABLE outbox_kept;
  CREATE INDEX alert_outbox_due ON alert_outbox (next_at) WHERE done_at IS NULL;
  CREATE TABLE alert_deliveries_v2 (
    id           INTEGER PRIMARY KEY,
    at           INTEGER NOT NULL,
    channel_id   TEXT NOT NULL,
    channel_name TEXT NOT NULL,
    channel_kind TEXT NOT NULL,
    alert_id     TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('firing','resolved','acknowledged','digest','test')),
    attempt      INTEGER NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered','retrying','gave-up','refused')),
    status       INTEGER,
    reply        TEXT,
    next_at      INTEGER
  );
  INSERT INTO alert_deliveries_v2 SELECT * FROM alert_deliveries;
  DROP TABLE alert_deliveries;
  ALTER TABLE alert_deliveries_v2 RENAME TO alert_deliveries;
  CREATE INDEX alert_deliveries_alert ON alert_deliveries (alert_id, id);
  CREATE INDEX alert_deliveries_channel ON alert_deliveries (channel_id, id);
  `,
  // 20: silences and maintenance windows (issue 34; silence-store.ts). A silence holds back the alerts its
  // matchers name (null: any) for a time; the per-rule mutes before it become silences of their profile and
  // rule with the same end. A firing held back waits with notified_at null (18); alert_held_resolutions: the
  // resolution of an alert that was sent, held back by a silence, sent once when the silence ends.
  `
  CREATE TABLE alert_silences (
    id          TEXT PRIMARY KEY,
    profile_id  TEXT REFERENCES profiles(id) ON DELETE CASCADE,  -- null: every profile
    rule        TEXT,                                             -- null: every rule
    subject     TEXT,                                             -- null: every subject
    starts_at   INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX alert_silences_ends ON alert_silences (ends_at);
  INSERT INTO alert_silences (id, profile_id, rule, subject, starts_at, ends_at, reason, created_by, created_at)
    SELECT 'mute:' || profile_id || ':' || rule, profile_id, rule, NULL, 0, until, 'rule muted', 'app', 0 FROM alert_mutes;
  DROP TABLE alert_mutes;
  CREATE TABLE maintenance_windows (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    profile_id       TEXT REFERENCES profiles(id) ON DELETE CASCADE,  -- null: every profile
    schedule         TEXT NOT NULL,     -- JSON: { kind: 'weekly', days, at } or { kind: 'cron', expr }
    duration_minutes INTEGER NOT NULL,
    time_zone        TEXT NOT NULL,     -- IANA name
    created_at       INTEGER NOT NULL
  );
  CREATE TABLE alert_held_resolutions (
    alert_id   TEXT PRIMARY KEY REFERENCES watch_alerts(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    held_at    INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX alert_held_resolutions_profile ON alert_held_resolutions (profile_id);
  `
]
