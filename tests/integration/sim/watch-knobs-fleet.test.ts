/**
 * Two sims at once, as the watch's fleet tests run them: each node's knobs are its own, so one can be
 * down while the other answers with a validator out of the set and a lagging version.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'

let a: Sim
let b: Sim
beforeAll(async () => {
  ;[a, b] = await Promise.all([startTestSim(), startTestSim()])
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

it('one sim refuses while the other answers with its own knobs; each comes back on its own', async () => {
  const self = b.dataset.nodes.self
  a.setConfig({ unresponsive: 'refuse' })
  b.setConfig({ removedValidators: [self], nodeVersion: 'avalanchego/1.12.0' })
  await expect(fetch(`${a.nodeUrl}/ext/metrics`)).rejects.toBeInstanceOf(TypeError)
  expect((await rpc(b, '/ext/info', 'info.getNodeVersion')).result.version).toBe('avalanchego/1.12.0')
  expect((await rpc(b, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [self] })).result.validators).toEqual([])
  expect((await fetch(`${b.nodeUrl}/ext/metrics`)).status).toBe(200)
  a.setConfig({ unresponsive: null })
  expect((await rpc(a, '/ext/info', 'info.getNodeVersion')).result.version).toBe('avalanchego/1.13.5')
  expect((await rpc(a, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [self] })).result.validators).toHaveLength(1)
  expect(b.setConfig({})).toMatchObject({ removedValidators: [self], nodeVersion: 'avalanchego/1.12.0' })
})
