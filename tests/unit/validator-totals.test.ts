/**
 * Validator totals count delegations (issue 19, item 6). Consensus weighs a Primary Network validator by
 * its own stake (`weight`, `stakeAmount` before 2025) plus what is delegated to it (`delegatorWeight`, or
 * before 2023 its nested delegators): "stake" and "connected % of stake" use that total, and the own part
 * is given beside it. Exact: sums past 2^64 keep every digit. Payloads are the reference's real shapes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { platform } from '../../src/main/clients/node/index'
import { totalsOf, validatorView } from '../../src/main/services/validators/views'

const REF = join(import.meta.dirname, '..', 'shared', 'reference', 'node-rpc')
const reference = (file: string) => (JSON.parse(readFileSync(join(REF, file), 'utf8')) as { response: { result: unknown } }).response.result
const views = (result: unknown, subnetID: string | null = null) => platform.getCurrentValidators.decl.result.parse(result).validators.map((v) => validatorView(v, subnetID))

const U64 = 2n ** 64n - 1n

describe('validator totals', () => {
  it('a current node (weight + delegatorWeight): the total is own plus delegated', () => {
    // platform.getCurrentValidators.1: weight 2,000 AVAX, one delegator of 25 AVAX
    const t = totalsOf(views(reference('platform.getCurrentValidators.1.json')))
    expect(t).toMatchObject({ count: 1, ownWeight: '2000000000000', delegatedWeight: '25000000000', totalWeight: '2025000000000' })
  })

  it('a 2023 node (stakeAmount + delegatorWeight) and a 2020 one (nested delegators only) give the same totals', () => {
    const of2023 = totalsOf(views(reference('platform.getCurrentValidators.4.json')))
    const of2020 = totalsOf(views(reference('platform.getCurrentValidators.5.json')))
    for (const t of [of2023, of2020]) expect(t).toMatchObject({ ownWeight: '2000000000000', delegatedWeight: '25000000000', totalWeight: '2025000000000' })
  })

  it('connected share by the weight consensus uses, and by own stake, exact past 2^64', () => {
    const t = totalsOf(
      views({
        validators: [
          { nodeID: 'NodeID-A', startTime: '1', endTime: '2', weight: U64.toString(), delegatorWeight: U64.toString(), delegatorCount: '3', connected: true },
          { nodeID: 'NodeID-B', startTime: '1', endTime: '2', weight: '2000000000000', delegatorWeight: '0', delegatorCount: '0', connected: false },
          // says nothing of connection: counted in the totals, not in the connected share's reporters
          { nodeID: 'NodeID-C', startTime: '1', endTime: '2', weight: '1', delegatorWeight: '5' }
        ]
      })
    )
    expect(t).toEqual({
      count: 3,
      ownWeight: (U64 + 2_000_000_000_000n + 1n).toString(),
      delegatedWeight: (U64 + 5n).toString(),
      totalWeight: (2n * U64 + 2_000_000_000_006n).toString(),
      connectedCount: 1,
      connectedOwnWeight: U64.toString(),
      connectedTotalWeight: (2n * U64).toString(),
      reportingConnected: 2
    })
  })

  it("a heavily delegated validator that is down moves the connected share of stake, not only of own stake", () => {
    const t = totalsOf(
      views({
        validators: [
          { nodeID: 'NodeID-A', startTime: '1', weight: '2000', delegatorWeight: '0', connected: true },
          { nodeID: 'NodeID-B', startTime: '1', weight: '2000', delegatorWeight: '6000', connected: false }
        ]
      })
    )
    // own stake: half connected; the weight consensus uses: a fifth
    expect(BigInt(t.connectedOwnWeight) * 2n).toBe(BigInt(t.ownWeight))
    expect(BigInt(t.connectedTotalWeight) * 5n).toBe(BigInt(t.totalWeight))
  })

  it('subnet and L1 validators have no delegators: total = own', () => {
    const l1 = totalsOf(views(reference('platform.getCurrentValidators.3.json'), 'subnet'))
    expect(l1).toMatchObject({ count: 2, ownWeight: '40', delegatedWeight: '0', totalWeight: '40', reportingConnected: 0 })
    const permissioned = totalsOf(views({ validators: [{ nodeID: 'NodeID-A', txID: '2NNkpYTGfTFLSGXJcHtVv6drwVU2cczhmjK2uhvwDyxwsjzZMm', startTime: '1', endTime: '2', weight: '20' }] }, 'subnet'))
    expect(permissioned).toMatchObject({ ownWeight: '20', delegatedWeight: '0', totalWeight: '20' })
  })

  it('an empty set totals zero', () => {
    expect(totalsOf([])).toEqual({ count: 0, totalWeight: '0', ownWeight: '0', delegatedWeight: '0', connectedCount: 0, connectedTotalWeight: '0', connectedOwnWeight: '0', reportingConnected: 0 })
  })
})
