/**
 * Light / dark theme. Until the person picks one, the page follows the system (prefers-color-scheme);
 * a pick is kept in localStorage. Shared state: one preference for the whole window.
 */
import { computed, ref } from 'vue'
import { darkTheme, type GlobalTheme } from 'naive-ui'

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

const isDark = computed(() => (preference.value === 'system' ? systemDark.value : preference.value === 'dark'))

export function useTheme() {
  return {
    preference: computed(() => preference.value),
    isDark,
    /** For NConfigProvider: null is Naive UI's light theme. */
    naiveTheme: computed<GlobalTheme | null>(() => (isDark.value ? darkTheme : null)),
    setPreference(p: ThemePreference) {
      preference.value = p
      if (p === 'system') localStorage.removeItem(STORAGE_KEY)
      else localStorage.setItem(STORAGE_KEY, p)
    }
  }
}
