import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, expect } from 'vitest'
import { Dataset, datasetDigest, generateDataset } from '../../sim/dataset'
import { generateCached } from '../../sim/dataset/disk-cache'

describe('data set determinism', () => {
  it('the same seed gives the same data set; another seed differs; the disk cache gives back what was generated', () => {
    const a = generateDataset(7)
    expect(datasetDigest(generateDataset(7))).toBe(datasetDigest(a))
    expect(datasetDigest(generateDataset(8))).not.toBe(datasetDigest(a))
    expect(a.validators.length).toBeGreaterThanOrEqual(2000)
    expect(a.transactions.length).toBeGreaterThanOrEqual(10000)
    expect(a.atomicUtxos(a.params.xChainId, a.richAddress.shortIdHex).length).toBeGreaterThanOrEqual(5000)

    const dir = mkdtempSync(join(tmpdir(), 'sim-dataset-cache-'))
    const before = process.env['SIM_DATASET_CACHE']
    process.env['SIM_DATASET_CACHE'] = dir
    try {
      generateCached(7, 'mainnet') // generates and writes
      expect(readdirSync(dir).filter((f) => f.endsWith('.v8'))).toHaveLength(1)
      const read = new Dataset(7, 'mainnet', generateCached(7, 'mainnet')) // reads the file back
      expect(datasetDigest(read)).toBe(datasetDigest(a))
    } finally {
      if (before === undefined) delete process.env['SIM_DATASET_CACHE']
      else process.env['SIM_DATASET_CACHE'] = before
      rmSync(dir, { recursive: true, force: true })
    }
    // Four builds of about 2 s each on an idle machine; a loaded two-core machine takes several times that.
  }, 180_000)
})
