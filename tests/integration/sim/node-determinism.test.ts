import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, expect } from 'vitest'
import { Dataset, datasetDigest, generateDataset } from '../../sim/dataset'
import { generateCached } from '../../sim/dataset/disk-cache'

describe('data set determinism', () => {
  it('the same seed gives the same data set; another seed differs; the disk cache gives back what was generated', () => {
    // Three builds, not four: the first (seed 7) is made through the disk cache, which generates and writes
    // it; a fresh build of seed 7 must equal it, seed 8 must not, and the file read back must equal it too.
    const dir = mkdtempSync(join(tmpdir(), 'sim-dataset-cache-'))
    const before = process.env['SIM_DATASET_CACHE']
    process.env['SIM_DATASET_CACHE'] = dir
    try {
      const a = new Dataset(7, 'mainnet', generateCached(7, 'mainnet')) // generates and writes
      expect(readdirSync(dir).filter((f) => f.endsWith('.v8'))).toHaveLength(1)
      const digest = datasetDigest(a)
      expect(datasetDigest(generateDataset(7))).toBe(digest)
      expect(datasetDigest(generateDataset(8))).not.toBe(digest)
      expect(a.validators.length).toBeGreaterThanOrEqual(2000)
      expect(a.transactions.length).toBeGreaterThanOrEqual(10000)
      expect(a.atomicUtxos(a.params.xChainId, a.richAddress.shortIdHex).length).toBeGreaterThanOrEqual(5000)
      const read = new Dataset(7, 'mainnet', generateCached(7, 'mainnet')) // reads the file back
      expect(datasetDigest(read)).toBe(digest)
    } finally {
      if (before === undefined) delete process.env['SIM_DATASET_CACHE']
      else process.env['SIM_DATASET_CACHE'] = before
      rmSync(dir, { recursive: true, force: true })
    }
    // Three builds of about 2 s each on an idle machine; a loaded two-core machine takes several times that.
  }, 180_000)
})
