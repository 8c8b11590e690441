/**
 * The validators panel's state in main, for the active profile: the chosen subnet, the history the watch's
 * checks kept of its validators, the alerts of the alerts area about them, the uptime threshold (the
 * profile's uptimeLow rule) and how often the watch checks its node. Reloaded when main says they changed
 * (`cache.changed`, `alerts.changed`), when the active profile changes and when the page reconnects; the
 * watch's own checks announce no new sample, so the history chart polls while it is on screen (`poll`).
 *
 * Alerts as they happen are the alerts store's (the shell's message, the browser's notification): the
 * same for every rule and profile, so nothing here shows them again.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Alert, AlertRule, Output, RuleSetting, SamplePoint, WatchProfileSettings } from '../../../shared/contract'
import { uptimeRequirement } from '../../../shared/contract/alert-rules'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'
import { useProfilesStore } from './profiles'

export type HistoryRange = 'hour' | 'day' | 'week' | 'all'

const HOUR_MS = 3_600_000

/** The watch's first check of a new profile comes within its start jitter (5 s) and takes at most a few more. */
const FIRST_CHECK_WITHIN_MS = 8_000

/** The rules about the profile's validators: their alerts are the ones this panel lists. */
export const VALIDATOR_RULES: readonly AlertRule[] = ['validatorNotConnected', 'uptimeLow', 'validatorLeftSet', 'stakeEnding', 'l1BalanceRunway']
const isValidatorAlert = (a: Alert): boolean => VALIDATOR_RULES.includes(a.rule)

const PAGE_ERROR: ErrorData = { code: 'INTERNAL', message: 'Unexpected error in the page' }
const errorOf = (err: unknown): ErrorData => toErrorData(err) ?? PAGE_ERROR

export const useValidatorsStore = defineStore('validators', () => {
  const profiles = useProfilesStore()
  const profileId = computed(() => profiles.activeId)
  /** null: the Primary Network. */
  const subnetID = ref<string | null>(null)

  /** Open ones first, then past ones, newest first within each. */
  const alerts = shallowRef<Alert[]>([])
  const alertsError = shallowRef<ErrorData | null>(null)
  const uptimeRule = shallowRef<RuleSetting | null>(null)
  const watchSettings = shallowRef<WatchProfileSettings | null>(null)
  const range = ref<HistoryRange>('day')
  /**
   * Whether a person chose the range. Until then it fits where the samples start: a day, or the last hour when
   * every check of the day is in it (twenty minutes of checks are no 2 px sliver at the edge of 24 h).
   */
  const rangeChosen = ref(false)
  const points = shallowRef<SamplePoint[]>([])
  /** The checks in the range that read no validators (the node did not answer): unknown from each to the next. */
  const unknown = shallowRef<NonNullable<Output<'validators.history'>['unknown']>>([])
  /** The range's window in main's clock (ms): the chart's time axis spans it. */
  const historyWindow = shallowRef<{ from: number; to: number } | null>(null)
  const historyError = shallowRef<ErrorData | null>(null)
  const historyLoaded = ref(false)
  const refreshing = ref(false)

  /**
   * The threshold a card marks a low uptime by: the rule's as set, or (not set) what the profile's network requires
   * of a validator that started then (ACP-267); null while unknown or with the rule off.
   */
  function uptimeThresholdFor(startTime: string | undefined): number | null {
    const rule = uptimeRule.value
    if (!rule?.enabled) return null
    if (typeof rule.threshold === 'number') return rule.threshold
    return rule.threshold === null ? uptimeRequirement(profiles.active?.network ?? '', startTime === undefined ? undefined : Number(startTime)) : null
  }

  /**
   * Each load answers for the profile it asked about: an answer about another profile (the active one
   * changed meanwhile) or older than a later ask of the same kind is dropped.
   */
  const asks = { alerts: 0, settings: 0, history: 0 }
  function ask(kind: keyof typeof asks): () => boolean {
    const n = ++asks[kind]
    const id = profileId.value
    return () => n === asks[kind] && id === profileId.value
  }

  async function loadAlerts(): Promise<void> {
    const id = profileId.value
    const current = ask('alerts')
    if (!id) {
      alerts.value = []
      return
    }
    try {
      const out = await api.call('alerts.list', { profileId: id, limit: 200 })
      if (!current()) return
      const newest = (a: Alert, b: Alert) => b.firedAt - a.firedAt
      alerts.value = [...out.open.filter(isValidatorAlert).sort(newest), ...out.past.filter(isValidatorAlert)]
      alertsError.value = null
    } catch (err) {
      if (current()) alertsError.value = errorOf(err)
    }
  }

  async function loadSettings(): Promise<void> {
    const id = profileId.value
    const current = ask('settings')
    if (!id) {
      uptimeRule.value = null
      watchSettings.value = null
      return
    }
    try {
      const [rules, watched] = await Promise.all([api.call('alerts.rules', { profileId: id }), api.call('watch.settings', {})])
      if (!current()) return
      uptimeRule.value = rules.rules.find((r) => r.rule === 'uptimeLow') ?? null
      watchSettings.value = watched.profiles.find((p) => p.profileId === id) ?? null
    } catch {
      // The settings show as unknown; the connection banner or the status view says why.
    }
  }

  async function loadHistory(): Promise<void> {
    const current = ask('history')
    if (!profileId.value) {
      points.value = []
      historyLoaded.value = true
      return
    }
    try {
      const out = await api.call('validators.history', { range: range.value })
      if (!current()) return
      if (fitsAnHour(out)) {
        range.value = 'hour'
        return void loadHistory()
      }
      points.value = out.points
      unknown.value = out.unknown ?? []
      historyWindow.value = out.from !== undefined && out.to !== undefined ? { from: out.from, to: out.to } : null
      historyError.value = null
    } catch (err) {
      if (current()) historyError.value = errorOf(err)
    } finally {
      if (current()) historyLoaded.value = true
    }
  }

  /** A day's answer whose checks all fall in its last hour, while the range is not a person's choice. */
  function fitsAnHour(out: Output<'validators.history'>): boolean {
    if (rangeChosen.value || range.value !== 'day' || out.to === undefined) return false
    // Both lists come oldest first (main's samples in their order).
    const firsts = [out.points[0]?.at, out.unknown?.[0]?.at].filter((t): t is number => t !== undefined)
    return firsts.length > 0 && Math.min(...firsts) >= out.to - HOUR_MS
  }

  function setRange(r: HistoryRange): void {
    rangeChosen.value = true
    range.value = r
    void loadHistory()
  }

  function activeProfile(): string {
    if (!profileId.value) throw new Error('No active profile')
    return profileId.value
  }

  /** The profile's uptimeLow threshold (the alerts area's rule). */
  async function saveThreshold(threshold: number): Promise<RuleSetting | null> {
    const out = await api.call('alerts.setRules', { profileId: activeProfile(), rules: [{ rule: 'uptimeLow', threshold }] })
    if (out.profileId === profileId.value) uptimeRule.value = out.rules.find((r) => r.rule === 'uptimeLow') ?? null
    return uptimeRule.value
  }

  /** How often the watch checks the profile's node; null: it does not. */
  async function saveInterval(sec: number | null): Promise<WatchProfileSettings> {
    const out = await api.call('watch.setSettings', { profileId: activeProfile(), ...(sec === null ? { enabled: false } : { enabled: true, intervalSec: sec }) })
    if (out.profileId === profileId.value) watchSettings.value = out
    return out
  }

  /** Check now: the watch's check of the active profile; main then says what changed. */
  async function refresh(): Promise<Output<'validators.refresh'>> {
    refreshing.value = true
    try {
      return await api.call('validators.refresh', {})
    } finally {
      refreshing.value = false
    }
  }

  /**
   * Reloads the history every `ms` while the calling view lives (the watch's checks add samples
   * unannounced); returns the stop. With no sample yet, once more soon after: the watch's first check of a
   * profile comes within seconds of its start (its start jitter), not after a whole interval.
   */
  function poll(ms: number): () => void {
    const timer = setInterval(() => void loadHistory(), ms)
    const soon = points.value.length === 0 && unknown.value.length === 0 ? setTimeout(() => void loadHistory(), Math.min(ms, FIRST_CHECK_WITHIN_MS)) : undefined
    return () => {
      clearInterval(timer)
      clearTimeout(soon)
    }
  }

  function loadAll(): void {
    // Another profile (or the page back): its first range fits its own samples, unless a person chose one.
    if (!rangeChosen.value) range.value = 'day'
    void loadSettings()
    void loadAlerts()
    void loadHistory()
  }

  api.on('alerts.changed', ({ alert }) => {
    if (alert.profileId === profileId.value && isValidatorAlert(alert)) void loadAlerts()
  })
  api.on('cache.changed', ({ methods }) => {
    const all = methods.includes('*')
    if (all || methods.includes('alerts.list')) void loadAlerts()
    if (all || methods.includes('alerts.rules') || methods.includes('watch.settings')) void loadSettings()
    if (all || methods.includes('validators.history') || methods.includes('watch.samples')) void loadHistory()
  })
  watch(profileId, loadAll)
  onConnected(loadAll)

  return {
    subnetID,
    profileId,
    alerts,
    alertsError,
    uptimeRule,
    uptimeThresholdFor,
    watchSettings,
    range,
    points,
    unknown,
    historyWindow,
    historyError,
    historyLoaded,
    refreshing,
    setRange,
    saveThreshold,
    saveInterval,
    refresh,
    poll,
    loadHistory
  }
})
