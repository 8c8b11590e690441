/** The header pill's words and the "node unreachable" verdict of a probe (components/status/blocks.ts). */
import { describe, expect, it } from 'vitest'
import type { ProbePart, ProbeReport, ProbeResult } from '../../src/shared/contract'
import { nodeStateWords, nodeUnreachable } from '../../src/renderer/src/components/status/blocks'

const part = (p: ProbePart, up: boolean, code = 'NETWORK'): ProbeResult =>
  ({
  part: p,
  label: p,
  endpoint: `http://127.0.0.1:9650/${p}`,
  status: up ? 'available' : 'unavailable',
  latencyMs: 1,
  detail: up ? 'ok' : 'failed',
  ...(up ? {} : { error: { code, message: 'failed' } })
  }) as ProbeResult
const report = (parts: ProbeResult[]): ProbeReport => ({ profileId: 'p', profileName: 'p', network: 'mainnet', checkedAt: 0, parts })
const NODE: ProbePart[] = ['admin', 'core', 'pchain', 'info', 'health']
const clock = (ms: number): string => `clock(${ms})`
const utc = (ms: number): string => `utc(${ms})`

describe('nodeUnreachable', () => {
  it('is true only when every part the node serves failed to connect or timed out', () => {
    const down = NODE.map((p, i) => part(p, false, i % 2 ? 'TIMEOUT' : 'NETWORK'))
    expect(nodeUnreachable(report([...down, part('dataService', true), part('metrics', true)]))).toBe(true)
    // One node part answered: the node is there (degraded, not unreachable).
    expect(nodeUnreachable(report([...down.slice(1), part('admin', true)]))).toBe(false)
    // The node answered "not served" (404): reachable, even with every part off.
    expect(nodeUnreachable(report(NODE.map((p) => part(p, false, 'NOT_FOUND'))))).toBe(false)
    expect(nodeUnreachable(report([part('cchainRpc', false)]))).toBe(false)
  })
})

describe('nodeStateWords', () => {
  it('says the node’s state, with the time it went away (UTC on hover)', () => {
    expect(nodeStateWords({ kind: 'reachable', since: null, down: [] }, clock, utc)).toMatchObject({ text: 'node reachable', type: 'success' })
    expect(nodeStateWords({ kind: 'none', since: null, down: [] }, clock, utc).text).toBe('no profile')
    expect(nodeStateWords({ kind: 'unknown', since: null, down: [] }, clock, utc).text).toBe('node: unknown')
    const gone = nodeStateWords({ kind: 'unreachable', since: 5, down: [] }, clock, utc)
    expect(gone).toMatchObject({ text: 'node unreachable since clock(5)', type: 'error' })
    expect(gone.title).toContain('utc(5)')
  })

  it('names up to two parts that do not answer, and all of them on hover', () => {
    expect(nodeStateWords({ kind: 'degraded', since: null, down: ['admin', 'metrics'] }, clock, utc).text).toBe('degraded: Admin, Metrics')
    const many = nodeStateWords({ kind: 'degraded', since: null, down: ['admin', 'metrics', 'info', 'health'] }, clock, utc)
    expect(many.text).toBe('degraded: Admin, Metrics +2 more')
    expect(many.title).toBe('Not answering: Admin, Metrics, Info, Health (see the status column)')
  })
})
