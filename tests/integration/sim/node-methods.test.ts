import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

describe('node: every method of the spec answers in its shape', () => {
  it('C-Chain additions and identity methods', async () => {
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_chainId', [])).result).toBe('0xa86a')
    expect((await rpc(sim, '/ext/bc/C/rpc', 'net_version', [])).result).toBe('43114')
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_baseFee', [])).result).toMatch(/^0x[0-9a-f]+$/)
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_maxPriorityFeePerGas', [])).result).toMatch(/^0x[0-9a-f]+$/)
    const cfg = (await rpc(sim, '/ext/bc/C/rpc', 'eth_getChainConfig', [])).result
    expect(cfg.chainId).toBe(43114)
    expect((await rpc(sim, `/ext/bc/${sim.dataset.params.cChainId}/rpc`, 'eth_chainId', [])).result).toBe('0xa86a')
  })

  it('geth-style errors on /ext/bc/C/rpc', async () => {
    const nf = await rpc(sim, '/ext/bc/C/rpc', 'anvil_mine', [])
    expect(nf.error).toEqual({ code: -32601, message: 'the method anvil_mine does not exist/is not available' })
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_baseFee', {})).error.code).toBe(-32602)
  })

  it('platform methods', async () => {
    const ds = sim.dataset
    const bal = (await rpc(sim, '/ext/bc/P', 'platform.getBalance', { addresses: [ds.wellKnown.operator.pChain] })).result
    expect(bal.unlocked).toMatch(/^\d+$/)
    expect(Object.keys(bal.balances)).toEqual([ds.avax.assetId])
    const b = ds.pBlocks[10]!
    const hex = (await rpc(sim, '/ext/bc/P', 'platform.getBlock', { blockID: b.blockId })).result
    expect(hex.encoding).toBe('hex')
    const byHeight = (await rpc(sim, '/ext/bc/P', 'platform.getBlockByHeight', { height: Number(b.height), encoding: 'json' })).result
    expect(byHeight.block.parentID).toBe(b.parentId)
    expect(byHeight.block.height).toBe(Number(b.height))
    const chains = (await rpc(sim, '/ext/bc/P', 'platform.getBlockchains', {})).result.blockchains
    expect(chains.length).toBe(ds.blockchains.length)
    for (const status of ['Validating', 'Created', 'Syncing']) {
      const id = ds.blockchains.find((c) => c.status === status)!.blockchainId
      expect((await rpc(sim, '/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: id })).result.status).toBe(status)
    }
    expect((await rpc(sim, '/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: ds.preferredBlockchainId })).result.status).toBe('Preferred')
    expect((await rpc(sim, '/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: ds.unknownBlockchainId })).result.status).toBe('Unknown')
    expect((await rpc(sim, '/ext/bc/P', 'platform.getCurrentSupply', {})).result.supply).toBe(ds.supply.toString())
    const all = (await rpc(sim, '/ext/bc/P', 'platform.getCurrentValidators', {})).result.validators
    expect(all.length).toBe(2000)
    expect(all[0].delegators).toBeUndefined()
    const one = (await rpc(sim, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [ds.nodes.self] })).result.validators
    expect(one).toHaveLength(1)
    expect(one[0].delegators.length).toBe(Number(one[0].delegatorCount))
    expect(one[0].uptime).toMatch(/^\d+\.\d{4}$/)
    const l1 = ds.subnets.find((s) => s.isL1)!
    const l1v = (await rpc(sim, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: l1.subnetId })).result.validators
    expect(l1v[0]).toHaveProperty('validationID')
    expect(l1v[0]).toHaveProperty('balance')
  })

  it('platform.getSubnet of a subnet whose ownership was transferred: the new owner, as the tx set it', async () => {
    const ds = sim.dataset
    const transfer = ds.transactions.find((t) => t.txType === 'TransferSubnetOwnershipTx')!
    expect(transfer).toBeDefined()
    const subnetId = transfer.subnetId!
    const got = (await rpc(sim, '/ext/bc/P', 'platform.getSubnet', { subnetID: subnetId })).result
    const newOwner = transfer.subnetOwnershipInfo!
    expect(got.controlKeys).toEqual(newOwner.addresses.map((a: string) => `P-${a}`))
    expect(got.threshold).toBe(String(newOwner.threshold))
    const created = ds.transactions.find((t) => t.txType === 'CreateSubnetTx' && t.txHash === subnetId)!
    expect(got.controlKeys).not.toEqual(created.subnetOwnershipInfo?.addresses.map((a: string) => `P-${a}`))
  })

  it('gorilla errors: -32000 with data null', async () => {
    const r = await rpc(sim, '/ext/bc/P', 'platform.listValidators', {})
    expect(r.error).toEqual({ code: -32000, message: 'rpc: can\'t find method "platform.ListValidators"', data: null })
  })

  it('core methods', async () => {
    // removed in avalanchego v1.14.1: a current node does not know the method
    expect((await rpc(sim, '/ext/bc/C/core', 'core.version', [])).error.message).toBe('rpc: can\'t find method "core.Version"')
    const atomic = sim.dataset.transactions.find((t) => t.chain === 'C')!
    const st = (await rpc(sim, '/ext/bc/C/core', 'core.getAtomicTxStatus', { txID: atomic.txHash })).result
    expect(st).toEqual({ status: 'Accepted', blockHeight: atomic.blockNumber.toString() })
    const tx = (await rpc(sim, '/ext/bc/C/core', 'core.getAtomicTx', { txID: atomic.txHash, encoding: 'hex' })).result
    expect(tx.encoding).toBe('hex')
    const unknown = (await rpc(sim, '/ext/bc/C/core', 'core.getAtomicTxStatus', { txID: sim.dataset.unknownBlockchainId })).result
    expect(unknown).toEqual({ status: 'Unknown' })
  })

  it('admin methods: dot names only by default, as a real node; the spec names behind /__sim/config adminNames', async () => {
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.lockProfile', [])).result).toEqual({})
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.setLogLevel', { level: 'debug' })).result).toEqual({})
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.getVMConfig', [])).result.config['log-level']).toBe('debug')
    // avalanchego's gorilla codec: a name without a dot is ill-formed
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin_lockProfile', [])).error).toEqual({ code: -32000, message: 'rpc: service/method request ill-formed: "admin_lockProfile"', data: null })
    expect(sim.setConfig({}).adminNames).toBeUndefined()
    try {
      expect(sim.setConfig({ adminNames: 'spec' }).adminNames).toBe('spec')
      expect((await rpc(sim, '/ext/bc/C/admin', 'admin_setLogLevel', { level: 'warn' })).result).toEqual({})
      expect((await rpc(sim, '/ext/bc/C/admin', 'admin_getVMConfig', [])).result.config['log-level']).toBe('warn')
      expect((await rpc(sim, '/ext/bc/C/admin', 'admin.lockProfile', [])).error).toEqual({ code: -32000, message: 'rpc: can\'t find method "admin.LockProfile"', data: null })
      sim.setConfig({ adminNames: 'both' })
      expect((await rpc(sim, '/ext/bc/C/admin', 'admin_lockProfile', [])).result).toEqual({})
      expect((await rpc(sim, '/ext/bc/C/admin', 'admin.lockProfile', [])).result).toEqual({})
    } finally {
      expect(sim.setConfig({ adminNames: 'dot' }).adminNames).toBeUndefined()
    }
  })
})
