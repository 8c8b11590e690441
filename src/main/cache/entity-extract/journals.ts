import type { Alert, KeptProfile } from '../../../shared/contract'
import { ALERT_RULE_INFO } from '../../../shared/contract/alert-rules'
import type { ActionRow } from '../control-store'
import type { IssuedRow } from '../atomic-store'
import type { EntityInput } from '../entities-store'
import { TermSet } from '../entity-terms'
import { label } from './common'

/**
 * The app's own journals as entities: what it issued, opened, changed and alerted on. Each is written where
 * the journal is (a small call beside the store's write); a later write of the same record replaces it.
 */

/** One send of an atomic tx (each send is its own record), found by its tx ID. */
export function issuedTxEntity(r: IssuedRow): EntityInput {
  return {
    kind: 'issuedTx',
    chain: 'C',
    key: r.id,
    sort: r.requestedAt,
    label: label(`issued ${r.txId}`, r.outcome, `to ${r.scope}`),
    // The signed bytes stay in the atomic journal: the entity says what was sent and how it went.
    data: { id: r.id, node: r.scope, txID: r.txId, requestedAt: r.requestedAt, finishedAt: r.finishedAt, outcome: r.outcome },
    terms: new TermSet().add(r.txId, r.id).list()
  }
}

const PROFILER_ACTIONS = new Set(['startCPUProfiler', 'stopCPUProfiler', 'memoryProfile', 'lockProfile'])

/** A log-level change or a profiler action sent to the node (the control journal), found by its record ID. */
export function controlActionEntity(r: ActionRow): EntityInput | undefined {
  const kind = r.action === 'setLogLevel' ? 'logLevel' : PROFILER_ACTIONS.has(r.action) ? 'profiler' : undefined
  if (!kind) return undefined
  const params = Object.entries(r.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')
  return {
    kind,
    chain: '',
    key: r.id,
    sort: r.requestedAt,
    label: label(r.action, params, r.outcome, `on ${r.scope}`),
    data: { id: r.id, node: r.scope, action: r.action, params: r.params, origin: r.origin, requestedAt: r.requestedAt, finishedAt: r.finishedAt, outcome: r.outcome },
    terms: new TermSet().add(r.id, r.action).list()
  }
}

/** A profile file read from the node's folder and kept as a copy, found by its file name and copy ID. */
export function profileFileEntity(copy: KeptProfile): EntityInput {
  return {
    kind: 'profileFile',
    chain: '',
    key: copy.id,
    sort: copy.keptAt,
    label: label(`${copy.kind} profile ${copy.name}`, `${copy.size} bytes`),
    data: copy,
    terms: new TermSet().add(copy.id, copy.name).list()
  }
}

/** An alert as it stands (fired, cleared, acknowledged), found by its subject (a NodeID, a validation ID) and rule. */
export function alertEntity(a: Alert): EntityInput {
  const subject = a.subject?.replace(/:[^:]*$/, '')
  return {
    kind: 'alert',
    chain: '',
    key: a.id,
    sort: a.firedAt,
    label: label(`${a.severity} · ${ALERT_RULE_INFO[a.rule]?.title ?? a.rule}`, a.message, a.clearedAt !== null && 'cleared'),
    data: a,
    terms: new TermSet().add(a.id, a.rule, a.subject, subject).list()
  }
}
