/**
 * happy-dom for the renderer, with Node's own network classes left in place for everything else in the worker.
 *
 * A component test runs the page (happy-dom) and the app it talks to (createApp, and the sim) in one process.
 * Vitest's happy-dom environment replaces fetch, Request, Response, Headers, AbortController … with the page's
 * own, which apply a browser's same-origin policy: the app's clients (main-process code, which runs in Node,
 * where no such policy exists) then saw every read of the sim refused as cross-origin. The renderer never uses
 * these (it talks only through the contract's transport), so Node's are put back after the page is set up.
 *
 * happy-dom draws nothing: its canvas has no 2D context, and the charts (uPlot) draw on one. A context that
 * draws nothing stands in for it, so a chart's data and labels (its data attributes, its summary) are testable
 * here; what a chart looks like is the end-to-end tests' (a real browser's canvas).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime'

const NODE_KEYS = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'FormData', 'Blob', 'File', 'WebSocket', 'URL', 'URLSearchParams'] as const

const happyDom = builtinEnvironments['happy-dom']

/** A 2D context that draws nothing: every method does nothing, text is measured at 7 px a character. */
function blankContext(this: { width: number; height: number }, kind: string): unknown {
  if (kind !== '2d') return null
  const state: Record<string | symbol, unknown> = { canvas: this }
  return new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key]
      if (key === 'measureText') return (text: string) => ({ width: text.length * 7, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 })
      if (key === 'getLineDash') return () => []
      if (key === 'createLinearGradient' || key === 'createRadialGradient' || key === 'createPattern') return () => ({ addColorStop() {} })
      return () => undefined
    },
    set(target, key, value) {
      target[key] = value
      return true
    }
  })
}

/** A Path2D whose every method does nothing. */
class BlankPath {
  constructor() {
    return new Proxy(this, { get: (target, key) => (key in target ? target[key as keyof BlankPath] : () => undefined) })
  }
}

export default {
  name: 'happy-dom-node-network',
  viteEnvironment: 'client',
  async setup(global, options) {
    const own = new Map(NODE_KEYS.filter((k) => k in global).map((k) => [k, (global as Record<string, unknown>)[k]]))
    const env = await happyDom.setup(global, options)
    for (const [k, v] of own) Object.defineProperty(global, k, { value: v, configurable: true, writable: true })
    const canvas = (global as { HTMLCanvasElement?: { prototype: { getContext: unknown } } }).HTMLCanvasElement
    if (canvas) canvas.prototype.getContext = blankContext
    // The paths a chart builds for that context: kept, never drawn.
    if (!('Path2D' in global)) Object.defineProperty(global, 'Path2D', { value: BlankPath, configurable: true, writable: true })
    return env
  }
} satisfies Environment
