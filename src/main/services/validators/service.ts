/**
 * The validators area's history and "check now", over the watch: the history is the Primary Network
 * validators of the active profile as the watch's checks kept them (one store of samples), and a check
 * now is the watch's own check of that profile (its sample kept, the alert rules applied).
 */
import type { Output, SamplePoint } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { SAMPLES_KEPT_PER_PROFILE, type WatchStore } from '../../cache/watch-store'
import type { EffectiveProfile } from '../profiles/service'
import type { WatchService } from '../watch/service'

const RANGE_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, all: Number.POSITIVE_INFINITY } as const
/** What validators.history may answer (its output schema's bound): the newest points when there are more. */
export const MAX_HISTORY_POINTS = 200_000

export interface ValidatorsServiceOptions {
  watch: Pick<WatchService, 'checkNowWithAlerts'>
  samples: Pick<WatchStore, 'recentSamples'>
  /** the active profile as the services use it (command-line overrides included) */
  active: () => EffectiveProfile | undefined
  /** a stored profile, as the watch checks it */
  stored: (id: string) => EffectiveProfile | undefined
  now?: () => number
}

export class ValidatorsService {
  private readonly now: () => number
  constructor(private readonly opts: ValidatorsServiceOptions) {
    this.now = opts.now ?? (() => Date.now())
  }

  /** The watch's check of the active profile, now: its sample and the alerts it fired and cleared. */
  refresh(): Promise<Output<'validators.refresh'>> {
    return this.opts.watch.checkNowWithAlerts(this.watchedProfileId())
  }

  history(range: keyof typeof RANGE_MS, nodeId?: string): Output<'validators.history'> {
    const now = this.now()
    const since = range === 'all' ? 0 : Math.max(0, now - RANGE_MS[range])
    const points: SamplePoint[] = []
    const unknown: NonNullable<Output<'validators.history'>['unknown']> = []
    const samples = this.opts.samples.recentSamples(this.watchedProfileId(), SAMPLES_KEPT_PER_PROFILE * 2, since)
    for (const s of samples) {
      // A check that read no validators (the node or its P-Chain did not answer): unknown, not left out.
      if (!s.validators) {
        unknown.push({ at: s.at, reachable: s.reachable, ...(s.error ? { error: s.error } : {}) })
        continue
      }
      for (const v of s.validators) {
        if (v.subnetID !== null || (nodeId !== undefined && v.nodeID !== nodeId)) continue
        points.push({
          nodeID: v.nodeID,
          at: s.at,
          validating: v.validating,
          ...(v.uptime !== undefined ? { uptime: v.uptime } : {}),
          ...(v.connected !== undefined ? { connected: v.connected } : {})
        })
      }
    }
    const from = range === 'all' ? Math.min(now, samples[0]?.at ?? now) : since
    return {
      points: points.length > MAX_HISTORY_POINTS ? points.slice(-MAX_HISTORY_POINTS) : points,
      from,
      to: Math.max(now, samples[samples.length - 1]?.at ?? now),
      unknown: unknown.slice(-20_000)
    }
  }

  /**
   * The active profile as the watch knows it: a stored profile, checked at its stored node URL. A node URL
   * given on the command line alone (or over a stored profile's) is not what the watch checks: said so.
   */
  private watchedProfileId(): string {
    const active = this.opts.active()
    if (!active) throw new AppError('NOT_FOUND', 'No active connection profile: create one in Connections and activate it')
    const stored = this.opts.stored(active.id)
    if (!stored || stored.nodeUrl !== active.nodeUrl)
      throw new AppError(
        'CONFLICT',
        `The watch checks the node URL stored in a profile, not ${active.nodeUrl} given on the command line: save it in a profile and use --profile <name>`
      )
    return stored.id
  }
}
