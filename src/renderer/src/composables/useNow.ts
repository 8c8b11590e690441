/**
 * One clock for the whole page, ticking once a second while anything on screen uses it: the ages of
 * cached answers ("5 min ago") and countdowns (rate limits) read it, so they all move together and
 * nothing ticks when nothing shows a time.
 */
import { getCurrentScope, onScopeDispose, readonly, ref, type Ref } from 'vue'

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | undefined

/** The current time in ms, updated every second while the calling component (or scope) lives. */
export function useNow(): Readonly<Ref<number>> {
  users += 1
  if (!timer) {
    now.value = Date.now()
    timer = setInterval(() => (now.value = Date.now()), 1_000)
  }
  if (getCurrentScope()) {
    onScopeDispose(() => {
      users -= 1
      if (users === 0 && timer) {
        clearInterval(timer)
        timer = undefined
      }
    })
  }
  return readonly(now)
}

/** How long ago, in a few words: "just now", "40 s ago", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1_000))
  if (s < 10) return 'just now'
  if (s < 60) return `${s} s ago`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min ago`
  const h = Math.floor(min / 60)
  if (h < 48) return `${h} h ago`
  const d = Math.floor(h / 24)
  return `${d} days ago`
}
