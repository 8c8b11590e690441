import { describe, expect, it } from 'vitest'
import { fitColumns } from '../../src/renderer/src/components/fit-columns'
import { assignSlots, columnsThatFit, gridTemplate, nextSortOrder, rowWindow, type VirtualColumn } from '../../src/renderer/src/components/virtual-table'

describe('virtual table: the rows in the page', () => {
  it('at the top: the screen and the overscan below it', () => {
    // 400 px of rows of 40: 10 in view, one more for a part-row, 4 beyond
    expect(rowWindow(0, 400, 40, 100_000, 4)).toEqual({ start: 0, end: 15 })
  })
  it('in the middle: the overscan on both sides', () => {
    expect(rowWindow(4_000, 400, 40, 100_000, 4)).toEqual({ start: 96, end: 115 })
    // a part-scrolled row is still the first in view
    expect(rowWindow(4_039, 400, 40, 100_000, 4)).toEqual({ start: 96, end: 115 })
  })
  it('at the bottom, and past it (a set that just got shorter): never beyond the last row', () => {
    expect(rowWindow(39_600, 400, 40, 1_000, 4)).toEqual({ start: 986, end: 1_000 })
    expect(rowWindow(4_000_000, 400, 40, 1_000, 4)).toEqual({ start: 996, end: 1_000 })
  })
  it('a set shorter than the view, an empty one, and a negative scroll (an elastic bounce)', () => {
    expect(rowWindow(0, 400, 40, 3, 4)).toEqual({ start: 0, end: 3 })
    expect(rowWindow(0, 400, 40, 0, 4)).toEqual({ start: 0, end: 0 })
    expect(rowWindow(-30, 400, 40, 100, 4)).toEqual({ start: 0, end: 15 })
  })
})

describe('virtual table: sorting and columns', () => {
  it('a header click goes descending, ascending, then back to the order given', () => {
    expect(nextSortOrder(false)).toBe('descend')
    expect(nextSortOrder('descend')).toBe('ascend')
    expect(nextSortOrder('ascend')).toBe(false)
  })
  it('fixed widths in px, the flexible column takes the rest, at least its least', () => {
    const render = () => ''
    const g = gridTemplate([
      { key: 'id', title: 'ID', minWidth: 264, render },
      { key: 'w', title: 'Weight', width: 180, render },
      { key: 'e', title: 'Ends', width: 104, render }
    ])
    expect(g).toEqual({ template: 'minmax(264px, 1fr) 180px 104px', minWidth: 548 })
  })
})

describe('a table narrower than its columns leaves some out (review #15: no table behind a sideways scroll)', () => {
  const col = (key: string, width: number, leaveOut?: number): VirtualColumn<unknown> => ({ key, title: key, width, render: () => key, ...(leaveOut ? { leaveOut } : {}) })
  // The UTXO table's columns: 965 px in all, the locktime left out first, then the asset, then the owners.
  const utxo = [col('utxo', 120), col('amount', 180), col('tx', 175), col('owners', 200, 3), col('asset', 120, 2), col('locktime', 170, 1)]
  const keys = (room: number) => columnsThatFit(utxo, room).map((c) => c.key)
  it('every column where they all fit, and while the room is not known yet', () => {
    expect(keys(1200)).toEqual(['utxo', 'amount', 'tx', 'owners', 'asset', 'locktime'])
    expect(keys(965)).toHaveLength(6)
    expect(keys(0)).toHaveLength(6)
  })
  it('the lowest leaveOut first, until the rest fit, in the order they are drawn', () => {
    expect(keys(964)).toEqual(['utxo', 'amount', 'tx', 'owners', 'asset'])
    expect(keys(780)).toEqual(['utxo', 'amount', 'tx', 'owners'])
    expect(keys(600)).toEqual(['utxo', 'amount', 'tx'])
  })
  it('never a column without a leaveOut, however narrow (then the table scrolls)', () => {
    expect(keys(100)).toEqual(['utxo', 'amount', 'tx'])
  })
  it('a flexible column counts its least width', () => {
    const flexible: VirtualColumn<unknown> = { key: 'id', title: 'id', minWidth: 264, render: () => '' }
    expect(columnsThatFit([flexible, col('weight', 180), col('delegators', 118, 1)], 500).map((c) => c.key)).toEqual(['id', 'weight'])
    expect(fitColumns([{ width: 264 }, { width: 180 }, { width: 118, leaveOut: 1 }], 562)).toEqual([true, true, true])
  })
})

describe('virtual table: which element draws which row', () => {
  const slotsOf = (a: { slot: number; index: number }[]) => a.map((x) => `${x.index}@${x.slot}`).join(' ')
  it('the first screen takes new elements in order', () => {
    expect(slotsOf(assignSlots([], 0, 4))).toBe('0@0 1@1 2@2 3@3')
  })
  it('a scroll by one row: the rows still in view keep their elements, the freed one draws the new row', () => {
    const first = assignSlots([], 0, 4)
    expect(slotsOf(assignSlots(first, 1, 5))).toBe('1@1 2@2 3@3 4@0')
    expect(slotsOf(assignSlots(assignSlots(first, 1, 5), 0, 4))).toBe('0@0 1@1 2@2 3@3')
  })
  it('a jump past the whole window: every element keeps its place in the page, so none moves', () => {
    const scrolled = assignSlots(assignSlots([], 0, 4), 1, 5) // in the page: 1 2 3 0
    expect(slotsOf(assignSlots(scrolled, 1_000, 1_004))).toBe('1000@1 1001@2 1002@3 1003@0')
  })
  it('a window that grows takes new elements; one that shrinks leaves some free', () => {
    expect(slotsOf(assignSlots(assignSlots([], 0, 2), 0, 4))).toBe('0@0 1@1 2@2 3@3')
    expect(slotsOf(assignSlots(assignSlots([], 0, 4), 10, 12))).toBe('10@0 11@1')
  })
})
