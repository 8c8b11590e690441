/**
 * Security (issue 19, item 4): what a hostile data service or node can put in a cell. A token name or a
 * record key that starts with "=" must reach a spreadsheet as text, through every CSV the app writes; a
 * name with a right-to-left override must not be drawn as another name in a table or a tree.
 */
import { describe, expect, it } from 'vitest'
import { shownCell, toCsv } from '../../src/renderer/src/components/result-table/format'
import { configTree } from '../../src/shared/domain/config-diff'
import { utxosToCsv } from '../../src/shared/codec'

const HOSTILE = '=HYPERLINK("http://x","y")'

describe('CSV injection', () => {
  it('Data lookups: a hostile value and a hostile key (the header) are written as text', () => {
    const items = [{ name: HOSTILE, symbol: '@SUM(1+1)', decimals: '-5', note: '\t=cmd' }, { name: 'USD Coin', symbol: '+1', '=evil': 'x' }]
    const [header, first, second] = toCsv(items, ['name', 'symbol', 'decimals', 'note', '=evil']).split('\r\n')
    expect(header).toBe("name,symbol,decimals,note,'=evil")
    expect(first).toBe(`"'=HYPERLINK(""http://x"",""y"")",'@SUM(1+1),-5,'\t=cmd,`)
    expect(second).toBe("USD Coin,'+1,,,x")
  })

  it('UTXO export: a cell that starts with a tab (a spreadsheet trims it, then runs the formula) is text too', () => {
    const csv = utxosToCsv([{ ok: false, hex: '0x00', reason: '\t=cmd' }, { ok: false, hex: '0x01', reason: '-1+cmd' }])
    expect(csv.split('\r\n').slice(1, 3)).toEqual([",,,,,,,,,0x00,'\t=cmd", ",,,,,,,,,0x01,'-1+cmd"])
  })
})

describe('bidirectional controls in remote text', () => {
  it('a table cell shows the override, so "\\u202Egnp.exe" cannot pose as exe.png', () => {
    expect(shownCell('name', '\u202Egnp.exe').text).toBe('⟨U+202E⟩gnp.exe')
    expect(shownCell('symbol', ['a\u2067b', 'c']).title).toBe('a⟨U+2067⟩b\nc')
  })

  it('a record tree (VM configuration, block, chain config) shows them in keys and values', () => {
    const [leaf] = configTree({ 'k\u202E': 'v\u2066x' })
    expect(leaf!.label).toBe('k⟨U+202E⟩: v⟨U+2066⟩x')
  })
})
