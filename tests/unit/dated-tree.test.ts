/** The chain config's and the P-Chain block's times as local dates, the raw unix seconds on hover (review #29). */
import { describe, expect, it } from 'vitest'
import { configTree } from '../../src/shared/domain/config-diff'
import { dateTime, utcText } from '../../src/shared/domain/format'
import { datedTree } from '../../src/renderer/src/components/dated-tree'

describe('datedTree', () => {
  it('shows fork times and block times as dates, keeps every other leaf as it is', () => {
    const tree = datedTree(configTree({ chainId: 43114, graniteTimestamp: 253399622400, shanghaiTime: 0, nested: { time: '1790308254', endTime: 'soon' } }))
    const byKey = new Map<string, { label: string; hover?: string }>()
    const walk = (ns: typeof tree): void => ns.forEach((n) => (byKey.set(n.key, n), n.children && walk(n.children)))
    walk(tree)
    expect([...byKey.values()].find((n) => n.label.startsWith('chainId'))?.label).toBe('chainId: 43114')
    const granite = [...byKey.values()].find((n) => n.label.startsWith('graniteTimestamp'))!
    expect(granite.label).toBe(`graniteTimestamp: ${dateTime(253399622400_000)}`)
    expect(granite.hover).toBe(`253399622400 (unix seconds) · ${utcText(253399622400_000)}`)
    expect(utcText(253399622400_000)).toBe('9999-12-01 00:00:00 UTC')
    expect([...byKey.values()].find((n) => n.label.startsWith('shanghaiTime'))!.hover).toBe('0 (unix seconds) · 1970-01-01 00:00:00 UTC')
    expect([...byKey.values()].find((n) => n.label.startsWith('time'))!.label).toBe(`time: ${dateTime(1790308254_000)}`)
    const end = [...byKey.values()].find((n) => n.label.startsWith('endTime'))!
    expect(end.label).toBe('endTime: soon')
    expect(end.hover).toBeUndefined()
  })
})
