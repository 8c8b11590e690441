/**
 * The built renderer (`electron-vite build`, which `npm test` runs before this step) carries the compressed
 * forms of its hashed assets, written by the build (electron.vite.config.ts), so browser mode never
 * compresses at run time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { isHashedAsset, worthCompressing } from '../../../src/main/server/renderer-files'

const ASSETS = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer', 'assets')

describe('the built renderer', () => {
  it('has a gzip and a brotli form beside every hashed text asset worth compressing, each decoding to it', () => {
    const files = readdirSync(ASSETS).filter((f) => isHashedAsset(`assets/${f}`))
    const text = files.filter((f) => worthCompressing(f, readFileSync(join(ASSETS, f)).length))
    expect(text.length).toBeGreaterThan(20)
    for (const f of text) {
      const identity = readFileSync(join(ASSETS, f))
      expect(gunzipSync(readFileSync(join(ASSETS, `${f}.gz`))).equals(identity), `${f}.gz`).toBe(true)
      expect(brotliDecompressSync(readFileSync(join(ASSETS, `${f}.br`))).equals(identity), `${f}.br`).toBe(true)
    }
    for (const f of files.filter((f) => !text.includes(f))) expect(existsSync(join(ASSETS, `${f}.br`)), `${f} is not worth compressing`).toBe(false)
  })
})
