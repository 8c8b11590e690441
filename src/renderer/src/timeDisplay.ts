/**
 * Local time (the default) or UTC everywhere: the person's pick, kept in this browser, applied to the
 * shared format module. `generation` changes with the pick so that the shell can redraw the panels,
 * whose texts are computed once per render.
 */
import { computed, ref } from 'vue'
import { setTimeDisplay, type TimeDisplay } from '../../shared/domain/format'

const STORAGE_KEY = 'companion.time'

const display = ref<TimeDisplay>(localStorage.getItem(STORAGE_KEY) === 'utc' ? 'utc' : 'local')
const generation = ref(0)
setTimeDisplay(display.value)

export function useTimeDisplay() {
  return {
    display: computed(() => display.value),
    generation: computed(() => generation.value),
    set(d: TimeDisplay) {
      display.value = d
      setTimeDisplay(d)
      generation.value += 1
      if (d === 'utc') localStorage.setItem(STORAGE_KEY, d)
      else localStorage.removeItem(STORAGE_KEY)
    }
  }
}
