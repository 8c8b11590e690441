/**
 * The live block list of one EVM instance, as main follows it: main is asked to follow the chain
 * (cchain.watch, which answers the heads so far) and pushes new heads as `cchain.heads` events, in
 * height order with no gap. The page keeps at most LIVE_WINDOW heads and a bounded run of fee samples;
 * a head at or below the newest one shown is never added twice. Without the node, the heads kept in
 * the cache are shown instead (main answers them until the node does), marked cached with the time the
 * newest was read; once the node answers again the list is asked afresh and the mark goes.
 */
import { computed, onScopeDispose, shallowRef, watch, type Ref } from 'vue'
import { LIVE_WINDOW, type FeeSample, type Head, type LiveStatus } from '../../../../shared/contract'
import type { ErrorData } from '../../../../shared/rpc/errors'
import { api, onConnected } from '../../api'
import { toErrorData } from '../../errors'

const MAX_FEE_POINTS = 500

export function useLiveHeads(chain: Ref<string>) {
  const heads = shallowRef<Head[]>([])
  const status = shallowRef<LiveStatus | null>(null)
  const fees = shallowRef<FeeSample[]>([])
  const error = shallowRef<ErrorData | null>(null)
  /** The list comes from the cache (the node could not be followed). */
  const fromCache = shallowRef(false)
  /** When the newest head listed was read from the node (ms), when fromCache. */
  const cacheReadAt = shallowRef<number | null>(null)
  /** The heads listed are not live: kept from before, while the node is not followed. */
  const cached = computed(() => heads.value.length > 0 && (fromCache.value || (status.value !== null && status.value.state !== 'live')))
  /** When the newest head listed was read from the node (ms). */
  const readAt = computed(() => (fromCache.value ? cacheReadAt.value : (status.value?.newestReadAt ?? null)))

  function append(next: readonly Head[]): void {
    const last = heads.value.at(-1)
    const fresh = last ? next.filter((h) => BigInt(h.number) > BigInt(last.number)) : [...next]
    if (fresh.length === 0) return
    const all = [...heads.value, ...fresh]
    heads.value = all.length > LIVE_WINDOW ? all.slice(all.length - LIVE_WINDOW) : all
  }

  const off = api.on('cchain.heads', (p) => {
    if (p.chain !== chain.value) return
    // Live again after a list kept from before: ask for the list afresh (the node may have gone on far, or restarted lower).
    const rejoin = p.status.state === 'live' && cached.value
    append(p.heads)
    status.value = p.status
    if (rejoin) void start()
    if (p.fee) fees.value = [...fees.value, p.fee].slice(-MAX_FEE_POINTS)
  })

  async function start(): Promise<void> {
    const c = chain.value
    try {
      const w = await api.call('cchain.watch', { chain: c })
      if (c !== chain.value) return
      heads.value = []
      append(w.heads)
      status.value = w.status
      error.value = null
      fromCache.value = false
    } catch (err) {
      if (c !== chain.value) return
      error.value = toErrorData(err)
      try {
        const kept = (await api.call('cchain.recentHeads', { chain: c, limit: LIVE_WINDOW })).heads
        cacheReadAt.value = kept[0]?.seenAt ?? null
        heads.value = kept.reverse().map(({ seenAt: _seenAt, ...h }) => h)
        fromCache.value = true
      } catch {
        heads.value = []
      }
    }
    try {
      const s = await api.call('cchain.feeSamples', { chain: c, limit: MAX_FEE_POINTS })
      if (c === chain.value) fees.value = s.samples
    } catch {
      // the chart stays as it is; the list's error says why
    }
  }

  function restart(): void {
    heads.value = []
    fees.value = []
    status.value = null
    void start()
  }
  watch(chain, restart, { immediate: true })
  const offConnected = onConnected(() => void start())
  /**
   * Main stops following on any change of the profiles (the node may be another): follow again, afresh when
   * another profile is active. Also the first profile, when the view opened with none.
   */
  let activeId: string | null | undefined
  const offProfiles = api.on('profiles.changed', (p) => {
    const other = activeId !== undefined && p.activeId !== activeId
    activeId = p.activeId
    if (other) restart()
    else void start()
  })
  onScopeDispose(() => {
    off()
    offConnected()
    offProfiles()
  })
  return { heads, status, fees, error, fromCache, cached, readAt }
}
