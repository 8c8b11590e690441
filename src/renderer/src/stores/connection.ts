/**
 * The connection area: the last probe of the active profile, which parts of the interface answer and why
 * the others do not. Kept current by `connection.changed` (every probe, whoever started it), and probed
 * again by itself (`startAutoProbe`): when the active profile changes or is saved with other URLs, when the
 * node comes back, and every minute while the page is visible.
 *
 * It also says the state of the NODE for the header pill and the banner (reachable, degraded: which parts,
 * unreachable since when), from the probe and the watch's checks, whichever is newer; and whether this page's
 * link to the app is up (`appLinkUp`): while it is down, nothing on screen is "live" or "healthy".
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { ProbePart, ProbeReport, ProbeResult } from '../../../shared/contract'
import { nodeUnreachable, type NodeState } from '../components/status/blocks'
import { api, connection, onConnected } from '../api'
import { useProfilesStore } from './profiles'
import { useWatchStore } from './watch'

/** How often the Interface list is checked again while the page is visible. */
export const REPROBE_MS = 60_000
/** How often the watch's checks are read for the node's state (a new sample has no event). */
const WATCH_POLL_MS = 15_000
/** At most one probe this often because a panel's read disagreed with the node's state. */
const READ_EVIDENCE_PROBE_MS = 20_000

export const useConnectionStore = defineStore('connection', () => {
  const report = ref<ProbeReport | null>(null)
  const loaded = ref(false)
  /** While a probe runs (activation or "check again"): the status view shows it is checking. */
  const probing = ref(false)
  /** Since when the probes (not the watch) have found the node unreachable, by profile id. */
  const probeDownSince = ref<{ profileId: string; at: number } | null>(null)
  /** Profiles whose node answered a probe of this page. */
  const reached = ref<Set<string>>(new Set())

  /** This page's link to the app (browser mode's websocket; always up in the desktop app). */
  const appLinkUp = computed(() => connection.phase === 'open')

  const byPart = computed(() => {
    const map = new Map<ProbePart, ProbeResult>()
    for (const r of report.value?.parts ?? []) map.set(r.part, r)
    return map
  })

  function take(r: ProbeReport | null): void {
    if (r) {
      if (nodeUnreachable(r)) {
        if (probeDownSince.value?.profileId !== r.profileId) probeDownSince.value = { profileId: r.profileId, at: r.checkedAt }
      } else {
        if (probeDownSince.value?.profileId === r.profileId) probeDownSince.value = null
        if (!reached.value.has(r.profileId)) reached.value = new Set([...reached.value, r.profileId])
      }
    }
    report.value = r
    loaded.value = true
  }

  async function load(): Promise<void> {
    try {
      take(await api.call('connection.get', {}))
    } catch {
      // The shell shows the connection state; the last report stays on screen meanwhile.
    }
  }

  /** Marks a probe as running while `probe` runs (an activation, or checkAgain). */
  async function whileProbing(probe: () => Promise<ProbeReport>): Promise<ProbeReport> {
    probing.value = true
    try {
      const r = await probe()
      take(r)
      return r
    } finally {
      probing.value = false
    }
  }

  /** Makes the profile the active one; main probes it and answers with the report. */
  function activate(id: string): Promise<ProbeReport> {
    return whileProbing(() => api.call('profiles.activate', { id }))
  }

  function probe(): Promise<ProbeReport> {
    return whileProbing(() => api.call('connection.probe', {}))
  }

  /**
   * The node's state: the probe's and the watch's last word on the active profile, whichever is newer.
   * Unknown while this page cannot reach the app (what it knew may be out of date).
   */
  const nodeState = computed<NodeState>(() => {
    const profiles = useProfilesStore()
    const watchStore = useWatchStore()
    if (!appLinkUp.value) return { kind: 'unknown', since: null, down: [] }
    if (profiles.loaded && !profiles.activeId) return { kind: 'none', since: null, down: [] }
    const id = profiles.activeId
    const r = report.value && report.value.profileId === id ? report.value : null
    const w = watchStore.profiles.find((p) => p.profileId === id)
    // A check of the watch from before the profile's last save may be of another URL: it does not count.
    const watchAt = w?.last && w.last.at >= (profiles.active?.updatedAt ?? 0) ? w.last.at : null
    const watchNewer = watchAt !== null && (r === null || watchAt > r.checkedAt)
    const everReached = Boolean(w?.lastReachable) || (id !== null && reached.value.has(id))
    if (watchNewer && w?.last && !w.last.reachable) {
      const since = w.unreachableSince ?? (probeDownSince.value?.profileId === id ? probeDownSince.value.at : w.last.at)
      return { kind: 'unreachable', since, down: [], everReached }
    }
    if (r && nodeUnreachable(r) && !(watchNewer && w?.last?.reachable)) {
      const fromWatch = w?.unreachableSince ?? null
      const fromProbe = probeDownSince.value?.profileId === id ? probeDownSince.value.at : r.checkedAt
      return { kind: 'unreachable', since: fromWatch ?? fromProbe, down: [], everReached }
    }
    if (!r) return { kind: probing.value || !id ? 'checking' : 'unknown', since: null, down: [] }
    const down = r.parts.filter((p) => p.status === 'unavailable').map((p) => p.part)
    return { kind: down.length > 0 ? 'degraded' : 'reachable', since: null, down }
  })

  /**
   * The parts' states are out of date: the page has lost the app, or the watch found the node gone after
   * this check found it answering. The status column then shows what answered as "last known", not
   * "available". A check that already found the node gone is not out of date when the watch finds the same:
   * what answered then (a C-Chain RPC elsewhere) still did.
   */
  const reportStale = computed(() => {
    if (!appLinkUp.value) return true
    const r = report.value
    if (!r) return false
    const w = useWatchStore().profiles.find((p) => p.profileId === r.profileId)
    return Boolean(w?.last && !w.last.reachable && w.last.at > r.checkedAt && !nodeUnreachable(r))
  })

  function reprobe(): void {
    const profiles = useProfilesStore()
    if (probing.value || !appLinkUp.value || !profiles.activeId) return
    void probe().catch(() => {
      // The banner or the pill says why; the last report stays.
    })
  }

  let lastEvidenceProbe = 0
  /**
   * A panel's read of the node answered live (reachable) or from the cache because the node refused the
   * connection (not a time-out, which a busy machine gives too). When that disagrees with the node's state
   * on screen (a report from before the node went away, as after a reload), the node is probed at once
   * rather than at the next timer: the pill and the banner
   * never say "reachable" while the panels show cached data, nor the reverse for long.
   */
  function nodeReadSeen(reachable: boolean): void {
    const kind = nodeState.value.kind
    const disagrees = reachable ? kind === 'unreachable' : kind === 'reachable' || kind === 'degraded'
    if (!disagrees || Date.now() - lastEvidenceProbe < READ_EVIDENCE_PROBE_MS) return
    lastEvidenceProbe = Date.now()
    reprobe()
  }

  let autoStarted = false
  /**
   * Probes by itself (once per page; the shell starts it): when the report is of another profile, when
   * the active profile is saved with other URLs, when the node comes back, and every REPROBE_MS while
   * the page is visible.
   */
  function startAutoProbe(): void {
    if (autoStarted) return
    autoStarted = true
    const profiles = useProfilesStore()
    const watchStore = useWatchStore()
    let pendingAgain = false
    // A report of another profile (activated elsewhere, or none yet), or an old one: probe.
    watch(
      () => {
        const p = profiles.active
        const r = report.value
        // (Also a report older than the timer's period, as after a reload: its parts may have changed since.)
        return Boolean(
          p && loaded.value && appLinkUp.value && !probing.value && (r === null || r.profileId !== p.id || Date.now() - r.checkedAt > REPROBE_MS)
        )
      },
      (stale) => {
        if (stale) reprobe()
      },
      { immediate: true }
    )
    // The active profile saved with other URLs or another network: its report is of the old ones.
    watch(
      () => {
        const p = profiles.active
        return p ? JSON.stringify([p.id, p.nodeUrl, p.cchainUrl, p.dataUrl, p.metricsUrl, p.network]) : null
      },
      (now, before) => {
        if (!now || !before || now === before) return
        if (JSON.parse(now)[0] !== JSON.parse(before)[0]) return // another profile: activation probes it
        if (probing.value) pendingAgain = true
        else reprobe()
      }
    )
    watch(probing, (now) => {
      if (!now && pendingAgain) {
        pendingAgain = false
        reprobe()
      }
    })
    // The node comes back: unreachable → anything else (the watch saw it answer).
    watch(
      () => nodeState.value.kind,
      (kind, before) => {
        if (before === 'unreachable' && kind !== 'unreachable' && kind !== 'unknown') reprobe()
      }
    )
    // Every minute while the page is visible; the watch's checks more often (they say when the node is back).
    setInterval(() => {
      if (document.visibilityState === 'visible') reprobe()
    }, REPROBE_MS)
    setInterval(() => {
      if (document.visibilityState === 'visible' && appLinkUp.value && profiles.activeId) void watchStore.load()
    }, WATCH_POLL_MS)
  }

  api.on('connection.changed', (r) => take(r))
  onConnected(() => void load())

  return { report, loaded, probing, byPart, appLinkUp, nodeState, reportStale, load, probe, activate, whileProbing, startAutoProbe, nodeReadSeen }
})

export { nodeStateWords, nodeUnreachable, PART_SHORT, type NodeState, type NodeStateKind } from '../components/status/blocks'
