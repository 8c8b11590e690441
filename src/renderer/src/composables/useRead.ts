/**
 * The one way a view reads remote data (a cached method of the contract):
 *
 *   const version = useRead('info.getNodeVersion', {})
 *   const boot = useRead('info.isBootstrapped', () => ({ chain: props.chain }))
 *   const peers = useRead('info.peers', () => (served.value ? {} : null))   // null: do not read
 *
 * It loads when the page is connected to the app, and again
 * - when its input changes (a different input starts afresh: the old answer is not shown for it);
 * - when `cache.changed` names its method or '*' (a probe ran, the active profile changed, a local
 *   mutation): views never reload by hand;
 * - when the page reconnects to the app (events may have been missed meanwhile).
 * While it reloads, the last answer stays on screen (not when another profile became active). Each answer says whether it is live or from the
 * cache (and then why, in `offline`), and how old it is (`age`, ticking).
 *
 * A read no longer wanted is cancelled, not left to run: when the view goes (its scope is disposed), its input
 * changes, or another profile becomes active, the call under way is cancelled over the contract, and main
 * aborts the remote request behind it.
 */
import { computed, onScopeDispose, shallowRef, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref } from 'vue'
import type { CachedMethod, Contract, Data, Envelope, Input, Source } from '../../../shared/contract'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'
import { useConnectionStore } from '../stores/connection'
import { formatAge, useNow } from './useNow'

export interface Read<D> {
  /** The last answer's data; kept while reloading, null before the first answer or after a failure. */
  data: ComputedRef<D | null>
  /** Why the last attempt failed (the data is then null unless the page lost the app). */
  error: Readonly<Ref<ErrorData | null>>
  /** A call is under way. */
  loading: Readonly<Ref<boolean>>
  /** An answer or an error arrived at least once for this input. */
  settled: Readonly<Ref<boolean>>
  /** "just now", "5 min ago": since the source answered (ticks). Empty without data. */
  age: ComputedRef<string>
  source: ComputedRef<Source | null>
  fetchedAt: ComputedRef<number | null>
  /** From the cache only: why the live read failed. */
  offline: ComputedRef<{ code: string; message: string; partial?: true } | null>
  reload: () => Promise<void>
}

interface Attempt {
  key: string
  /** Cancels the call under way when this attempt is dropped. */
  cancel: AbortController
  /** Another reload was asked for while this one ran: run once more when it ends. */
  again: boolean
  done: Promise<void>
}

const PAGE_ERROR: ErrorData = { code: 'INTERNAL', message: 'Unexpected error in the page' }

/**
 * The contract's method table, read here only for each method's `from`. Imported apart so that the schemas
 * (zod and every area's) stay out of the page's first download: the shell paints without them. It starts
 * loading with this module and is there long before the first read answers; a read that answers sooner
 * tells the node's state once it is (a hint that may start a probe, nothing on screen waits for it).
 */
let methods: Contract['methods'] | null = null
const methodsLoaded = import('../../../shared/contract').then((m) => (methods = m.contract.methods))

/** Runs `then` with whether `method` reads the node, at once when the method table is loaded. */
function whenNodeRead(method: CachedMethod, then: () => void): void {
  const check = (table: Contract['methods']) => {
    if ((table[method] as { from?: string }).from === 'node') then()
  }
  if (methods) check(methods)
  else void methodsLoaded.then(check)
}

export function useRead<M extends CachedMethod>(method: M, input: MaybeRefOrGetter<Input<M> | null | undefined>): Read<Data<M>> {
  const envelope = shallowRef<Envelope<Data<M>> | null>(null)
  const error = shallowRef<ErrorData | null>(null)
  const loading = shallowRef(false)
  const settled = shallowRef(false)
  let attempt: Attempt | null = null
  let disposed = false

  /** The input as JSON: compared by value, so a getter returning a new equal object reloads nothing. */
  const key = computed(() => {
    const i = toValue(input)
    return i === null || i === undefined ? null : JSON.stringify(i)
  })

  // A read of the node tells the node's state what it found (see the connection store's nodeReadSeen).
  const connectionStore = useConnectionStore()
  const nodeReadSeen = (reachable: boolean) => whenNodeRead(method, () => connectionStore.nodeReadSeen(reachable))

  async function fetchOnce(a: Attempt): Promise<void> {
    try {
      const out = (await api.call(method, JSON.parse(a.key) as Input<M>, { signal: a.cancel.signal })) as unknown as Envelope<Data<M>>
      // A refused connection says the node is gone; a time-out may be a busy machine (the probe decides that).
      if (out.source === 'live' || out.offline?.code === 'NETWORK') nodeReadSeen(out.source === 'live')
      if (attempt !== a) return
      envelope.value = out
      error.value = null
    } catch (err) {
      const e = toErrorData(err) ?? PAGE_ERROR
      if (e.code === 'OFFLINE' && (e.details as { sourceCode?: string } | undefined)?.sourceCode === 'NETWORK') nodeReadSeen(false)
      if (attempt !== a) return
      error.value = e
      // Without the app, what was shown is still the last known answer; any other failure means there is
      // no answer for this input (main answers from the cache whenever it can).
      if (e.code !== 'DISCONNECTED') envelope.value = null
    } finally {
      if (attempt === a) settled.value = true
    }
  }

  /** The attempt under way is no longer wanted: its call is cancelled and its answer, if any, ignored. */
  function drop(): void {
    attempt?.cancel.abort()
    attempt = null
  }

  function reload(): Promise<void> {
    const k = key.value
    if (k === null || disposed) return Promise.resolve()
    if (attempt && attempt.key === k) {
      attempt.again = true
      return attempt.done
    }
    const a: Attempt = { key: k, cancel: new AbortController(), again: false, done: Promise.resolve() }
    attempt = a
    loading.value = true
    a.done = (async () => {
      do {
        a.again = false
        await fetchOnce(a)
      } while (a.again && attempt === a)
      if (attempt === a) {
        attempt = null
        loading.value = false
      }
    })()
    return a.done
  }

  watch(key, (k) => {
    // A different input: its answer is not the one on screen.
    drop()
    envelope.value = null
    error.value = null
    settled.value = false
    loading.value = false
    if (k !== null) void reload()
  })

  /** The active profile as the last cache.changed named it: the answer on screen belongs to it. */
  let profileId: string | null | undefined
  const offEvent = api.on('cache.changed', (p) => {
    if (profileId !== undefined && p.profileId !== profileId) {
      // Another profile is active now: the answer on screen is not its answer.
      drop()
      envelope.value = null
      error.value = null
      settled.value = false
      loading.value = false
    }
    profileId = p.profileId
    if (p.methods.includes('*') || p.methods.includes(method)) void reload()
  })
  const offConnected = onConnected(() => void reload())
  onScopeDispose(() => {
    disposed = true
    drop()
    offEvent()
    offConnected()
  })

  const now = useNow()
  const fetchedAt = computed(() => envelope.value?.fetchedAt ?? null)
  return {
    data: computed(() => envelope.value?.data ?? null),
    error,
    loading,
    settled,
    age: computed(() => (fetchedAt.value === null ? '' : formatAge(now.value - fetchedAt.value))),
    source: computed(() => envelope.value?.source ?? null),
    fetchedAt,
    offline: computed(() => envelope.value?.offline ?? null),
    reload
  }
}
