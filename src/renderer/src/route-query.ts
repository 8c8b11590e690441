/**
 * Writing a panel's state back to the address (router.replace), for every panel that keeps its view there: two
 * writes in one tick (the tab and the tx, say) must not undo each other while the first navigation is
 * still on its way, so patches that are not in the route yet are merged into the next write.
 * Only the panel shown writes: a kept-alive panel in the background leaves the address alone.
 */
import type { LocationQueryRaw, Router } from 'vue-router'

let pending: Record<string, string | undefined> = {}
let inFlight = 0

export function writeQuery(router: Router, path: string, patch: Record<string, string | undefined>): void {
  const cur = router.currentRoute.value
  if (cur.path !== path) return
  const next = { ...pending, ...patch }
  const query: LocationQueryRaw = { ...cur.query }
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined) delete query[k]
    else query[k] = v
  }
  const same = Object.keys({ ...query, ...cur.query }).every((k) => String(query[k] ?? '') === String(cur.query[k] ?? ''))
  if (same) return
  pending = next
  inFlight++
  void router.replace({ path, query }).finally(() => {
    if (--inFlight === 0) pending = {}
  })
}
