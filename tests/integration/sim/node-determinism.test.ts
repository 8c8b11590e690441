import { describe, it, expect } from 'vitest'
import { datasetDigest, generateDataset } from '../../sim/dataset'

describe('data set determinism', () => {
  it('the same seed gives the same data set; another seed differs', () => {
    const a = generateDataset(7)
    expect(datasetDigest(generateDataset(7))).toBe(datasetDigest(a))
    expect(datasetDigest(generateDataset(8))).not.toBe(datasetDigest(a))
    expect(a.validators.length).toBeGreaterThanOrEqual(2000)
    expect(a.transactions.length).toBeGreaterThanOrEqual(10000)
    expect(a.atomicUtxos(a.params.xChainId, a.richAddress.shortIdHex).length).toBeGreaterThanOrEqual(5000)
    // Three builds of about 2 s each on an idle machine; a loaded two-core machine takes several times that.
  }, 180_000)
})
