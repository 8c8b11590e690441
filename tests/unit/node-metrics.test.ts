import { describe, expect, it } from 'vitest'
import { nodeMetricsFromText } from '../../src/main/clients/node/node-metrics'

/** Shapes of /ext/metrics as avalanchego writes them (see tests/sim/node/promMetrics.ts for the sources). */
const CURRENT = `# HELP avalanche_network_node_uptime_rewarding_stake The percentage of total stake which thinks this node is eligible for rewards
# TYPE avalanche_network_node_uptime_rewarding_stake gauge
avalanche_network_node_uptime_rewarding_stake 100
# HELP avalanche_network_node_uptime_weighted_average This node's uptime average weighted by observing peer stakes
# TYPE avalanche_network_node_uptime_weighted_average gauge
avalanche_network_node_uptime_weighted_average 97.25
# HELP avalanche_network_peers Number of network peers
# TYPE avalanche_network_peers gauge
avalanche_network_peers 12
# HELP avalanche_process_process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE avalanche_process_process_cpu_seconds_total counter
avalanche_process_process_cpu_seconds_total 1234.5
# HELP avalanche_process_process_resident_memory_bytes Resident memory size in bytes.
# TYPE avalanche_process_process_resident_memory_bytes gauge
avalanche_process_process_resident_memory_bytes 2.147483648e+09
# HELP avalanche_snowman_blks_accepted Time from issuance of a block to its acceptance
# TYPE avalanche_snowman_blks_accepted summary
avalanche_snowman_blks_accepted_sum{chain="C"} 9.1e+09
avalanche_snowman_blks_accepted_count{chain="C"} 5000
avalanche_snowman_blks_accepted_sum{chain="P"} 1.2e+09
avalanche_snowman_blks_accepted_count{chain="P"} 700
`

const LEGACY = `# TYPE avalanche_P_blks_accepted_count counter
avalanche_P_blks_accepted_count 41
# TYPE avalanche_X_avalanche_blks_accepted_count counter
avalanche_X_avalanche_blks_accepted_count 9
# TYPE avalanche_process_cpu_seconds_total counter
avalanche_process_cpu_seconds_total 3.5
`

describe('the node /ext/metrics reader', () => {
  it("reads today's names: process, peers, uptime as peers see it, accepted blocks per chain label", () => {
    expect(nodeMetricsFromText(CURRENT)).toEqual({
      cpuSecondsTotal: 1234.5,
      residentMemoryBytes: 2_147_483_648,
      peers: 12,
      uptimeWeightedAverage: 97.25,
      uptimeRewardingStake: 100,
      acceptedBlocks: { C: 5000, P: 700 }
    })
  })

  it('reads the older names with the chain in the name; what is missing is left out', () => {
    expect(nodeMetricsFromText(LEGACY)).toEqual({ cpuSecondsTotal: 3.5, acceptedBlocks: { P: 41, X: 9 } })
    expect(nodeMetricsFromText('')).toEqual({ acceptedBlocks: {} })
  })

  it("reads the same from a busy node's page, its thousands of other series around them", () => {
    const noise = Array.from({ length: 5_000 }, (_, i) => `# HELP avalanche_C_vm_metric_${i} x\n# TYPE avalanche_C_vm_metric_${i} gauge\navalanche_C_vm_metric_${i}{chain="C"} ${i}`).join('\n')
    expect(nodeMetricsFromText(`${noise}\n${CURRENT}${noise}\n`)).toEqual(nodeMetricsFromText(CURRENT))
  })

  it('text that is not the Prometheus format is refused in words', () => {
    expect(() => nodeMetricsFromText('<html>not metrics{')).toThrow(/not in the Prometheus format/)
    expect(() => nodeMetricsFromText('x{a="1" 2')).toThrow(/not in the Prometheus format/)
  })
})
