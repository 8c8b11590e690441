import type { EntityKind } from '../../../shared/contract/cache'
import { csvText } from '../../../shared/domain/csv'
import type { CacheAdminStore, ExportRow } from '../../cache/cache-admin-store'

/** At most this many rows per export: a file a spreadsheet still opens, and an answer the page can hold. */
export const EXPORT_MAX_ROWS = 100_000

const HEADER = ['kind', 'key', 'network', 'chain', 'label', 'profileId', 'source', 'sort', 'fetchedAt', 'pinned', 'data'] as const

/** The JSON an entity was kept with; a row whose JSON does not parse (never written by the app) keeps its text. */
function parsed(data: string): unknown {
  try {
    return JSON.parse(data) as unknown
  } catch {
    return data
  }
}

function asObject(r: ExportRow): Record<string, unknown> {
  return {
    kind: r.kind,
    key: r.key,
    network: r.network,
    chain: r.chain,
    label: r.label,
    profileId: r.profile_id,
    source: r.source,
    sort: r.sort,
    fetchedAt: r.fetched_at,
    pinned: r.pinned === 1,
    data: parsed(r.data)
  }
}

function asCells(r: ExportRow): string[] {
  // fetchedAt as ISO time: what a person reads in a sheet; the data column is the JSON as it was kept.
  return [r.kind, r.key, r.network, r.chain, r.label, r.profile_id ?? '', r.source, String(r.sort), new Date(r.fetched_at).toISOString(), r.pinned ? 'yes' : 'no', r.data]
}

/**
 * One kind of entity (of one profile, or all) as a file to download, newest first: through the app's one CSV
 * writer (formula cells neutralised), or JSON with each row's data as an object.
 */
export function exportKind(store: CacheAdminStore, kind: EntityKind, profileId: string | null, format: 'csv' | 'json') {
  const rows = store.exportRows(kind, profileId, EXPORT_MAX_ROWS + 1)
  const truncated = rows.length > EXPORT_MAX_ROWS
  if (truncated) rows.length = EXPORT_MAX_ROWS
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
  const filename = `companion-${kind}-${stamp}.${format}`
  const text = format === 'csv' ? csvText(HEADER, rows.map(asCells)) : `${JSON.stringify(rows.map(asObject), null, 1)}\n`
  return { filename, mime: format === 'csv' ? 'text/csv' : 'application/json', text, rows: rows.length, truncated }
}
