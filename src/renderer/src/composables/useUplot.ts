/**
 * The one way a view draws a uPlot chart: it mounts into `host`, follows the host's width, takes new
 * data on the same chart (a first point, a theme change or a change of what `rebuildOn` returns build it
 * afresh), and is destroyed with the view.
 *
 *   const host = ref<HTMLDivElement | null>(null)
 *   useUplot(host, { height: 220, data: () => columns.value, options: (width, ink) => ({ width, ... }) })
 *
 * `ink` carries the theme's axis and grid colours, so every chart reads the same in light and dark.
 */
import { onBeforeUnmount, onMounted, shallowRef, watch, type Ref, type ShallowRef } from 'vue'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTheme } from '../theme'

export interface ChartInk {
  dark: boolean
  /** Axis labels. */
  text: string
  /** Grid lines and ticks. */
  grid: { stroke: string; width: number }
}

export interface UplotSpec {
  height: number
  /** The columns: x first (UNIX seconds for time charts), then one array per series. */
  data: () => uPlot.AlignedData
  options: (width: number, ink: ChartInk) => uPlot.Options
  /** What else forces a new chart (a unit or the series shown), beside the theme. */
  rebuildOn?: () => unknown
  minWidth?: number
}

export function useUplot(host: Ref<HTMLElement | null>, spec: UplotSpec): ShallowRef<uPlot | null> {
  const { isDark } = useTheme()
  const plot = shallowRef<uPlot | null>(null)
  const minWidth = spec.minWidth ?? 200
  const width = (el: HTMLElement): number => Math.max(minWidth, el.clientWidth)

  function ink(): ChartInk {
    const dark = isDark.value
    return {
      dark,
      text: dark ? 'rgba(255, 255, 255, 0.72)' : 'rgba(0, 0, 0, 0.68)',
      grid: { stroke: dark ? 'rgba(255, 255, 255, 0.08)' : 'rgba(0, 0, 0, 0.07)', width: 1 }
    }
  }

  function build(): void {
    plot.value?.destroy()
    plot.value = null
    const el = host.value
    const data = spec.data()
    if (!el || data[0].length === 0) return
    plot.value = new uPlot({ ...spec.options(width(el), ink()), height: spec.height }, data, el)
  }

  let resize: ResizeObserver | undefined
  onMounted(() => {
    build()
    resize = new ResizeObserver(() => {
      if (host.value && plot.value) plot.value.setSize({ width: width(host.value), height: spec.height })
    })
    if (host.value) resize.observe(host.value)
  })
  onBeforeUnmount(() => {
    resize?.disconnect()
    plot.value?.destroy()
    plot.value = null
  })
  watch(spec.data, (data) => {
    if (plot.value && data[0].length > 0) plot.value.setData(data)
    else build()
  })
  watch(() => [isDark.value, spec.rebuildOn?.()], build, { deep: true })
  return plot
}
