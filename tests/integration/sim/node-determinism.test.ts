import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, expect } from 'vitest'
import { Dataset, datasetDigest, generateDataset } from '../../sim/dataset'
import { generateCached } from '../../sim/dataset/disk-cache'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'

describe('data set determinism', () => {
  it('the same seed gives the same data set; another seed differs; the disk cache gives back what was generated', () => {
    // Two generations here, not three: the sims' seed is made through a disk cache of this test's own, which
    // generates and writes it; the run's shared disk cache holds another generation of that seed (made by
    // whichever process needed it first, this one included when none did), which must equal it; another seed
    // must not; and the file read back must equal it too.
    const seed = SIM_DEFAULT_SEED
    const shared = new Dataset(seed, 'mainnet', generateCached(seed, 'mainnet'))
    const dir = mkdtempSync(join(tmpdir(), 'sim-dataset-cache-'))
    const before = process.env['SIM_DATASET_CACHE']
    process.env['SIM_DATASET_CACHE'] = dir
    try {
      const a = new Dataset(seed, 'mainnet', generateCached(seed, 'mainnet')) // generates and writes
      expect(readdirSync(dir).filter((f) => f.endsWith('.v8'))).toHaveLength(1)
      const digest = datasetDigest(a)
      expect(datasetDigest(shared)).toBe(digest)
      expect(datasetDigest(generateDataset(seed + 1))).not.toBe(digest)
      expect(a.validators.length).toBeGreaterThanOrEqual(2000)
      expect(a.transactions.length).toBeGreaterThanOrEqual(10000)
      expect(a.atomicUtxos(a.params.xChainId, a.richAddress.shortIdHex).length).toBeGreaterThanOrEqual(5000)
      const read = new Dataset(seed, 'mainnet', generateCached(seed, 'mainnet')) // reads the file back
      expect(datasetDigest(read)).toBe(digest)
    } finally {
      if (before === undefined) delete process.env['SIM_DATASET_CACHE']
      else process.env['SIM_DATASET_CACHE'] = before
      rmSync(dir, { recursive: true, force: true })
    }
    // Two generations of about 2 s each on an idle machine; a loaded two-core machine takes several times that.
  }, 180_000)
})
