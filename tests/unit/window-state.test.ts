import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { placeWindow, readWindowState, writeWindowState, type Rect } from '../../src/main/window-state'
import { tempDir } from '../support/temp'

const laptop: Rect = { x: 0, y: 0, width: 1440, height: 860 }
const monitor: Rect = { x: 1440, y: -200, width: 2560, height: 1400 }
const saved = (bounds: Rect, maximized = false) => ({ bounds, maximized })

describe('where the desktop window opens', () => {
  it('at the default size, centred on the primary display, when nothing was saved', () => {
    expect(placeWindow(undefined, [laptop], laptop)).toEqual({ bounds: { width: 1280, height: 820 }, maximized: false })
    // A primary display smaller than the default: the window fits it.
    expect(placeWindow(undefined, [{ x: 0, y: 0, width: 1024, height: 700 }], { x: 0, y: 0, width: 1024, height: 700 }).bounds).toEqual({ width: 1024, height: 700 })
  })

  it('where it was, when that is on screen', () => {
    expect(placeWindow(saved({ x: 1600, y: 0, width: 1800, height: 1000 }, true), [laptop, monitor], laptop)).toEqual({
      bounds: { x: 1600, y: 0, width: 1800, height: 1000 },
      maximized: true
    })
  })

  it('moved until it is whole on the display it overlapped most', () => {
    // Mostly on the monitor, hanging off its right and bottom edges.
    const p = placeWindow(saved({ x: 3000, y: 900, width: 1200, height: 800 }), [laptop, monitor], laptop)
    expect(p.bounds).toEqual({ x: 1440 + 2560 - 1200, y: -200 + 1400 - 800, width: 1200, height: 800 })
    // Above and left of the laptop's screen.
    expect(placeWindow(saved({ x: -100, y: -50, width: 1000, height: 700 }), [laptop], laptop).bounds).toEqual({ x: 0, y: 0, width: 1000, height: 700 })
  })

  it('made to fit a display smaller than it, and never below the minimum size', () => {
    expect(placeWindow(saved({ x: 10, y: 10, width: 3000, height: 2000 }), [laptop], laptop).bounds).toEqual({ x: 0, y: 0, width: 1440, height: 860 })
    expect(placeWindow(saved({ x: 10, y: 10, width: 200, height: 100 }), [laptop], laptop).bounds).toEqual({ x: 10, y: 10, width: 900, height: 600 })
  })

  it('on the primary display, centred, when the display it was on is gone', () => {
    expect(placeWindow(saved({ x: 2000, y: 100, width: 1800, height: 1000 }, true), [laptop], laptop)).toEqual({ bounds: { width: 1440, height: 860 }, maximized: true })
  })
})

describe('the saved window state', () => {
  let t: { dir: string; remove: () => void } | undefined
  afterEach(() => t?.remove())

  it('is written whole and read back; a file that is not one reads as nothing saved', () => {
    t = tempDir('window-state-')
    const file = join(t.dir, 'window-state.json')
    expect(readWindowState(file)).toBeUndefined()
    writeWindowState(file, saved({ x: 10.4, y: -20, width: 1300.6, height: 800 }, true))
    expect(readWindowState(file)).toEqual(saved({ x: 10, y: -20, width: 1301, height: 800 }, true))
    for (const bad of ['{"bounds":{"x":0,"y":0,"width":0,"height":10},"maximized":false}', '{"bounds":{"x":0,"y":0,"width":"1","height":10},"maximized":false}', '{"bounds"', '[]']) {
      writeFileSync(file, bad)
      expect(readWindowState(file), bad).toBeUndefined()
    }
    // Nothing that is not a window state is written.
    writeWindowState(file, saved({ x: Number.NaN, y: 0, width: 100, height: 100 }))
    expect(readFileSync(file, 'utf8')).toBe('[]')
  })
})
