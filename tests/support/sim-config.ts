import type { Sim } from '../sim/index'

/** Switches the sim's node at run time (POST /__sim/config); fails with the sim's answer when it refuses. */
export async function simConfig(sim: Sim, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sim.nodeUrl}/__sim/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch)
  })
  if (res.status !== 200) throw new Error(`the sim refused ${JSON.stringify(patch)}: HTTP ${res.status} ${await res.text()}`)
}

/** Switches the sim's data service at run time (POST {dataUrl}/__sim/data-config: rejected keys, page thresholds …). */
export async function simDataConfig(sim: Sim, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sim.dataUrl}/__sim/data-config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) })
  if (res.status !== 200) throw new Error(`the sim's data service refused ${JSON.stringify(patch)}: HTTP ${res.status} ${await res.text()}`)
}
