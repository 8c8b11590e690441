/**
 * The sim node's Prometheus text (tests/sim/node/promMetrics.ts): numbers written as Go's
 * strconv.FormatFloat(v, 'g', -1, 64) writes them (the cases are values of a real avalanchego scrape),
 * families sorted by name with escaped HELP and label values, and the older metric names.
 */
import { describe, expect, it } from 'vitest'
import { exposition, goFloat, legacyNames } from '../sim/node/promMetrics'
import type { MetricFamily } from '../sim/node/promMetrics'

describe('goFloat', () => {
  it('writes what Go writes: plain up to exponent 5, %e from 6 up and below -4, shortest digits', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [9, '9'],
      [154521, '154521'],
      [9538.69, '9538.69'],
      [99.19999000049998, '99.19999000049998'],
      [0.000102752, '0.000102752'],
      [4.4931e-5, '4.4931e-05'],
      [1_000_000, '1e+06'],
      [5_740_569, '5.740569e+06'],
      [16_277_360, '1.627736e+07'],
      [3_338_670_080, '3.33867008e+09'],
      [2e9, '2e+09'],
      [1.8446744073709552e19, '1.8446744073709552e+19'],
      [-2.5e-7, '-2.5e-07'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, '+Inf'],
    ]
    for (const [v, text] of cases) expect(goFloat(v), String(v)).toBe(text)
  })
})

const families: MetricFamily[] = [
  { name: 'avalanche_snowman_blks_accepted_count', help: '# of observations', type: 'counter', samples: [{ labels: { chain: 'P' }, value: 3 }, { labels: { chain: 'C' }, value: 12 }] },
  { name: 'avalanche_health_checks_failing', help: 'line\\one\ntwo', type: 'gauge', samples: [{ labels: { tag: 'all', check: 'health' }, value: 1 }] },
  { name: 'avalanche_process_process_cpu_seconds_total', help: 'Total user and system CPU time spent in seconds.', type: 'counter', samples: [{ value: 1834.27 }] },
]

describe('exposition', () => {
  it('sorts families by name and labels by name, escapes HELP and label values, ends with a newline', () => {
    const text = exposition([...families, { name: 'a_metric', help: 'h', type: 'gauge', samples: [{ labels: { path: 'C:\\x "q"\n' }, value: 0.5 }] }])
    expect(text).toBe(
      [
        '# HELP a_metric h',
        '# TYPE a_metric gauge',
        'a_metric{path="C:\\\\x \\"q\\"\\n"} 0.5',
        '# HELP avalanche_health_checks_failing line\\\\one\\ntwo',
        '# TYPE avalanche_health_checks_failing gauge',
        'avalanche_health_checks_failing{check="health",tag="all"} 1',
        '# HELP avalanche_process_process_cpu_seconds_total Total user and system CPU time spent in seconds.',
        '# TYPE avalanche_process_process_cpu_seconds_total counter',
        'avalanche_process_process_cpu_seconds_total 1834.27',
        '# HELP avalanche_snowman_blks_accepted_count # of observations',
        '# TYPE avalanche_snowman_blks_accepted_count counter',
        'avalanche_snowman_blks_accepted_count{chain="P"} 3',
        'avalanche_snowman_blks_accepted_count{chain="C"} 12',
        '',
      ].join('\n'),
    )
  })
})

describe('legacyNames', () => {
  it('puts the chain in the name, the process collector under the prefix and one gauge per health report', () => {
    const names = legacyNames(families).map((f) => [f.name, f.samples.map((s) => [s.labels ?? {}, s.value])])
    expect(names).toEqual([
      ['avalanche_P_blks_accepted_count', [[{}, 3]]],
      ['avalanche_C_blks_accepted_count', [[{}, 12]]],
      ['avalanche_health_checks_failing', [[{}, 1]]],
      ['avalanche_process_cpu_seconds_total', [[{}, 1834.27]]],
    ])
  })
})
