/**
 * Node control as main keeps it: the running CPU profile, the scheduled log-level reverts, the late
 * reverts done at start, and the journal of every node-changing call. State lives in main (a reload or a
 * second window sees the same running profile); this store mirrors it from `control.state`, keeps it
 * current with `control.changed`, and reloads the journal on each change. Actions only call the api.
 * The calls that change the node are not here: a panel sends them through useNodeChange() (which asks
 * first) and hands their answer to `took`.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ControlState, JournalEntry, Output } from '../../../shared/contract'
import { api, onConnected } from '../api'
import { useAppStore } from './app'

type ActionResult = Output<'control.startCpuProfile'>
export type CurrentLogLevel = Output<'control.logLevel'>
export type KeptList = Output<'control.keptProfiles'>

export const useControlStore = defineStore('control', () => {
  const state = ref<ControlState | null>(null)
  const stateError = ref<unknown>(null)
  const journal = ref<JournalEntry[]>([])
  const journalError = ref<unknown>(null)
  const journalLoaded = ref(false)
  /** The node's current log level and where it was read (null until read). */
  const logLevel = ref<CurrentLogLevel | null>(null)
  const logLevelError = ref<unknown>(null)
  const logLevelLoading = ref(false)
  /** The copies kept of the profiles opened (this profile's), newest first. */
  const kept = ref<KeptList | null>(null)
  const keptError = ref<unknown>(null)

  const app = useAppStore()
  /** Whether this window may call node-changing methods (browser mode: only with --allow-node-changes). */
  const nodeChanges = computed(() => app.info?.nodeChanges ?? false)
  const lateReverts = computed(() => state.value?.lateReverts ?? [])

  async function loadState(): Promise<void> {
    try {
      state.value = await api.call('control.state', {})
      stateError.value = null
    } catch (err) {
      stateError.value = err
    }
  }

  async function loadJournal(): Promise<void> {
    try {
      journal.value = (await api.call('control.journal', { limit: 200 })).entries
      journalError.value = null
      journalLoaded.value = true
    } catch (err) {
      journalError.value = err
    }
  }

  async function loadKept(): Promise<void> {
    try {
      kept.value = await api.call('control.keptProfiles', {})
      keptError.value = null
    } catch (err) {
      keptError.value = err
    }
  }

  async function loadLogLevel(): Promise<void> {
    logLevelLoading.value = true
    try {
      logLevel.value = await api.call('control.logLevel', {})
      logLevelError.value = null
    } catch (err) {
      logLevelError.value = err
    } finally {
      logLevelLoading.value = false
    }
  }

  /** The answer of a node change carries the new state: take it now rather than wait for the event. */
  function took(r: ActionResult): JournalEntry {
    state.value = r.state
    return r.entry
  }

  async function cancelRevert(id: string): Promise<void> {
    state.value = await api.call('control.cancelRevert', { id })
  }

  /** Read and closed: main stops reporting it, in every window. */
  async function dismissLate(id: string): Promise<void> {
    state.value = await api.call('control.dismissLateRevert', { id })
  }

  /** The last level change whose answer was seen: each new one (a set, a revert) reads the level again. */
  let levelSeen: string | undefined
  api.on('control.changed', (s) => {
    state.value = s
    void loadJournal().then(() => {
      const top = journal.value[0]
      if (top?.action === 'setLogLevel' && top.outcome !== 'pending' && `${top.id}:${top.outcome}` !== levelSeen) {
        levelSeen = `${top.id}:${top.outcome}`
        void loadLogLevel()
      }
      // A revert done at start is announced when its call is journaled, and only afterwards recorded as
      // late in main: read the state again so the notice about it shows without a reload.
      if (journal.value[0]?.origin === 'startup') void loadState()
    })
  })
  // The active profile changed (or a probe ran): the state and journal are the new node's.
  api.on('profiles.changed', () => {
    logLevel.value = null
    kept.value = null
    void loadKept()
    void loadState()
    void loadJournal()
    void loadLogLevel()
  })
  onConnected(() => {
    void loadState()
    void loadJournal()
    void loadLogLevel()
  })

  return {
    state,
    stateError,
    journal,
    journalError,
    journalLoaded,
    nodeChanges,
    lateReverts,
    logLevel,
    logLevelError,
    logLevelLoading,
    loadLogLevel,
    kept,
    keptError,
    loadKept,
    loadState,
    loadJournal,
    took,
    cancelRevert,
    dismissLate
  }
})
