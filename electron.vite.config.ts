import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { FAVICON_FILE, isHashedAsset, precompressAsset } from './src/main/server/renderer-files'

const root = import.meta.dirname

/**
 * vueuc (Naive UI's positioning layer) uses the browser's ResizeObserver when there is one and bundles
 * the @juggle/resize-observer polyfill only as a fallback. The renderer is built for Electron's Chromium
 * (electron-vite sets build.target to it), where ResizeObserver always exists, so the fallback is dead
 * weight in the initial chunk: resolve it to the native class. Build only; dev keeps the original.
 */
function nativeResizeObserver(): Plugin {
  const virtualId = '\0native-resize-observer'
  return {
    name: 'companion:native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === '@juggle/resize-observer' ? virtualId : null),
    load: (id) => (id === virtualId ? 'export const ResizeObserver = globalThis.ResizeObserver\n' : null)
  }
}

/**
 * Browser mode sends the renderer's hashed assets compressed (gzip or brotli): their compressed forms are
 * written here once, beside each asset, rather than by every browser-mode server on its first requests
 * (about 2 CPU-seconds, which the first page load waited for). src/main/server/renderer-files.ts reads them.
 */
function precompress(): Plugin {
  return {
    name: 'companion:precompress',
    apply: 'build',
    writeBundle: async (output, bundle) => {
      const dir = output.dir
      if (!dir) throw new Error('companion:precompress: the renderer build has no output folder')
      await Promise.all(Object.keys(bundle).filter(isHashedAsset).map((file) => precompressAsset(resolve(dir, file))))
    }
  }
}

/**
 * The app's icon (resources/icon.png, also the desktop window's) as the renderer's favicon.png: index.html
 * links it, and browser mode answers /favicon.ico with it (renderer-files.ts), so a browser's own request for
 * it is not a 404 on every load.
 */
function favicon(): Plugin {
  return {
    name: 'companion:favicon',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FAVICON_FILE, source: readFileSync(resolve(root, 'resources/icon.png')) })
    }
  }
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // The Electron entry, and the two that run in plain Node: browser mode and the command line; and the
        // profile decoder's worker thread, which pprof-decoder.ts finds beside them as pprof-worker.js.
        input: {
          index: resolve(root, 'src/main/index.ts'),
          serve: resolve(root, 'src/main/server/serve.ts'),
          cli: resolve(root, 'src/main/cli.ts'),
          'pprof-worker': resolve(root, 'src/main/services/control/pprof-worker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      // Sandboxed preloads cannot load ES modules or node_modules: one self-contained CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    base: './',
    build: {
      // electron-vite leaves the renderer unminified by default (minify: false); the renderer is also
      // served to browsers in browser mode, so ship it minified (Vite's default minifier, Oxc; CSS too).
      minify: true,
      // No source maps in the shipped renderer: they would be served next to the code.
      sourcemap: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') }
      }
    },
    plugins: [vue(), nativeResizeObserver(), precompress(), favicon()]
  }
})
