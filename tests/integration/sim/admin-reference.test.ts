/**
 * The sim's C-Chain admin API against every admin case of shared/reference/node-rpc: each case's own
 * request is sent to the sim as it is, and the answer compared with what the reference says a real
 * node sends. By default the sim is a current node: it routes only the dot names (`admin.x`, a gorilla
 * service), answers `{}` (api.EmptyReply; nodes before v1.7.14 sent `{"success": true}`), and refuses
 * the underscore names of the current docs as "ill-formed". With /__sim/config adminNames "spec" the
 * spec's underscore names answer instead (the spec's form, tested here too).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { nodeReferenceDir } from '../../support/shared'
import { post, startTestSim, type Sim } from './node-helpers'

interface AdminCase {
  file: string
  endpoint: string
  request: { jsonrpc: string; id: number; method: string; params: unknown }
  response: { result?: unknown; error?: unknown } | null
}

const cases: AdminCase[] = readdirSync(nodeReferenceDir())
  .filter((f) => /^admin_\w+\.\d+\.json$/.test(f))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(nodeReferenceDir(), file), 'utf8')) as Omit<AdminCase, 'file'>) }))

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})
afterEach(() => {
  sim.setConfig({ adminNames: 'dot' })
})

const send = async (c: AdminCase, method = c.request.method): Promise<any> => (await post(`${sim.nodeUrl}${c.endpoint}`, { ...c.request, method })).json()
const dotName = (method: string) => method.replace(/^admin_/, 'admin.')

/** Puts the CPU profiler where the case expects it: stopped before a start, running before a stop. */
async function profilerFor(method: string): Promise<void> {
  const running = (await sim.profiles()).cpuProfiling
  // by the names the node routes now
  const sep = sim.setConfig({}).adminNames === 'spec' ? '_' : '.'
  const call = async (m: string) => expect((await post(`${sim.nodeUrl}/ext/bc/C/admin`, { jsonrpc: '2.0', id: 9, method: `admin${sep}${m}`, params: {} })).json().error).toBeUndefined()
  if (/startCPUProfiler$/.test(method) && running) await call('stopCPUProfiler')
  if (/stopCPUProfiler$/.test(method) && !running) await call('startCPUProfiler')
}

/**
 * Where a case's documented answer is not what a current node sends, and why (reference README,
 * "Admin naming conflict" and "Doc examples that are internally inconsistent"):
 * - `success`: the reply of nodes before v1.7.14; current nodes reply `{}`;
 * - `wrong-method`: admin_memoryProfile.3 documents admin.setLogLevel with no level, which a node refuses.
 */
const DOCUMENTED_DIFFERENCE: Record<string, 'success' | 'wrong-method'> = {
  'admin_lockProfile.3.json': 'success',
  'admin_memoryProfile.3.json': 'wrong-method',
  'admin_setLogLevel.3.json': 'success',
  'admin_startCPUProfiler.3.json': 'success',
  'admin_stopCPUProfiler.3.json': 'success'
}

describe('every admin case of shared/reference/node-rpc against the sim', () => {
  // first: afterEach switches the names (back to what a real node routes) after every test
  it('a sim as started (nothing switched yet) is a current node: the underscore name is ill-formed, the dot name answers', async () => {
    const underscore = cases.find((c) => c.file === 'admin_lockProfile.1.json')!
    expect((await send(underscore)).error).toEqual({ code: -32000, message: 'rpc: service/method request ill-formed: "admin_lockProfile"', data: null })
    expect((await send(underscore, 'admin.lockProfile')).result).toEqual({})
  })

  it('reads all 16 cases: the current docs (underscore names, no response) and the older ones (dot names, replies)', () => {
    expect(cases).toHaveLength(16)
    expect(cases.filter((c) => c.request.method.startsWith('admin_')).map((c) => c.response)).toEqual(Array(6).fill(null))
    for (const c of cases) expect(c.endpoint).toBe('/ext/bc/C/admin')
  })

  it.each(cases.map((c) => [c.file, c] as const))('%s', async (file, c) => {
    await profilerFor(c.request.method)
    const answer = await send(c)
    expect(answer.id).toBe(c.request.id)
    if (c.request.method.startsWith('admin_')) {
      // a current node: gorilla cannot split a name without a dot
      expect(answer.error).toEqual({ code: -32000, message: `rpc: service/method request ill-formed: "${c.request.method}"`, data: null })
      // the same call by the name a node routes answers
      await profilerFor(c.request.method)
      const dot = await send(c, dotName(c.request.method))
      expect(dot.error, JSON.stringify(dot.error)).toBeUndefined()
      // and by the spec's name, with the spec's admin names switched on
      sim.setConfig({ adminNames: 'spec' })
      await profilerFor(c.request.method)
      const spec = await send(c)
      expect(spec.error, JSON.stringify(spec.error)).toBeUndefined()
      expect(spec.result).toEqual(dot.result)
      if (/getVMConfig$/.test(c.request.method)) expect(Object.keys(spec.result)).toEqual(['config'])
      else expect(spec.result).toEqual({})
      return
    }
    const difference = DOCUMENTED_DIFFERENCE[file]
    if (difference === 'wrong-method') {
      expect(c.response?.result).toEqual({ success: true })
      expect(answer.error).toEqual({ code: -32000, message: 'failed to parse log level: unknown level:  ', data: null })
      return
    }
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined()
    expect(answer.result).toEqual({})
    expect(c.response?.result).toEqual(difference === 'success' ? { success: true } : answer.result)
    // the spec's names only: a dot name is a method the node cannot find (capitalised, as gorilla prints it)
    sim.setConfig({ adminNames: 'spec' })
    await profilerFor(c.request.method)
    const m = c.request.method.slice('admin.'.length)
    expect((await send(c)).error).toEqual({ code: -32000, message: `rpc: can't find method "admin.${m[0]!.toUpperCase()}${m.slice(1)}"`, data: null })
  })
})
