/**
 * What the Fleet's and the Validators panel's charts over time share: the time axis spans the window asked
 * for (a day is the last 24 h, even with one sample), every axis names its unit, a check that did not answer
 * is a grey "unknown" band from it to the next check, and a stretch with no check at all (the app was not
 * running) is a gap in the line, never a straight line drawn across it.
 */
import uPlot from 'uplot'
import { getTimeDisplay, timeTicks } from '../../../shared/domain/format'
import type { ChartInk } from '../composables/useUplot'

/** A stretch of time in UNIX seconds, [from, to]. */
export type Span = readonly [number, number]

/**
 * The unknown bands: from each failed check to the next check (or to the window's end when none came
 * after it). `checks` and `failed` in ms, any order.
 */
export function unknownSpans(checks: readonly number[], failed: readonly number[], windowEnd: number): Span[] {
  const all = [...new Set(checks)].sort((a, b) => a - b)
  const bad = new Set(failed)
  const spans: Span[] = []
  for (let i = 0; i < all.length; i++) {
    if (!bad.has(all[i]!)) continue
    const start = all[i]!
    let j = i
    while (j + 1 < all.length && bad.has(all[j + 1]!)) j++
    const end = all[j + 1] ?? Math.max(windowEnd, all[j]!)
    spans.push([start / 1_000, end / 1_000])
    i = j
  }
  return spans
}

/**
 * The columns with a null point inserted wherever two checks are further apart than `maxGapMs` (the app
 * did not check then): uPlot breaks the line there. x in ms in, UNIX seconds out.
 */
export function withGaps(x: readonly number[], series: readonly (readonly (number | null)[])[], maxGapMs: number): uPlot.AlignedData {
  const xs: number[] = []
  const ys: (number | null)[][] = series.map(() => [])
  for (let i = 0; i < x.length; i++) {
    if (i > 0 && x[i]! - x[i - 1]! > maxGapMs) {
      xs.push((x[i - 1]! + x[i]!) / 2_000)
      ys.forEach((y) => y.push(null))
    }
    xs.push(x[i]! / 1_000)
    ys.forEach((y, k) => y.push(series[k]![i] ?? null))
  }
  return [xs, ...ys]
}

/** How far apart two checks may be before the line breaks: three of their usual intervals, at least 3 min. */
export function maxGapOf(x: readonly number[], intervalSec?: number | null): number {
  const diffs = x.slice(1).map((t, i) => t - x[i]!).sort((a, b) => a - b)
  const usual = intervalSec ? intervalSec * 1_000 : (diffs[Math.floor(diffs.length / 2)] ?? 60_000)
  return Math.max(3 * usual, 180_000)
}

/** A uPlot plugin that paints the unknown spans grey behind the lines, with "unknown" on the widest. */
export function unknownBands(spans: () => readonly Span[], ink: ChartInk): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u: uPlot) => {
        const { ctx, bbox } = u
        ctx.save()
        ctx.fillStyle = ink.dark ? 'rgba(255, 255, 255, 0.10)' : 'rgba(0, 0, 0, 0.09)'
        let widest: { x: number; w: number } | null = null
        for (const [a, b] of spans()) {
          const x0 = Math.max(bbox.left, u.valToPos(a, 'x', true))
          const x1 = Math.min(bbox.left + bbox.width, u.valToPos(b, 'x', true))
          const w = Math.max(2 * devicePixelRatio, x1 - x0)
          if (x1 < bbox.left || x0 > bbox.left + bbox.width) continue
          ctx.fillRect(x0, bbox.top, w, bbox.height)
          if (!widest || w > widest.w) widest = { x: x0, w }
        }
        if (widest && widest.w > 60 * devicePixelRatio) {
          ctx.fillStyle = ink.text
          ctx.font = `${11 * devicePixelRatio}px sans-serif`
          ctx.textAlign = 'center'
          ctx.fillText('unknown', widest.x + widest.w / 2, bbox.top + 14 * devicePixelRatio)
        }
        ctx.restore()
      }
    }
  }
}

/** The x scale of a window (UNIX seconds), so that a day is 24 h whatever the samples in it. */
export function windowScale(window: () => Span | null): uPlot.Scale {
  return {
    time: true,
    range: (_u, min, max) => {
      const w = window()
      if (w) return [w[0], w[1]]
      return min === max ? [min - 1_800, max + 1_800] : [min, max]
    }
  }
}

/**
 * The time axis, labelled with the time zone shown, its ticks written as the app writes times ("03:43", the
 * date under the first tick of each day; dates alone when ticks are days apart).
 */
export function timeAxis(ink: ChartInk): uPlot.Axis {
  return {
    stroke: ink.text,
    grid: ink.grid,
    ticks: ink.grid,
    label: getTimeDisplay() === 'utc' ? 'Time (UTC)' : 'Time (local)',
    labelSize: 20,
    labelFont: '12px sans-serif',
    size: 44,
    values: (_u, splits, _axis, _space, incr) => timeTicks(splits, incr)
  }
}

/** In UTC when the person asked for UTC everywhere (uPlot draws local times otherwise). */
export function tzDate(): ((ts: number) => Date) | undefined {
  return getTimeDisplay() === 'utc' ? (ts) => uPlot.tzDate(new Date(ts * 1_000), 'UTC') : undefined
}
