/**
 * Light / dark theme. Until the person picks one, the page follows the system (prefers-color-scheme);
 * a pick is kept in localStorage. Shared state: one preference for the whole window.
 */
import { computed, ref, shallowRef, watch } from 'vue'
import type { GlobalTheme } from 'naive-ui'

export type ThemePreference = 'system' | 'light' | 'dark'

const STORAGE_KEY = 'companion.theme'

function readPreference(): ThemePreference {
  const v = localStorage.getItem(STORAGE_KEY)
  return v === 'light' || v === 'dark' ? v : 'system'
}

const media = window.matchMedia('(prefers-color-scheme: dark)')
const systemDark = ref(media.matches)
media.addEventListener('change', (e) => (systemDark.value = e.matches))

const preference = ref<ThemePreference>(readPreference())

/** What the person asked for (or the system says). */
const wantDark = computed(() => (preference.value === 'system' ? systemDark.value : preference.value === 'dark'))

/**
 * The dark theme, once theme-dark.ts has loaded: it is not part of the page's first download. The page
 * stays light until it is there (a few milliseconds from the app's own files), so Naive UI and the charts,
 * which both follow `isDark`, switch together.
 */
const darkTheme = shallowRef<GlobalTheme | null>(null)
let darkLoading: Promise<GlobalTheme> | null = null
function loadDark(): Promise<GlobalTheme> {
  darkLoading ??= import('./theme-dark').then((m) => (darkTheme.value = m.naiveDarkTheme))
  return darkLoading
}
watch(wantDark, (dark) => dark && void loadDark(), { immediate: true })

const isDark = computed(() => wantDark.value && darkTheme.value !== null)

/** Resolves when the theme the page starts with is ready: main.ts mounts after it, so a dark page never flashes light. */
export function themeReady(): Promise<unknown> {
  return wantDark.value ? loadDark() : Promise.resolve()
}

export function useTheme() {
  return {
    preference: computed(() => preference.value),
    isDark,
    /** For NConfigProvider: null is Naive UI's light theme. */
    naiveTheme: computed<GlobalTheme | null>(() => (isDark.value ? darkTheme.value : null)),
    setPreference(p: ThemePreference) {
      preference.value = p
      if (p === 'system') localStorage.removeItem(STORAGE_KEY)
      else localStorage.setItem(STORAGE_KEY, p)
    }
  }
}
