/**
 * The node functions' result schemas against the real payloads of shared/reference/node-rpc: every case
 * file with a `response.result` whose method has a function here parses with that function's schema
 * (the legacy cb58 payloads are refused: current nodes no longer speak cb58). Then the spec-vs-real
 * differences one by one: the signer's two spellings, validators without uptime/connected/signer,
 * stakeAmount vs weight, admin `{}` vs `{"success": true}`, numbers where strings belong.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { nodeReferenceDir } from '../support/shared'
import type { z } from 'zod'
import { admin, core, evm, health, info, platform } from '../../src/main/clients/node/index'

const DIR = pathToFileURL(nodeReferenceDir() + '/')

interface Case {
  file: string
  interface_method: string | null
  request: { method?: string; params?: unknown } | null
  response: { result?: unknown; error?: unknown } | null
}

const cases: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && !f.startsWith('reference.'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Omit<Case, 'file'>) }))

/** interface_method → the result schema of the function that calls it */
const schemas: Record<string, z.ZodType> = {
  'platform.getBalance': platform.getBalance.decl.result,
  'platform.getBlock': platform.getBlock.decl.result,
  'platform.getBlockByHeight': platform.getBlockByHeight.decl.result,
  'platform.getBlockchains': platform.getBlockchains.decl.result,
  'platform.getBlockchainStatus': platform.getBlockchainStatus.decl.result,
  'platform.getCurrentSupply': platform.getCurrentSupply.decl.result,
  'platform.getCurrentValidators': platform.getCurrentValidators.decl.result,
  'core.getUTXOs': core.getUTXOs.decl.result,
  'core.issueTx': core.issueTx.decl.result,
  'core.getAtomicTxStatus': core.getAtomicTxStatus.decl.result,
  'core.getAtomicTx': core.getAtomicTx.decl.result,
  'core.version': core.version.decl.result,
  admin_startCPUProfiler: admin.startCPUProfiler.decl.result,
  admin_stopCPUProfiler: admin.stopCPUProfiler.decl.result,
  admin_memoryProfile: admin.memoryProfile.decl.result,
  admin_lockProfile: admin.lockProfile.decl.result,
  admin_setLogLevel: admin.setLogLevel.decl.result,
  admin_getVMConfig: admin.getVMConfig.decl.result,
  eth_chainId: evm.resultSchemas.eth_chainId,
  net_version: evm.resultSchemas.net_version,
  eth_baseFee: evm.resultSchemas.eth_baseFee,
  eth_maxPriorityFeePerGas: evm.resultSchemas.eth_maxPriorityFeePerGas,
  eth_getChainConfig: evm.resultSchemas.eth_getChainConfig
}

/** Replies in the cb58 encoding the node dropped in 2022: kept in the reference as negative fixtures. */
const LEGACY_CB58 = new Set(['platform.getBlock.5.json', 'core.getUTXOs.2.json', 'core.getUTXOs.3.json', 'core.getAtomicTx.2.json'])

const withResult = cases.filter((c) => c.interface_method !== null && c.response !== null && c.response.result !== undefined)

describe('reference cases: every documented result parses with its function’s schema', () => {
  it('covers every case file with a result', () => {
    const unmapped = withResult.filter((c) => !(c.interface_method! in schemas)).map((c) => c.file)
    expect(unmapped).toEqual([])
    expect(withResult.length).toBeGreaterThanOrEqual(50)
  })

  it.each(withResult.filter((c) => !LEGACY_CB58.has(c.file)).map((c) => [c.file, c] as const))('%s', (_file, c) => {
    const parsed = schemas[c.interface_method!]!.safeParse(c.response!.result)
    expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  })

  it.each([...LEGACY_CB58])('%s (cb58, dropped by the node) is refused', (file) => {
    const c = withResult.find((x) => x.file === file)!
    expect(schemas[c.interface_method!]!.safeParse(c.response!.result).success).toBe(false)
  })
})

describe('reference cases: requests', () => {
  const params: Record<string, z.ZodType> = {
    'platform.getBalance': platform.getBalance.decl.params,
    'platform.getBlock': platform.getBlock.decl.params,
    'platform.getBlockByHeight': platform.getBlockByHeight.decl.params,
    'platform.getBlockchains': platform.getBlockchains.decl.params,
    'platform.getBlockchainStatus': platform.getBlockchainStatus.decl.params,
    'platform.getCurrentSupply': platform.getCurrentSupply.decl.params,
    'platform.getCurrentValidators': platform.getCurrentValidators.decl.params,
    'core.getUTXOs': core.getUTXOs.decl.params,
    'core.issueTx': core.issueTx.decl.params,
    'core.getAtomicTxStatus': core.getAtomicTxStatus.decl.params,
    'core.getAtomicTx': core.getAtomicTx.decl.params
  }
  const ok = [
    'platform.getBalance.1.json',
    'platform.getBlock.1.json',
    'platform.getBlock.2.json',
    'platform.getBlock.3.json',
    'platform.getBlock.4.json',
    'platform.getBlockByHeight.1.json',
    'platform.getBlockByHeight.2.json',
    'platform.getBlockchains.1.json',
    'platform.getBlockchainStatus.1.json',
    'platform.getCurrentSupply.1.json',
    'platform.getCurrentSupply.2.json',
    'platform.getCurrentValidators.1.json',
    'platform.getCurrentValidators.5.json',
    'core.getUTXOs.1.json',
    'core.getAtomicTxStatus.1.json',
    'core.getAtomicTx.1.json',
    'core.issueTx.2.json'
  ]
  /** cb58 encodings (dropped), and the pre-v1.9.8 single `address` of getBalance */
  const refused = ['platform.getBlock.5.json', 'core.getUTXOs.2.json', 'core.getAtomicTx.2.json', 'core.issueTx.1.json', 'platform.getBalance.2.json']
  const paramsOf = (file: string) => {
    const c = cases.find((x) => x.file === file)!
    return { schema: params[c.interface_method!]!, value: c.request!.params }
  }

  it.each(ok)('%s: the documented params are accepted', (file) => {
    const { schema, value } = paramsOf(file)
    const parsed = schema.safeParse(value)
    expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  })

  it.each(refused)('%s: legacy params are refused before sending', (file) => {
    const { schema, value } = paramsOf(file)
    expect(schema.safeParse(value).success).toBe(false)
  })

  it('getBlockByHeight sends the height as an exact decimal string', () => {
    const p = platform.getBlockByHeight.decl.params
    expect(p.parse({ height: 1000001 })).toEqual({ height: '1000001', encoding: 'hex' })
    expect(p.parse({ height: 2n ** 60n, encoding: 'json' })).toEqual({ height: '1152921504606846976', encoding: 'json' })
  })
})

// ---- spec vs real ---------------------------------------------------------------------------------

const result = (file: string): any => cases.find((c) => c.file === file)!.response!.result
const validators = (v: unknown[]) => platform.getCurrentValidators.decl.result.parse({ validators: v }).validators
/** the real primary-network validator of getCurrentValidators.1, without its delegators */
const primary = () => {
  const { delegators: _d, ...v } = result('platform.getCurrentValidators.1.json').validators[0]
  return v as Record<string, unknown>
}
const BLS_KEY = '0x8f95423f7142d00a48e1014a3de8d28907d420dc33b3052a6dee03a3f2941a393c2351e354704ca66a3fc29870282e15'
const POP = '0x86a3ab4c45cfe31cae34c1d06f212434ac71b1be6cfe046c80c162e057614a94a5bc9f1ded1a7029deb0ba4ca7c9b71411e293438691be79c2dbf19d1ca7c3eadb9c756246fc5de5b7b89511c7d7302ae051d9e03d7991138299b5ed6a570a98'

describe('getCurrentValidators: the drifted shapes', () => {
  it('reads the spec spelling signer.proofOfPosession and gives it as proofOfPossession', () => {
    const [v] = validators([{ ...primary(), signer: { publicKey: BLS_KEY, proofOfPosession: POP } }])
    expect(v!.signer).toEqual({ publicKey: BLS_KEY, proofOfPossession: POP })
    expect(v!.signer).not.toHaveProperty('proofOfPosession')
  })

  it("reads the node's spelling signer.proofOfPossession", () => {
    const [v] = validators([{ ...primary(), signer: { publicKey: BLS_KEY, proofOfPossession: POP } }])
    expect(v!.signer?.proofOfPossession).toBe(POP)
  })

  it('with both spellings (as the sim sends), the node’s wins and one is given', () => {
    const [v] = validators([{ ...primary(), signer: { publicKey: BLS_KEY, proofOfPossession: POP, proofOfPosession: '0x00' } }])
    expect(v!.signer).toEqual({ publicKey: BLS_KEY, proofOfPossession: POP })
  })

  it('refuses a signer without any proof of possession', () => {
    expect(() => validators([{ ...primary(), signer: { publicKey: BLS_KEY } }])).toThrow()
  })

  it('accepts a validator without signer, uptime and connected', () => {
    const { uptime: _u, connected: _c, ...v } = primary()
    const [out] = validators([v])
    expect(out!.uptime).toBeUndefined()
    expect(out!.connected).toBeUndefined()
    expect(out!.signer).toBeUndefined()
    expect(out!.weight).toBe('2000000000000')
  })

  it('accepts the L1 shape (no txID, endTime, uptime, connected; validationID, balance, owners)', () => {
    const [v] = platform.getCurrentValidators.decl.result.parse(result('platform.getCurrentValidators.2.json')).validators
    expect(v!.validationID).toBe('2wTscvX3JUsMbZHFRd9t8Ywz2q9j2BmETg8cTvgUHgawjbSvZX')
    expect(v!.balance).toBe('8780477952')
    expect(v!.txID).toBeUndefined()
    expect(v!.uptime).toBeUndefined()
    expect(v!.remainingBalanceOwner?.addresses).toEqual(['P-fuji1ywzvrftfqexh5g6qa9zyrytj6pqdfetza2hqln'])
  })

  it('gives `weight` for the 2020–2025 `stakeAmount`, for validators and delegators, and keeps stakeAmount', () => {
    const [v] = platform.getCurrentValidators.decl.result.parse(result('platform.getCurrentValidators.4.json')).validators
    expect(v!.weight).toBe('2000000000000')
    expect(v!.stakeAmount).toBe('2000000000000')
    expect(v!.delegators?.[0]?.weight).toBe('25000000000')
  })

  it('gives both reward owners from the pre-2023 single rewardOwner', () => {
    const [v] = platform.getCurrentValidators.decl.result.parse(result('platform.getCurrentValidators.5.json')).validators
    expect(v!.validationRewardOwner?.addresses).toEqual(['P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'])
    expect(v!.delegationRewardOwner).toEqual(v!.validationRewardOwner)
    expect(v!.rewardOwner).toEqual(v!.validationRewardOwner)
  })

  it('keeps exactDelegationFee, accruedDelegateeReward and fields it does not know', () => {
    const [v] = validators([{ ...primary(), exactDelegationFee: '100000', accruedDelegateeReward: '12345', autoCompoundRewardShares: '300000', nextPeriod: { x: 1 } }])
    expect(v!.exactDelegationFee).toBe('100000')
    expect(v!.accruedDelegateeReward).toBe('12345')
    expect((v as Record<string, unknown>).autoCompoundRewardShares).toBe('300000')
    expect((v as Record<string, unknown>).nextPeriod).toEqual({ x: 1 })
  })

  it('refuses amounts sent as JS numbers (they may be above 2^53)', () => {
    expect(() => validators([{ ...primary(), weight: 2000000000000 }])).toThrow()
    expect(() => validators([{ ...primary(), potentialReward: '1e11' }])).toThrow()
  })
})

describe('other P-Chain drift', () => {
  it('getCurrentSupply: with and without height, supply kept as an exact string', () => {
    const s = platform.getCurrentSupply.decl.result
    expect(s.parse({ supply: '365865167637779183', height: '21504938' })).toEqual({ supply: '365865167637779183', height: '21504938' })
    expect(s.parse({ supply: '365865167637779183' })).toEqual({ supply: '365865167637779183' })
    expect(s.safeParse({ supply: 365865167637779183 }).success).toBe(false)
  })

  it('getBalance: the old (scalars), intermediate (maps) and current (both) shapes', () => {
    const s = platform.getBalance.decl.result
    expect(s.parse(result('platform.getBalance.3.json')).balance).toBe('20000000000000000')
    expect(s.parse(result('platform.getBalance.2.json')).balances).toEqual({ FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z: '20000000000000000' })
    const now = s.parse(result('platform.getBalance.1.json'))
    expect(now.unlocked).toBe('20000000000000000')
    expect(now.lockedNotStakeables).toEqual({})
    expect(s.safeParse({ utxoIDs: [] }).success).toBe(false)
  })

  it('block results: hex must carry its checksum; json is an object with parentID and height', () => {
    const s = platform.getBlock.decl.result
    const hex = result('platform.getBlock.1.json')
    expect(s.safeParse({ ...hex, block: `${hex.block.slice(0, -2)}00` }).success).toBe(false)
    const json = s.parse(result('platform.getBlock.2.json'))
    expect(json.encoding === 'json' && json.block.height).toBe(1000001)
  })
})

describe('core: numbers the spec promises, strings the node sends', () => {
  it('numFetched and blockHeight: decimal strings either way', () => {
    const utxos = core.getUTXOs.decl.result.parse({ ...result('core.getUTXOs.1.json'), numFetched: 3 })
    expect(utxos.numFetched).toBe('3')
    expect(core.getAtomicTxStatus.decl.result.parse({ status: 'Accepted', blockHeight: 7 })).toEqual({ status: 'Accepted', blockHeight: '7' })
    expect(core.getAtomicTxStatus.decl.result.parse({ status: 'SomethingNew' })).toEqual({ status: 'SomethingNew' })
  })
})

describe('admin replies', () => {
  const ack = admin.startCPUProfiler.decl.result
  it('accepts {} (current) and {"success": true} (before v1.7.14), both given as {}', () => {
    expect(ack.parse({})).toEqual({})
    expect(ack.parse({ success: true })).toEqual({})
    expect(admin.setLogLevel.decl.result.parse(result('admin_setLogLevel.3.json'))).toEqual({})
  })
  it('refuses {"success": false}', () => {
    expect(ack.safeParse({ success: false }).success).toBe(false)
  })
  it('getVMConfig: { config: record }', () => {
    expect(admin.getVMConfig.decl.result.parse({ config: { 'log-level': 'info', 'eth-apis': ['eth'] } }).config['log-level']).toBe('info')
    expect(admin.getVMConfig.decl.result.safeParse({}).success).toBe(false)
  })
  it('names: the spec’s first, the node’s as the fallback', () => {
    expect(admin.startCPUProfiler.decl.method).toBe('admin_startCPUProfiler')
    expect(admin.startCPUProfiler.decl.dotMethod).toBe('admin.startCPUProfiler')
  })
})

describe('info and health', () => {
  it('getNodeVersion: rpcProtocolVersion number or string, given as a string', () => {
    const s = info.getNodeVersion.decl.result
    expect(s.parse({ version: 'avalanchego/1.13.5', rpcProtocolVersion: 43 }).rpcProtocolVersion).toBe('43')
    expect(s.parse({ version: 'avalanchego/1.13.5', rpcProtocolVersion: '43', vmVersions: { evm: 'v0.15.3' } }).rpcProtocolVersion).toBe('43')
    expect(s.parse({ version: 'avalanchego/1.9.0' })).toEqual({ version: 'avalanchego/1.9.0' })
  })

  it('peers: numPeers number or string; optional fields may be absent', () => {
    const s = info.peers.decl.result
    const bare = { ip: '1.2.3.4:9651', nodeID: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD', version: 'avalanchego/1.13.5', lastSent: '2026-11-20T00:00:00Z', lastReceived: '2026-11-20T00:00:00Z' }
    expect(s.parse({ numPeers: 1, peers: [bare] }).numPeers).toBe('1')
    const full = s.parse({ numPeers: '1', peers: [{ ...bare, observedUptime: '99', supportedACPs: [181, 204], objectedACPs: [], benched: [], trackedSubnets: [] }] })
    expect(full.peers[0]!.supportedACPs).toEqual([181, 204])
    expect(s.parse({ numPeers: '0', peers: null }).peers).toEqual([])
  })

  it('getNodeID: nodePOP optional', () => {
    expect(info.getNodeID.decl.result.parse({ nodeID: 'NodeID-x' })).toEqual({ nodeID: 'NodeID-x' })
    expect(info.getNodeID.decl.result.parse({ nodeID: 'NodeID-x', nodePOP: { publicKey: BLS_KEY, proofOfPossession: POP } }).nodePOP?.publicKey).toBe(BLS_KEY)
  })

  it('health: a check’s error as a string or as { message }, given as text', () => {
    const s = health.health.decl.result
    const r = s.parse({
      healthy: false,
      checks: {
        network: { message: { connectedPeers: 0 }, error: 'network layer is unhealthy', timestamp: '2026-11-20T00:00:00Z', duration: 12000, contiguousFailures: 2, timeOfFirstFailure: '2026-11-19T23:59:30Z' },
        router: { error: { message: 'the router is unhealthy' }, timestamp: '2026-11-20T00:00:00Z', duration: 5 },
        database: { timestamp: '2026-11-20T00:00:00Z', duration: 3, timeOfFirstFailure: null }
      }
    })
    expect(r.checks.network!.error).toBe('network layer is unhealthy')
    expect(r.checks.router!.error).toBe('the router is unhealthy')
    expect(r.checks.database!.error).toBeUndefined()
    expect(health.liveness.decl.result.parse({ checks: {}, healthy: true })).toEqual({ checks: {}, healthy: true })
  })
})

describe('EVM results', () => {
  it('hex quantities become bigint; net_version stays a decimal string', () => {
    expect(evm.resultSchemas.eth_baseFee.parse('0x34630b8a00')).toBe(225000000000n)
    expect(evm.resultSchemas.net_version.parse('43114')).toBe('43114')
    expect(evm.resultSchemas.net_version.safeParse('0xa86a').success).toBe(false)
  })
})
