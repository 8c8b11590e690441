/**
 * happy-dom for the renderer, with Node's own network classes left in place for everything else in the worker.
 *
 * A component test runs the page (happy-dom) and the app it talks to (createApp, and the sim) in one process.
 * Vitest's happy-dom environment replaces fetch, Request, Response, Headers, AbortController … with the page's
 * own, which apply a browser's same-origin policy: the app's clients (main-process code, which runs in Node,
 * where no such policy exists) then saw every read of the sim refused as cross-origin. The renderer never uses
 * these (it talks only through the contract's transport), so Node's are put back after the page is set up.
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime'

const NODE_KEYS = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'FormData', 'Blob', 'File', 'WebSocket', 'URL', 'URLSearchParams'] as const

const happyDom = builtinEnvironments['happy-dom']

export default {
  name: 'happy-dom-node-network',
  viteEnvironment: 'client',
  async setup(global, options) {
    const own = new Map(NODE_KEYS.filter((k) => k in global).map((k) => [k, (global as Record<string, unknown>)[k]]))
    const env = await happyDom.setup(global, options)
    for (const [k, v] of own) Object.defineProperty(global, k, { value: v, configurable: true, writable: true })
    return env
  }
} satisfies Environment
