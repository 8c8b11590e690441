/**
 * cchain.instances lists the EVM instances a node reports and nothing else: against a node whose
 * platform.getBlockchains names no C-Chain (here a small local node answering only the P-Chain
 * methods this needs, as no sim serves such a list), no C-Chain entry is made up; a subnet's chain
 * that happens to be called "C-Chain" is that subnet's chain, not the Primary Network's. Against the
 * sim (which lists the C-Chain), the C-Chain comes first, by its real blockchain ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIMARY_NETWORK_ID } from '../../../src/shared/domain/format'
import { startSim, type Sim } from '../../sim/index'
import { VM_IDS } from '../../sim/dataset/constants'
import { localServers } from '../../support/local-server'
import { activateSim, appsPerTest } from './helpers'

const serve = localServers()
const apps = appsPerTest()
let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  await sim?.stop()
})

/** a P-Chain that knows these blockchains, each Validating */
function pChainOf(blockchains: { id: string; name: string; subnetID: string; vmID: string }[]) {
  return serve(async (req, res, seen) => {
    const body = JSON.parse(seen.body || '{}') as { id?: unknown; method?: string }
    const reply =
      req.url === '/ext/bc/P' && body.method === 'platform.getBlockchains'
        ? { result: { blockchains } }
        : req.url === '/ext/bc/P' && body.method === 'platform.getBlockchainStatus'
          ? { result: { status: 'Validating' } }
          : { error: { code: -32000, message: `rpc: can't find method "${body.method}"`, data: null } }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, ...reply }))
  })
}

describe('cchain.instances', () => {
  it('makes up no C-Chain for a node that reports none, and takes a subnet chain called "C-Chain" for what it is', async () => {
    const subnet = '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r'
    const evm = 'mDV3QWRXfwgKUWb9sggkv4vQxAQR4y2CyKrt5pLZ5SzQ7EHBv'
    const lookalike = 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp'
    const node = await pChainOf([
      { id: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', name: 'X-Chain', subnetID: PRIMARY_NETWORK_ID, vmID: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq' },
      { id: evm, name: 'dfk', subnetID: subnet, vmID: VM_IDS.subnetEvm },
      { id: lookalike, name: 'C-Chain', subnetID: subnet, vmID: VM_IDS.subnetEvm }
    ])
    const { client } = apps.open()
    await activateSim(client, sim, { nodeUrl: node.origin })
    const list = await client.call('cchain.instances', {})
    expect(list.data.instances.map((i) => [i.chain, i.name])).toEqual([
      [evm, 'dfk'],
      [lookalike, 'C-Chain']
    ])
  })

  it("the sim's C-Chain first, by the ID the node reports", async () => {
    const { client } = apps.open()
    await activateSim(client, sim)
    const list = await client.call('cchain.instances', {})
    const c = sim.dataset.blockchains.find((b) => b.name === 'C-Chain' && b.subnetId === PRIMARY_NETWORK_ID)!
    expect(list.data.instances[0]).toMatchObject({ chain: 'C', name: 'C-Chain', blockchainID: c.blockchainId })
    expect(list.data.instances.filter((i) => i.chain === 'C')).toHaveLength(1)
  })
})
