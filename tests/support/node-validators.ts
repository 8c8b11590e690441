/**
 * platform.getCurrentValidators straight from the sim's node, to compare what a page shows with what the node
 * said (the component tests of the Validators panel and its end-to-end test).
 */
import type { Sim } from '../sim/index'

export interface NodeValidator {
  nodeID: string
  weight: string
  delegatorWeight?: string
  connected?: boolean
  uptime?: string
  delegators?: unknown[]
  signer?: { publicKey: string; proofOfPossession?: string }
}

export async function currentValidators(sim: Sim, params: { nodeIDs?: string[]; subnetID?: string } = {}): Promise<NodeValidator[]> {
  const res = await fetch(`${sim.nodeUrl}/ext/bc/P`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params })
  })
  return ((await res.json()) as { result: { validators: NodeValidator[] } }).result.validators
}

/** The validators heaviest first by own stake, compared as integers (as the node's decimal strings are). */
export function byWeightDescending(validators: readonly NodeValidator[]): NodeValidator[] {
  return [...validators].sort((a, b) => (BigInt(a.weight) < BigInt(b.weight) ? 1 : BigInt(a.weight) > BigInt(b.weight) ? -1 : 0))
}
