import type { ValidatorAlert } from '../../../shared/contract'
import type { SampleRow } from '../../cache/validators-store'

export type AlertKind = ValidatorAlert['kind']

/** What a sample says about each alert kind: 'bad' raises it, 'good' clears it, 'unknown' leaves it. */
export function conditions(sample: SampleRow, previous: SampleRow | undefined, uptimeThreshold: number): Record<AlertKind, 'bad' | 'good' | 'unknown'> {
  const uptime = sample.uptime === null ? undefined : Number(sample.uptime)
  return {
    // Only a validator that was validating and left the set: a NodeID that never validated is no news.
    notValidating: sample.validating ? 'good' : previous?.validating ? 'bad' : 'unknown',
    disconnected: !sample.validating || sample.connected === null ? 'unknown' : sample.connected ? 'good' : 'bad',
    lowUptime: !sample.validating || uptime === undefined || !Number.isFinite(uptime) ? 'unknown' : uptime < uptimeThreshold ? 'bad' : 'good'
  }
}

export function alertMessage(kind: AlertKind, sample: SampleRow, uptimeThreshold: number): string {
  switch (kind) {
    case 'disconnected':
      return `${sample.nodeId} is not connected: the network does not hear from it`
    case 'lowUptime':
      return `${sample.nodeId} uptime ${sample.uptime}% is under the threshold of ${uptimeThreshold}%`
    case 'notValidating':
      return `${sample.nodeId} is no longer a current validator (its staking period may have ended)`
  }
}
