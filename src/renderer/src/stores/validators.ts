/**
 * The validators panel's local state in main: the chosen subnet, the kept history, the alerts and their
 * settings. History and alerts are reloaded when main says they changed (`cache.changed` after a refresh,
 * whether the operator asked for it or the interval ran it) and when the page reconnects; never by hand.
 *
 * Alerts as they happen (`validators.alert`): the store tells the panel (which shows an in-app message)
 * and, in browser mode only, shows the browser's notification if the person allowed it. The desktop app
 * does not need that: its main process already shows a system notification for every fired alert.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Output, SamplePoint, ValidatorAlert, ValidatorSettings } from '../../../shared/contract'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'
import { useAppStore } from './app'

export type HistoryRange = 'day' | 'week' | 'all'
export type AlertListener = (alert: ValidatorAlert, state: 'fired' | 'cleared') => void
/** 'unsupported': no Notification API (or not browser mode, where main notifies). */
export type NotifyPermission = NotificationPermission | 'unsupported'

const PAGE_ERROR: ErrorData = { code: 'INTERNAL', message: 'Unexpected error in the page' }
const errorOf = (err: unknown): ErrorData => toErrorData(err) ?? PAGE_ERROR

export const useValidatorsStore = defineStore('validators', () => {
  const appStore = useAppStore()
  /** null: the Primary Network. */
  const subnetID = ref<string | null>(null)

  const settings = ref<ValidatorSettings | null>(null)
  const alerts = shallowRef<ValidatorAlert[]>([])
  const alertsError = shallowRef<ErrorData | null>(null)
  const range = ref<HistoryRange>('day')
  const points = shallowRef<SamplePoint[]>([])
  const historyError = shallowRef<ErrorData | null>(null)
  const historyLoaded = ref(false)
  const refreshing = ref(false)

  async function loadSettings(): Promise<void> {
    try {
      settings.value = await api.call('validators.settings', {})
    } catch {
      // The alerts block shows the defaults as unknown; the connection banner says why.
    }
  }

  async function loadAlerts(): Promise<void> {
    try {
      alerts.value = (await api.call('validators.alerts', { limit: 200 })).alerts
      alertsError.value = null
    } catch (err) {
      alertsError.value = errorOf(err)
    }
  }

  /** The range asked for last: an older answer that arrives late does not replace a newer one. */
  let historyAsk = 0
  async function loadHistory(): Promise<void> {
    const ask = ++historyAsk
    try {
      const out = await api.call('validators.history', { range: range.value })
      if (ask !== historyAsk) return
      points.value = out.points
      historyError.value = null
    } catch (err) {
      if (ask !== historyAsk) return
      historyError.value = errorOf(err)
    } finally {
      if (ask === historyAsk) historyLoaded.value = true
    }
  }

  function setRange(r: HistoryRange): void {
    range.value = r
    void loadHistory()
  }

  async function saveSettings(patch: Partial<ValidatorSettings>): Promise<ValidatorSettings> {
    const next = await api.call('validators.setSettings', patch)
    settings.value = next
    return next
  }

  /** Refresh now: keeps a sample, raises or clears alerts; main then says what changed. */
  async function refresh(): Promise<Output<'validators.refresh'>> {
    refreshing.value = true
    try {
      return await api.call('validators.refresh', {})
    } finally {
      refreshing.value = false
    }
  }

  // Notifications of the browser (browser mode only).
  const permission = ref<NotifyPermission>(notificationPermission())
  function browserNotifies(): boolean {
    return appStore.info?.mode === 'browser' && typeof Notification !== 'undefined'
  }
  /** Asks the browser; only ever called from a click (browsers ignore or penalise unprompted asks). */
  async function enableNotifications(): Promise<NotifyPermission> {
    if (typeof Notification === 'undefined') return (permission.value = 'unsupported')
    permission.value = await Notification.requestPermission()
    return permission.value
  }

  const listeners = new Set<AlertListener>()
  function onAlert(listener: AlertListener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  api.on('validators.alert', ({ alert, state }) => {
    for (const l of listeners) l(alert, state)
    if (state === 'fired' && browserNotifies() && Notification.permission === 'granted') {
      // The tag replaces rather than stacks a notification for the same alert; the text is ours, as text.
      new Notification('Validator alert', { body: alert.message, tag: alert.id })
    }
  })
  api.on('cache.changed', ({ methods }) => {
    const all = methods.includes('*')
    if (all || methods.includes('validators.alerts')) void loadAlerts()
    if (all || methods.includes('validators.history')) void loadHistory()
  })
  onConnected(() => {
    permission.value = notificationPermission()
    void loadSettings()
    void loadAlerts()
    void loadHistory()
  })

  return {
    subnetID,
    settings,
    alerts,
    alertsError,
    range,
    points,
    historyError,
    historyLoaded,
    refreshing,
    permission,
    browserNotifies,
    setRange,
    saveSettings,
    refresh,
    enableNotifications,
    onAlert,
    loadHistory
  }
})

function notificationPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}
