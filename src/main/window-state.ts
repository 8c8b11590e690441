import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * The desktop window's size and position, kept in the data folder between runs. Plain Node (the Electron
 * side, electron/window.ts, reads the displays and the window): where to put the window is decided here,
 * so that a saved place on a display that is gone, or larger than the screen now is, still gives a window
 * that is whole and on screen.
 */
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState {
  bounds: Rect
  maximized: boolean
}

export const WINDOW_STATE_FILE = 'window-state.json'
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const

const int = z.number().int().min(-1_000_000).max(1_000_000)
const size = z.number().int().min(1).max(1_000_000)
const stateSchema = z.object({
  bounds: z.object({ x: int, y: int, width: size, height: size }),
  maximized: z.boolean()
})

/** Where the window opens: its bounds (x and y absent: the platform centres it) and whether maximized. */
export interface Placement {
  bounds: { width: number; height: number; x?: number; y?: number }
  maximized: boolean
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), Math.max(lo, hi))

/**
 * The window's place from what was saved and the work areas of the displays now attached (the screen
 * without task bars and docks). It goes on the display it overlapped most; it is made to fit that
 * display (never smaller than the minimum size unless the display is) and moved until it is whole on it.
 * With nothing saved, or a saved place on no display now attached, it opens at the default size on the
 * primary display, centred.
 */
export function placeWindow(saved: WindowState | undefined, workAreas: readonly Rect[], primary: Rect): Placement {
  const fit = (want: { width: number; height: number }, area: Rect): { width: number; height: number } => ({
    width: clamp(want.width, Math.min(MIN_WINDOW_SIZE.width, area.width), area.width),
    height: clamp(want.height, Math.min(MIN_WINDOW_SIZE.height, area.height), area.height)
  })
  const best = saved ? [...workAreas].sort((a, b) => overlap(saved.bounds, b) - overlap(saved.bounds, a))[0] : undefined
  if (!saved || !best || overlap(saved.bounds, best) === 0) {
    return { bounds: fit(saved?.bounds ?? DEFAULT_WINDOW_SIZE, primary), maximized: saved?.maximized ?? false }
  }
  const { width, height } = fit(saved.bounds, best)
  return {
    bounds: {
      width,
      height,
      x: clamp(saved.bounds.x, best.x, best.x + best.width - width),
      y: clamp(saved.bounds.y, best.y, best.y + best.height - height)
    },
    maximized: saved.maximized
  }
}

/** The saved state, or undefined when there is none or it is not one (a hand-edited or cut-off file). */
export function readWindowState(file: string): WindowState | undefined {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Saves the state whole or not at all (a temporary file renamed over the old one). */
export function writeWindowState(file: string, state: WindowState): void {
  const parsed = stateSchema.safeParse({
    bounds: { x: Math.round(state.bounds.x), y: Math.round(state.bounds.y), width: Math.round(state.bounds.width), height: Math.round(state.bounds.height) },
    maximized: state.maximized
  })
  if (!parsed.success) return
  const tmp = `${file}.tmp`
  writeFileSync(tmp, JSON.stringify(parsed.data) + '\n', { mode: 0o600 })
  renameSync(tmp, file)
}
