/** The validators area's views keep amounts exact: a weight of 2^64-1 nAVAX keeps every digit, in totals too. */
import { describe, expect, it } from 'vitest'
import { totalsOf, validatorView } from '../../src/main/services/validators/views'
import { platform } from '../../src/main/clients/node/index'

const MAX = (2n ** 64n - 1n).toString()

describe('validator views', () => {
  it('keep a weight of 2^64-1 exact, and sum weights exactly', () => {
    const parsed = platform.getCurrentValidators.decl.result.parse({
      validators: [
        { nodeID: 'NodeID-A', startTime: '1', endTime: '2', weight: MAX, connected: true, uptime: '99.0000' },
        { nodeID: 'NodeID-B', startTime: '1', endTime: '2', stakeAmount: MAX, connected: false }
      ]
    })
    const views = parsed.validators.map((v) => validatorView(v, null))
    expect(views.map((v) => v.weight)).toEqual([MAX, MAX])
    expect(totalsOf(views)).toEqual({
      count: 2,
      totalWeight: (2n * (2n ** 64n - 1n)).toString(),
      ownWeight: (2n * (2n ** 64n - 1n)).toString(),
      delegatedWeight: '0',
      connectedCount: 1,
      connectedTotalWeight: MAX,
      connectedOwnWeight: MAX,
      reportingConnected: 2
    })
  })

  it('tells the kinds apart: Primary Network, subnet, L1', () => {
    const parsed = platform.getCurrentValidators.decl.result.parse({
      validators: [
        { nodeID: 'NodeID-A', startTime: '1', weight: '5' },
        { nodeID: 'NodeID-B', startTime: '1', weight: '5', validationID: '2ZW6HUePBW2dP7dBGa5stjXe1uvK9LwEgrjebDwXEyL5bDMWWS', balance: '10', minNonce: '0' }
      ]
    })
    expect(parsed.validators.map((v) => validatorView(v, null).kind)).toEqual(['primary', 'l1'])
    expect(validatorView(parsed.validators[0]!, 'subnet-x').kind).toBe('subnet')
  })
})
