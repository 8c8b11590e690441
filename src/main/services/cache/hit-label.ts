import type { Alert, Data, ValidatorView } from '../../../shared/contract'
import type { StoredEntity } from '../../cache/entities-store'
import { pBalanceEntity } from '../../cache/entity-extract/chains'
import { alertEntity } from '../../cache/entity-extract/journals'
import { validatorEntity } from '../../cache/entity-extract/validators'

/**
 * A hit's label in today's words. A label is written when a row is kept, so a row kept by an earlier version
 * reads as that version wrote it ("weight 2343100753133 · uptime 42.1000 %") until it is read again; for the
 * kinds whose kept data holds all their label needs (validators, alerts, P-Chain balances), the label is made
 * again from that data, with the extractor that makes it when rows are kept. Anything else, or data that does
 * not read as that kind's, keeps the label it was kept with.
 */
export function labelOfHit(e: StoredEntity): string {
  try {
    const data = JSON.parse(e.data) as Record<string, unknown> | null
    if (data === null || typeof data !== 'object') return e.label
    if (e.kind === 'validator' && e.source.startsWith('validators.') && typeof data.nodeID === 'string' && typeof data.weight === 'string') {
      const subnetID = e.key.includes('/') ? e.key.slice(e.key.indexOf('/') + 1) : null
      return validatorEntity(data as unknown as ValidatorView, subnetID).label
    }
    if (e.kind === 'alert' && typeof data.rule === 'string' && typeof data.severity === 'string') return alertEntity(data as unknown as Alert).label
    if (e.kind === 'balance' && e.source === 'pchain.getBalance' && Array.isArray(data.addresses)) return pBalanceEntity(data as unknown as Data<'pchain.getBalance'>, e.fetchedAt).label
  } catch {
    // Kept data of another shape: the label it was kept with.
  }
  return e.label
}
