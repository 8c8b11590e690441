/** Pure helpers of the node-control panel: the VM configuration diff and tree, and the flame-graph layout. */
import { describe, expect, it } from 'vitest'
import { configTree, diffConfig, flattenConfig } from '../../src/shared/domain/config-diff'
import { layoutFlame, matching } from '../../src/shared/domain/flame-layout'

describe('VM configuration diff', () => {
  const before = {
    'log-level': 'info',
    'eth-apis': ['eth', 'net'],
    'state-sync-enabled': false,
    pruning: { enabled: true, window: 32 },
    'gone-key': 1,
    empty: {}
  }
  const after = {
    'log-level': 'debug',
    'eth-apis': ['eth', 'net', 'debug'],
    'state-sync-enabled': false,
    pruning: { enabled: true, window: 64 },
    'new-key': 'x',
    empty: {}
  }

  it('lists changed, added and removed keys with old and new values as text, by path', () => {
    expect(diffConfig(before, after)).toEqual([
      { path: 'eth-apis.2', kind: 'added', after: 'debug' },
      { path: 'gone-key', kind: 'removed', before: '1' },
      { path: 'log-level', kind: 'changed', before: 'info', after: 'debug' },
      { path: 'new-key', kind: 'added', after: 'x' },
      { path: 'pruning.window', kind: 'changed', before: '32', after: '64' }
    ])
  })

  it('finds nothing between equal configurations, and tells a string "1" from the number 1', () => {
    expect(diffConfig(before, structuredClone(before))).toEqual([])
    expect(diffConfig({ a: 1 }, { a: '1' })).toEqual([{ path: 'a', kind: 'changed', before: '1', after: '1' }])
  })

  it('keeps empty objects and arrays as leaves, so that they can appear or go', () => {
    expect([...flattenConfig({ a: {}, b: [], c: { d: null } })]).toEqual([
      ['a', {}],
      ['b', []],
      ['c.d', null]
    ])
    expect(diffConfig({ a: {} }, {})).toEqual([{ path: 'a', kind: 'removed', before: '{}' }])
  })

  it('builds a tree of sorted keys with "key: value" leaves', () => {
    const tree = configTree({ z: 1, a: { y: true, b: 'text' } })
    expect(tree.map((n) => n.label)).toEqual(['a (2)', 'z: 1'])
    expect(tree[0]!.children!.map((n) => [n.key, n.label])).toEqual([
      ['a.b', 'b: text'],
      ['a.y', 'y: true']
    ])
  })
})

describe('flame graph layout', () => {
  const nodes = [
    { id: 0, parent: -1, name: 'total', value: '100', depth: 0 },
    { id: 1, parent: 0, name: 'main', value: '60', depth: 1 },
    { id: 2, parent: 1, name: 'work', value: '45', depth: 2 },
    { id: 3, parent: 1, name: 'gc', value: '15', depth: 2 },
    { id: 4, parent: 0, name: 'runtime.mcall', value: '30', depth: 1 }
  ]

  it('gives each frame its share of the root, children left to right inside the parent', () => {
    const { rects, maxDepth } = layoutFlame(nodes)
    expect(maxDepth).toBe(2)
    const at = (id: number) => rects.find((r) => r.id === id)!
    expect(at(0)).toMatchObject({ x: 0, w: 1 })
    expect(at(1)).toMatchObject({ x: 0, w: 0.6 })
    expect(at(2)).toMatchObject({ x: 0, w: 0.45 })
    expect(at(3)).toMatchObject({ x: 0.45, w: 0.15 })
    expect(at(4)).toMatchObject({ x: 0.6, w: 0.3 })
  })

  it('keeps exact shares for values beyond 2^53', () => {
    const big = '90071992547409930000'
    const { rects } = layoutFlame([
      { id: 0, parent: -1, name: 'total', value: big, depth: 0 },
      { id: 1, parent: 0, name: 'half', value: '45035996273704965000', depth: 1 }
    ])
    expect(rects[1]!.w).toBe(0.5)
  })

  it('matches frames by a case-insensitive part of the name', () => {
    const { rects } = layoutFlame(nodes)
    expect([...matching(rects, 'RUNTIME')]).toEqual([4])
    expect(matching(rects, '  ').size).toBe(0)
  })
})
