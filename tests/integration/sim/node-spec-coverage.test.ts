/**
 * Every node method the spec names answers on the sim. The list is read FROM THE SPEC FILE (its method
 * tables and the C-Chain additions); each method is then called on a running sim with the parameters
 * below, at its endpoint, and must answer with a result. A method added to the spec without a call here,
 * or one the sim stops serving, fails. The spec's admin names (admin_x) answer with the spec's forms
 * switched on (/__sim/config adminNames "spec"); by default the sim routes, as a real node, only the
 * dot names, and each admin method answers by its dot name too.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSignedImport } from '../../sim/index'
import { specPath } from './data-helpers'
import { rpc, startTestSim, type Sim } from './node-helpers'

export function nodeMethodsFromSpec(text: string): string[] {
  const names = new Set<string>()
  for (const m of text.matchAll(/\b(admin_[A-Za-z]+|core\.[a-zA-Z]+|platform\.[a-zA-Z]+|eth_[A-Za-z]+|net_version)\b/g)) names.add(m[1]!)
  return [...names].sort()
}

/** The endpoint of each API (spec: "Endpoints"). */
function pathOf(method: string): string {
  if (method.startsWith('admin_')) return '/ext/bc/C/admin'
  if (method.startsWith('core.')) return '/ext/bc/C/core'
  if (method.startsWith('platform.')) return '/ext/bc/P'
  return '/ext/bc/C/rpc'
}

/** Parameters a real call of each method takes, from the sim's data set. */
function paramsOf(method: string, sim: Sim): unknown {
  const ds = sim.dataset
  const atomic = ds.transactions.find((t) => t.chain === 'C')!
  const block = ds.pBlocks[10]!
  const params: Record<string, unknown> = {
    admin_getVMConfig: [],
    admin_lockProfile: [],
    admin_memoryProfile: [],
    admin_setLogLevel: { level: 'info' },
    admin_startCPUProfiler: [],
    admin_stopCPUProfiler: [],
    'core.getAtomicTx': { txID: atomic.txHash, encoding: 'hex' },
    'core.getAtomicTxStatus': { txID: atomic.txHash },
    'core.getUTXOs': { addresses: [ds.signer.cChain], sourceChain: 'X', limit: 5 },
    'core.issueTx': { tx: buildSignedImport(ds).hex, encoding: 'hex' },
    'core.version': [],
    eth_baseFee: [],
    eth_chainId: [],
    eth_getChainConfig: [],
    eth_getProof: ['0x0000000000000000000000000000000000000000', [], 'latest'],
    eth_maxPriorityFeePerGas: [],
    net_version: [],
    'platform.getBalance': { addresses: [ds.wellKnown.operator.pChain] },
    'platform.getBlock': { blockID: block.blockId, encoding: 'hex' },
    'platform.getBlockByHeight': { height: Number(block.height), encoding: 'json' },
    'platform.getBlockchainStatus': { blockchainID: ds.blockchains[0]!.blockchainId },
    'platform.getBlockchains': {},
    'platform.getCurrentSupply': {},
    'platform.getCurrentValidators': { nodeIDs: [ds.nodes.self] }
  }
  if (!(method in params)) throw new Error(`no parameters for ${method}: add a call of it to this test`)
  return params[method]
}

const methods = nodeMethodsFromSpec(readFileSync(specPath(), 'utf8'))

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
  // core.version was removed in avalanchego v1.14.1; the spec still names it, so the sim answers as an older node here.
  sim.core.configure({ version: true })
})
afterAll(async () => {
  await sim?.stop()
})

describe('node methods of the spec', () => {
  it('finds the method tables in the spec', () => {
    expect(methods).toEqual(expect.arrayContaining(['admin_startCPUProfiler', 'core.getUTXOs', 'platform.getCurrentValidators', 'eth_baseFee']))
  })

  /** calls a method of the spec by `name` (the spec's, or a real node's dot name of an admin method) */
  const answers = async (method: string, name: string) => {
    const as = (m: string) => m.replace(/^admin_/, name.startsWith('admin.') ? 'admin.' : 'admin_')
    if (method === 'admin_stopCPUProfiler') expect((await rpc(sim, pathOf(method), as('admin_startCPUProfiler'), [])).error).toBeUndefined()
    const answer = await rpc(sim, pathOf(method), name, paramsOf(method, sim))
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined()
    expect(answer.result).toBeDefined()
    expect(answer.result).not.toBeNull()
    // Each test alone leaves the node as it found it: a profiler started here is stopped again.
    if (method === 'admin_startCPUProfiler') expect((await rpc(sim, pathOf(method), as('admin_stopCPUProfiler'), [])).error).toBeUndefined()
  }

  it.each(methods)('%s answers on the sim with a result', async (method) => {
    if (!method.startsWith('admin_')) return answers(method, method)
    // a real node's name by default; the spec's name with the spec's admin names switched on
    await answers(method, method.replace('admin_', 'admin.'))
    sim.setConfig({ adminNames: 'spec' })
    try {
      await answers(method, method)
    } finally {
      sim.setConfig({ adminNames: 'dot' })
    }
  })
})
