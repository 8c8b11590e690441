import { randomUUID } from 'node:crypto'
import {
  DEFAULT_VALIDATOR_SETTINGS,
  validatorSettingsSchema,
  type Envelope,
  type MyValidators,
  type SamplePoint,
  type ValidatorAlert,
  type ValidatorSettings
} from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { AlertRow, SampleRow, ValidatorsStore } from '../../cache/validators-store'
import { alertMessage, conditions, type AlertKind } from './alerts'

const SETTINGS_KEY = 'validators.settings'
const RANGE_MS = { day: 86_400_000, week: 7 * 86_400_000, all: Number.POSITIVE_INFINITY } as const

export interface RefreshResult {
  sampledAt: number
  fired: ValidatorAlert[]
  cleared: ValidatorAlert[]
}

/**
 * History and alerts of the profile's validators. A refresh reads "my validators" through the data
 * path (so it is cached too), keeps one sample per NodeID, and raises an alert when a condition turns
 * bad and clears it when it recovers: never twice for the same open condition.
 */
export class ValidatorsService {
  constructor(
    private readonly store: ValidatorsStore,
    private readonly scope: () => string,
    private readonly readMine: () => Promise<Envelope<MyValidators>>,
    private readonly onAlert: (alert: ValidatorAlert, state: 'fired' | 'cleared') => void,
    private readonly now: () => number = Date.now
  ) {}

  settings(): ValidatorSettings {
    const raw = this.store.setting(SETTINGS_KEY)
    if (!raw) return DEFAULT_VALIDATOR_SETTINGS
    try {
      const parsed = validatorSettingsSchema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : DEFAULT_VALIDATOR_SETTINGS
    } catch {
      return DEFAULT_VALIDATOR_SETTINGS
    }
  }

  setSettings(patch: Partial<ValidatorSettings>): ValidatorSettings {
    const next = { ...this.settings(), ...patch }
    this.store.putSetting(SETTINGS_KEY, JSON.stringify(next))
    return next
  }

  async refresh(): Promise<RefreshResult> {
    const mine = await this.readMine()
    if (mine.source !== 'live')
      throw new AppError('OFFLINE', `The node cannot be reached (${mine.offline?.message ?? 'no answer'}): nothing new to keep`, {
        ...(mine.offline ? { sourceCode: mine.offline.code } : {})
      })
    if (mine.data.nodeIDs.length === 0)
      throw new AppError('BAD_INPUT', 'This profile has no NodeIDs: add your validators\' NodeIDs in Connections (or fill them from the node)', {
        issues: [{ path: ['nodeIDs'], message: 'the profile lists no NodeIDs' }]
      })
    const scope = this.scope()
    const at = mine.fetchedAt
    const { uptimeThreshold } = this.settings()
    const byId = new Map(mine.data.validators.map((v) => [v.nodeID, v]))
    const fired: ValidatorAlert[] = []
    const cleared: ValidatorAlert[] = []
    this.store.transaction(() => {
      for (const nodeId of mine.data.nodeIDs) {
        const v = byId.get(nodeId)
        const previous = this.store.samples(scope, 0, nodeId).at(-1)
        const sample: SampleRow = { nodeId, at, validating: v !== undefined, uptime: v?.uptime ?? null, connected: v?.connected ?? null }
        this.store.putSample(scope, sample)
        for (const [kind, state] of Object.entries(conditions(sample, previous, uptimeThreshold)) as [AlertKind, string][]) {
          const open = this.store.openAlert(scope, nodeId, kind)
          if (state === 'bad' && !open) {
            const row = { id: randomUUID(), nodeId, kind, firedAt: at, message: alertMessage(kind, sample, uptimeThreshold) }
            this.store.insertAlert(scope, row)
            fired.push(alertView({ ...row, clearedAt: null }))
          } else if (state === 'good' && open) {
            this.store.clearAlert(open.id, at)
            cleared.push(alertView({ ...open, clearedAt: at }))
          }
        }
      }
    })
    for (const a of fired) this.onAlert(a, 'fired')
    for (const a of cleared) this.onAlert(a, 'cleared')
    return { sampledAt: at, fired, cleared }
  }

  history(range: keyof typeof RANGE_MS, nodeId?: string): { points: SamplePoint[] } {
    const since = range === 'all' ? 0 : this.now() - RANGE_MS[range]
    const points = this.store.samples(this.scope(), since, nodeId).map((s) => ({
      nodeID: s.nodeId,
      at: s.at,
      validating: s.validating,
      ...(s.uptime !== null ? { uptime: s.uptime } : {}),
      ...(s.connected !== null ? { connected: s.connected } : {})
    }))
    return { points }
  }

  alerts(limit: number): { alerts: ValidatorAlert[] } {
    return { alerts: this.store.recentAlerts(this.scope(), limit).map(alertView) }
  }
}

function alertView(a: AlertRow): ValidatorAlert {
  return {
    id: a.id,
    nodeID: a.nodeId,
    kind: a.kind as AlertKind,
    firedAt: a.firedAt,
    ...(a.clearedAt !== null ? { clearedAt: a.clearedAt } : {}),
    message: a.message
  }
}
