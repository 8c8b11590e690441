import { afterEach, describe, expect, it } from 'vitest'
import { startSim } from '../../sim/index'
import { rpc, type Sim } from './node-helpers'

/** The spec's eth_getProof rule: a window behind the last accepted block, by node kind. */
let sim: Sim | undefined
afterEach(async () => {
  await sim?.stop()
  sim = undefined
})

async function mined(opts: Parameters<typeof startSim>[0]): Promise<{ sim: Sim; latest: number }> {
  const s = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, ...opts })
  await fetch(s.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x40'] }) })
  const latest = Number((await rpc(s, '/ext/bc/C/rpc', 'eth_blockNumber', [])).result)
  return { sim: s, latest }
}

const proofAt = (s: Sim, block: number) =>
  rpc(s, '/ext/bc/C/rpc', 'eth_getProof', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', [], `0x${block.toString(16)}`])

describe('eth_getProof window', () => {
  it('an archival node refuses proofs older than historical-proof-query-window blocks', async () => {
    const m = await mined({ proof: { pruning: false, historicalProofQueryWindow: 10 } })
    sim = m.sim
    expect((await proofAt(m.sim, m.latest - 10)).result).toHaveProperty('accountProof')
    const old = await proofAt(m.sim, m.latest - 11)
    expect(old.error).toMatchObject({ code: -32000, message: expect.stringMatching(/historical proof query window of 10 blocks/) })
  })

  it('a window of 0 accepts any block', async () => {
    const m = await mined({ proof: { pruning: false, historicalProofQueryWindow: 0 } })
    sim = m.sim
    expect((await proofAt(m.sim, 1)).result).toHaveProperty('accountProof')
  })

  it('a pruning node refuses outside the 32 most recent blocks', async () => {
    const m = await mined({ proof: { pruning: true, historicalProofQueryWindow: 0 } })
    sim = m.sim
    expect((await proofAt(m.sim, m.latest - 32)).result).toHaveProperty('accountProof')
    expect((await proofAt(m.sim, m.latest - 33)).error).toMatchObject({ code: -32000, message: expect.stringMatching(/32-block window/) })
  })
})
