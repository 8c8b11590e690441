/** Helpers for the node-side conformance tests of tests/sim. */
import { startSim } from '../../sim/index'
import type { Sim } from '../../sim/index'

export type { Sim }

export function startTestSim(): Promise<Sim> {
  return startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
}

export async function post(url: string, body: unknown): Promise<{ status: number; text: string; json: () => any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) }
}

export async function rpc(sim: Sim, path: string, method: string, params: unknown = {}): Promise<any> {
  const r = await post(`${sim.nodeUrl}${path}`, { jsonrpc: '2.0', id: 1, method, params })
  return r.json()
}
