/**
 * The alerts area as the Alerts panel shows it: open and past alerts, why a held-back one is not sent
 * (main's word: inhibited, silenced) and the silences and maintenance windows (what a hold means:
 * shared/domain/alert-silence.ts), the
 * channels (never their secrets) and the delivery log. Reloaded when main says an alert fired or
 * resolved (`alerts.changed`) or that one of these reads changed (`cache.changed`), and on reconnect.
 *
 * Alerts as they happen: listeners (the shell's in-app message) and, in browser mode only, the browser's
 * notification once the person turned "Notify me in this browser" on and the browser allowed it. The
 * desktop app does not need that: its main process shows a system notification for each alert.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
// The rules' words from their schema-free module: this store is part of the shell's first download.
import { ALERT_RULE_INFO } from '../../../shared/contract/alert-rules'
import type { Alert, AlertHold, AlertState, ChannelView, Input, MaintenanceWindow, Output, Silence } from '../../../shared/contract'
import { holdOf, type Hold } from '../../../shared/domain/alert-silence'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'
import { useAppStore } from './app'

export type AlertListener = (alert: Alert, state: AlertState) => void
/** 'unsupported': no Notification API in this browser. */
export type NotifyPermission = NotificationPermission | 'unsupported'

const NOTIFY_KEY = 'companion.notifyAlerts'
const errorOf = (err: unknown): ErrorData => toErrorData(err) ?? { code: 'INTERNAL', message: 'Unexpected error in the page' }
const permissionNow = (): NotifyPermission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission)

export const useAlertsStore = defineStore('alerts', () => {
  const appStore = useAppStore()

  const open = shallowRef<Alert[]>([])
  const past = shallowRef<Alert[]>([])
  /** why each held-back open alert is not sent (inhibited by another of its node, silenced), by alert id */
  const holds = shallowRef<ReadonlyMap<string, AlertHold>>(new Map())
  const silences = shallowRef<Silence[]>([])
  const windows = shallowRef<MaintenanceWindow[]>([])
  const listLoaded = ref(false)
  const listError = shallowRef<ErrorData | null>(null)

  const channels = shallowRef<ChannelView[]>([])
  const channelsError = shallowRef<ErrorData | null>(null)
  const channelsLoaded = ref(false)

  const deliveries = shallowRef<Output<'alerts.deliveries'>>({ tries: [], pending: [] })
  const deliveriesError = shallowRef<ErrorData | null>(null)
  const deliveriesLoaded = ref(false)

  async function loadList(): Promise<void> {
    try {
      const out = await api.call('alerts.list', { limit: 200 })
      open.value = out.open
      past.value = out.past
      holds.value = new Map(out.holds.map((h) => [h.alertId, h]))
      silences.value = out.silences
      windows.value = out.windows
      listError.value = null
      listLoaded.value = true
    } catch (err) {
      listError.value = errorOf(err)
    }
  }

  async function loadChannels(): Promise<void> {
    try {
      channels.value = (await api.call('alerts.channels', {})).channels
      channelsError.value = null
      channelsLoaded.value = true
    } catch (err) {
      channelsError.value = errorOf(err)
    }
  }

  async function loadDeliveries(): Promise<void> {
    try {
      deliveries.value = await api.call('alerts.deliveries', { limit: 100 })
      deliveriesError.value = null
      deliveriesLoaded.value = true
    } catch (err) {
      deliveriesError.value = errorOf(err)
    }
  }

  function acknowledge(id: string): Promise<Alert> {
    return api.call('alerts.acknowledge', { id })
  }

  async function addSilence(input: Input<'alerts.addSilence'>): Promise<Silence> {
    const s = await api.call('alerts.addSilence', input)
    await loadList()
    return s
  }

  async function expireSilence(id: string): Promise<Silence> {
    const s = await api.call('alerts.expireSilence', { id })
    await loadList()
    return s
  }

  async function setWindow(input: Input<'alerts.setWindow'>): Promise<MaintenanceWindow> {
    const w = await api.call('alerts.setWindow', input)
    await loadList()
    return w
  }

  async function removeWindow(id: string): Promise<void> {
    await api.call('alerts.removeWindow', { id })
    await loadList()
  }

  /** What holds an alert back at `now` (main's time), or null. */
  function holdAt(alert: Pick<Alert, 'profileId' | 'rule' | 'subject'>, now: number): Hold | null {
    return holdOf(alert, { silences: silences.value, windows: windows.value }, now)
  }

  // Notifications of the browser (browser mode only; main notifies in the desktop app).
  const permission = ref<NotifyPermission>(permissionNow())
  const notifyWanted = ref(localStorage.getItem(NOTIFY_KEY) === 'on')
  /** null until app.info says how the app runs */
  const browserMode = computed(() => (appStore.info ? appStore.info.mode === 'browser' : null))
  const notifying = computed(() => browserMode.value === true && notifyWanted.value && permission.value === 'granted')

  /** Turns "Notify me in this browser" on (asking the browser, only ever from a click) or off. */
  async function setNotify(on: boolean): Promise<NotifyPermission> {
    if (!on) {
      notifyWanted.value = false
      localStorage.removeItem(NOTIFY_KEY)
      return permission.value
    }
    if (typeof Notification === 'undefined') return (permission.value = 'unsupported')
    permission.value = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
    notifyWanted.value = permission.value === 'granted'
    if (notifyWanted.value) localStorage.setItem(NOTIFY_KEY, 'on')
    return permission.value
  }

  function notify(alert: Alert, state: AlertState, held: boolean): void {
    if (!notifying.value || typeof Notification === 'undefined') return
    // A held-back alert (inhibited, silenced) is kept and shown, not sent: main skips its own notification the same way.
    if (held || holdAt(alert, Date.now())) return
    const what = state === 'firing' ? alert.severity : 'resolved'
    // Text only; the tag replaces rather than stacks a notification of the same alert and state.
    new Notification(`${what}: ${ALERT_RULE_INFO[alert.rule].title} · ${alert.profileName}`, { body: alert.message, tag: `${alert.id}:${state}` })
  }

  const listeners = new Set<AlertListener>()
  function onAlert(listener: AlertListener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  api.on('alerts.changed', ({ alert, state, hold }) => {
    for (const l of listeners) l(alert, state)
    notify(alert, state, hold !== undefined)
    void loadList()
  })
  api.on('cache.changed', ({ methods }) => {
    const all = methods.includes('*')
    if (all || methods.includes('alerts.list')) void loadList()
    if (all || methods.includes('alerts.channels')) void loadChannels()
    if (all || methods.includes('alerts.deliveries')) void loadDeliveries()
  })
  onConnected(() => {
    permission.value = permissionNow()
    void loadList()
    void loadChannels()
    void loadDeliveries()
  })

  return {
    open,
    past,
    holds,
    silences,
    windows,
    listLoaded,
    listError,
    channels,
    channelsError,
    channelsLoaded,
    deliveries,
    deliveriesError,
    deliveriesLoaded,
    permission,
    notifyWanted,
    browserMode,
    notifying,
    loadList,
    loadChannels,
    loadDeliveries,
    acknowledge,
    addSilence,
    expireSilence,
    setWindow,
    removeWindow,
    holdAt,
    setNotify,
    onAlert
  }
})
