/** The validators area's views keep amounts exact: a weight of 2^64-1 nAVAX keeps every digit, in totals too. */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contract, validatorSetSchema, validatorTableRow, type DataViews } from '../../src/shared/contract'
import { totalsOf, validatorView } from '../../src/main/services/validators/views'
import { platform } from '../../src/main/clients/node/index'
import { nodeReferenceDir } from '../support/shared'

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

describe("validators.list's table view", () => {
  const cases = readdirSync(nodeReferenceDir())
    .filter((f) => /^platform\.getCurrentValidators\.\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(nodeReferenceDir(), f), 'utf8')) as { response: { result?: unknown } | null })
    .filter((c) => c.response?.result !== undefined)

  it('keeps of every reference validator what the table shows, and what it keeps fits the contract', () => {
    expect(cases.length).toBeGreaterThan(0)
    const table = (contract.methods['validators.list'] as { views?: DataViews<typeof validatorSetSchema> }).views!.table!
    for (const c of cases) {
      const parsed = platform.getCurrentValidators.decl.result.parse(c.response!.result)
      const validators = parsed.validators.map((v) => validatorView(v, null))
      const set = validatorSetSchema.parse({ subnetID: null, validators, totals: totalsOf(validators) })
      const shown = validatorSetSchema.parse(table(set))
      expect(shown.totals).toEqual(set.totals)
      shown.validators.forEach((row, i) => {
        const whole = set.validators[i]!
        expect(row).toEqual(validatorTableRow(whole))
        // nothing the table sorts, filters or shows is lost; the keys, owners and rewards are
        for (const k of ['nodeID', 'kind', 'startTime', 'endTime', 'weight', 'uptime', 'connected', 'delegatorCount', 'delegatorWeight', 'delegationFee'] as const) expect(row[k]).toEqual(whole[k])
        for (const k of ['signer', 'validationRewardOwner', 'delegationRewardOwner', 'txID', 'potentialReward', 'publicKey', 'remainingBalanceOwner'] as const) expect(row[k]).toBeUndefined()
      })
    }
  })
})
