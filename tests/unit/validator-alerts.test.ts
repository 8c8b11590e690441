/**
 * Validator history and alerts over a real SQLite database: an alert fires once when a condition
 * turns bad, is not repeated by later refreshes, and clears when the validator recovers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/main/cache/database'
import { ValidatorsStore } from '../../src/main/cache/validators-store'
import { ValidatorsService } from '../../src/main/services/validators/service'
import type { Envelope, MyValidators, ValidatorAlert, ValidatorView } from '../../src/shared/contract'
import { tempDir } from '../support/temp'

const A = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'
const B = 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ'
let t: ReturnType<typeof tempDir>
let close: () => void
let service: ValidatorsService
let state: Map<string, Partial<ValidatorView> | undefined>
let clock = 1_000_000
const events: string[] = []

function mine(): Envelope<MyValidators> {
  const validators = [...state.entries()]
    .filter(([, v]) => v !== undefined)
    .map(([nodeID, v]) => ({ nodeID, kind: 'primary' as const, startTime: '1', weight: '2000000000000', ...v }))
  return {
    source: 'live',
    fetchedAt: (clock += 60_000),
    data: { subnetID: null, nodeIDs: [A, B], validators, notValidating: [...state.entries()].filter(([, v]) => !v).map(([id]) => id) }
  }
}

beforeEach(() => {
  t = tempDir()
  const { db } = openDatabase(t.dir)
  close = () => db.close()
  state = new Map([
    [A, { uptime: '99.0000', connected: true }],
    [B, { uptime: '95.0000', connected: true }]
  ])
  events.length = 0
  service = new ValidatorsService(
    new ValidatorsStore(db),
    () => 'http://node',
    async () => mine(),
    (a: ValidatorAlert, s) => events.push(`${s} ${a.kind} ${a.nodeID === A ? 'A' : 'B'}`),
    () => clock
  )
})
afterEach(() => {
  close()
  t.remove()
})

describe('validator alerts', () => {
  it('fire once on a change, not on every refresh, and clear on recovery', async () => {
    await service.refresh()
    expect(events).toEqual([])
    state.set(A, { uptime: '99.0000', connected: false })
    const first = await service.refresh()
    expect(first.fired.map((a) => a.kind)).toEqual(['disconnected'])
    await service.refresh()
    await service.refresh()
    expect(events).toEqual(['fired disconnected A'])
    state.set(A, { uptime: '99.0000', connected: true })
    const back = await service.refresh()
    expect(back.cleared).toHaveLength(1)
    expect(events).toEqual(['fired disconnected A', 'cleared disconnected A'])
    const { alerts } = service.alerts(10)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.clearedAt).toBeGreaterThan(alerts[0]!.firedAt)
  })

  it('uptime under the threshold the operator set; leaving the validator set', async () => {
    service.setSettings({ uptimeThreshold: 96 })
    await service.refresh()
    expect(events).toEqual(['fired lowUptime B'])
    service.setSettings({ uptimeThreshold: 80 })
    await service.refresh()
    expect(events).toEqual(['fired lowUptime B', 'cleared lowUptime B'])
    state.set(B, undefined)
    await service.refresh()
    expect(events.at(-1)).toBe('fired notValidating B')
    expect(service.alerts(10).alerts[0]!.message).toMatch(/no longer a current validator/)
  })

  it('keeps every refresh in the history, by range and node', async () => {
    for (let i = 0; i < 3; i++) await service.refresh()
    expect(service.history('all').points).toHaveLength(6)
    const a = service.history('day', A).points
    expect(a.map((p) => p.uptime)).toEqual(['99.0000', '99.0000', '99.0000'])
    expect(a.every((p) => p.connected === true && p.validating)).toBe(true)
  })

  it('a cached answer (node unreachable) is not a new sample', async () => {
    const offline = new ValidatorsService(
      new ValidatorsStore(openDatabase(t.dir).db),
      () => 'http://node',
      async () => ({ ...mine(), source: 'cache' as const, offline: { code: 'NETWORK', message: 'refused' } }),
      () => undefined
    )
    await expect(offline.refresh()).rejects.toMatchObject({ code: 'OFFLINE' })
  })
})
