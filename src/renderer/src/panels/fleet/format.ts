/**
 * What a fleet row says of one profile's last check: pure functions of the watch's samples, so that the
 * row only lays them out. Amounts, percentages and times are written by the one format module
 * (src/shared/domain/format.ts); what is here is the fleet's own.
 */
import type { WatchSample } from '../../../../shared/contract'

export type Tri = boolean | null

/** "P ✓ X ✓ C ✗": each chain bootstrapped, not, or not said ("?"). */
export function bootstrappedText(b: WatchSample['bootstrapped']): { chain: 'P' | 'X' | 'C'; state: Tri }[] {
  return (['P', 'X', 'C'] as const).map((chain) => ({ chain, state: b[chain] }))
}

/** The three numbers of a version ("avalanchego/1.13.0", "v1.13.0", "1.13.0"), or null. */
export function versionParts(v: string | undefined): [number, number, number] | null {
  const m = /(\d{1,4})\.(\d{1,4})\.(\d{1,4})/.exec(v ?? '')
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null
}

/** The version most peers run, when the node runs an older one; null when it does not lag (or cannot tell). */
export function behindMajority(s: Pick<WatchSample, 'version' | 'peersMajorityVersion'>): string | null {
  const mine = versionParts(s.version)
  const most = versionParts(s.peersMajorityVersion)
  if (!mine || !most || !s.peersMajorityVersion) return null
  for (let i = 0; i < 3; i++) {
    if (mine[i]! < most[i]!) return s.peersMajorityVersion
    if (mine[i]! > most[i]!) return null
  }
  return null
}

export interface ValidatorsSummary {
  /** asked for */
  total: number
  validating: number
  notConnected: number
  /** the lowest uptime of a validating one, as the node wrote it */
  lowestUptime: { nodeID: string; uptime: string } | null
  /** the nearest end of stake of a validating one (ms since epoch) */
  nearestEnd: { nodeID: string; at: number } | null
  /** the shortest time an L1 validator's balance lasts at the fee rate (ms), where both are known */
  shortestRunway: { subject: string; ms: number; balance: string } | null
}

/** The profile's validators in a few numbers; null when the check read none (the P-Chain did not answer). */
export function summarizeValidators(s: Pick<WatchSample, 'validators' | 'l1FeeRate'>): ValidatorsSummary | null {
  const list = s.validators
  if (!list) return null
  const on = list.filter((v) => v.validating)
  let lowestUptime: ValidatorsSummary['lowestUptime'] = null
  let nearestEnd: ValidatorsSummary['nearestEnd'] = null
  let shortestRunway: ValidatorsSummary['shortestRunway'] = null
  const rate = s.l1FeeRate !== undefined ? BigInt(s.l1FeeRate) : 0n
  for (const v of on) {
    if (v.uptime !== undefined && (lowestUptime === null || Number(v.uptime) < Number(lowestUptime.uptime))) lowestUptime = { nodeID: v.nodeID, uptime: v.uptime }
    if (v.endTime !== undefined) {
      const at = Number(v.endTime) * 1_000
      if (Number.isFinite(at) && (nearestEnd === null || at < nearestEnd.at)) nearestEnd = { nodeID: v.nodeID, at }
    }
    if (v.balance !== undefined && rate > 0n) {
      // whole seconds the balance pays for, exact; then ms (a runway of 2^53 ms is far beyond any date)
      const ms = Number(BigInt(v.balance) / rate) * 1_000
      if (shortestRunway === null || ms < shortestRunway.ms) shortestRunway = { subject: v.validationID ?? v.nodeID, ms, balance: v.balance }
    }
  }
  return {
    total: list.length,
    validating: on.length,
    notConnected: on.filter((v) => v.connected === false).length,
    lowestUptime,
    nearestEnd,
    shortestRunway
  }
}
