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

  it("reads the polls counters, rejected blocks and free disk under both layouts of avalanchego's source", () => {
    // snow/consensus/snowman/metrics.go and the resource tracker, as 1.11.9 and later gather them (chain label) ...
    const current = `# HELP avalanche_snowman_polls_successful number of successful polls
# TYPE avalanche_snowman_polls_successful counter
avalanche_snowman_polls_successful{chain="C"} 98000
avalanche_snowman_polls_successful{chain="P"} 4100
# HELP avalanche_snowman_polls_failed number of failed polls
# TYPE avalanche_snowman_polls_failed counter
avalanche_snowman_polls_failed{chain="C"} 2000
avalanche_snowman_polls_failed{chain="P"} 0
# HELP avalanche_snowman_blks_polls_accepted_count number of polls from the issuance of a block to its acceptance
# TYPE avalanche_snowman_blks_polls_accepted_count counter
avalanche_snowman_blks_polls_accepted_count{chain="C"} 777
# HELP avalanche_snowman_blks_rejected_count time (in ns) from the issuance of a block to its rejection
# TYPE avalanche_snowman_blks_rejected_count counter
avalanche_snowman_blks_rejected_count{chain="C"} 3
avalanche_snowman_blks_rejected_count{chain="__proto__"} 3
# HELP avalanche_snowman_blks_rejected_container_size_sum cumulative size of all rejected blocks
# TYPE avalanche_snowman_blks_rejected_container_size_sum gauge
avalanche_snowman_blks_rejected_container_size_sum{chain="C"} 9999
# HELP avalanche_resource_tracker_disk_available_percentage Percentage of database volume available
# TYPE avalanche_resource_tracker_disk_available_percentage gauge
avalanche_resource_tracker_disk_available_percentage 17
# HELP avalanche_resource_tracker_disk_available_space Available space remaining (bytes) on the database volume
# TYPE avalanche_resource_tracker_disk_available_space gauge
avalanche_resource_tracker_disk_available_space 1.7e+11
`
    expect(nodeMetricsFromText(current)).toEqual({
      acceptedBlocks: {},
      polls: { C: { successful: 98_000, failed: 2_000 }, P: { successful: 4_100, failed: 0 } },
      rejectedBlocks: { C: 3 },
      diskAvailableBytes: 1.7e11,
      diskAvailablePercent: 17
    })
    // ... and before, the chain in the name (the X-Chain's DAG engine under X_avalanche); no percentage before 1.14.1.
    const legacy = `# TYPE avalanche_C_polls_successful counter
avalanche_C_polls_successful 500
# TYPE avalanche_C_polls_failed counter
avalanche_C_polls_failed 20
# TYPE avalanche_X_avalanche_polls_successful counter
avalanche_X_avalanche_polls_successful 80
# TYPE avalanche_X_avalanche_polls_failed counter
avalanche_X_avalanche_polls_failed 1
# TYPE avalanche_C_blks_rejected_count counter
avalanche_C_blks_rejected_count 7
# TYPE avalanche_resource_tracker_disk_available_space gauge
avalanche_resource_tracker_disk_available_space 5.36870912e+08
`
    expect(nodeMetricsFromText(legacy)).toEqual({
      acceptedBlocks: {},
      polls: { C: { successful: 500, failed: 20 }, X: { successful: 80, failed: 1 } },
      rejectedBlocks: { C: 7 },
      diskAvailableBytes: 536_870_912
    })
  })

  it('text that is not the Prometheus format is refused in words', () => {
    expect(() => nodeMetricsFromText('<html>not metrics{')).toThrow(/not in the Prometheus format/)
    expect(() => nodeMetricsFromText('x{a="1" 2')).toThrow(/not in the Prometheus format/)
  })
})
