import { describe, expect, it } from 'vitest'
import { csvField, csvText } from '../../src/shared/domain/csv'
import { visibleText } from '../../src/shared/domain/text-safety'

/** Splits one CSV line the way RFC 4180 reads it (enough for these tests: no line breaks inside cells). */
function readLine(line: string): string[] {
  const out: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"'
      i++
    } else if (ch === '"') {
      quoted = !quoted
    } else if (!quoted && ch === ',') {
      out.push(cell)
      cell = ''
    } else {
      cell += ch
    }
  }
  out.push(cell)
  return out
}

describe('csvField: one cell, neutralised and quoted', () => {
  it('puts a quote before a cell a spreadsheet would run (= + - @, tab, carriage return)', () => {
    expect(csvField('=1+1')).toBe("'=1+1")
    expect(csvField('+41 44 000')).toBe("'+41 44 000")
    expect(csvField('-2+3+cmd|/C calc!A0')).toBe("'-2+3+cmd|/C calc!A0")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\t=1')).toBe("'\t=1")
    // A carriage return also asks for quotes (RFC 4180), after the neutralising quote.
    expect(csvField('\r=1')).toBe('"\'\r=1"')
  })

  it('leaves a whole negative decimal number as the number it is, and plain text alone', () => {
    expect(csvField('-5')).toBe('-5')
    expect(csvField('-0.25')).toBe('-0.25')
    expect(csvField('-5e3')).toBe("'-5e3")
    expect(csvField('-5 ')).toBe("'-5 ")
    expect(csvField('14765000000000')).toBe('14765000000000')
    expect(csvField('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')).toBe('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
    expect(csvField('')).toBe('')
    expect(csvField('a=b')).toBe('a=b')
  })

  it('quotes as RFC 4180 says: a comma, a quote, CR or LF puts the cell in quotes, quotes doubled', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
    expect(readLine(csvField('=HYPERLINK("http://x","y")'))).toEqual(['\'=HYPERLINK("http://x","y")'])
  })

  it('writes bidirectional controls out, so a name cannot pose as another in the sheet', () => {
    expect(csvField('\u202Egnp.exe')).toBe('⟨U+202E⟩gnp.exe')
  })
})

describe('csvText: a whole file', () => {
  it('sends the header through the same cell function and ends every line with CRLF', () => {
    const text = csvText(['name', '=cmd'], [['a,b', '-1'], ['@x', 'plain']])
    expect(text).toBe('name,\'=cmd\r\n"a,b",-1\r\n\'@x,plain\r\n')
    expect(text.split('\r\n').slice(0, -1).map(readLine)).toEqual([["name", "'=cmd"], ['a,b', '-1'], ["'@x", 'plain']])
  })

  it('writes only the header for no rows', () => {
    expect(csvText(['a'], [])).toBe('a\r\n')
  })
})

describe('visibleText: bidirectional controls shown as their code points', () => {
  it('writes out every embedding, override, isolate and mark', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']
    for (const c of controls) expect(visibleText(`a${c}b`)).toBe(`a⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩b`)
    expect(visibleText('\u202Egnp.exe')).toBe('⟨U+202E⟩gnp.exe')
    expect(visibleText('x\u2067y\u2069z')).toBe('x⟨U+2067⟩y⟨U+2069⟩z')
  })

  it('leaves any other text alone, right-to-left letters and emoji included', () => {
    for (const s of ['', 'USD Coin', 'שלום', 'مرحبا', '🙂 token', 'a\u200Bb', 'NodeID-abc']) expect(visibleText(s)).toBe(s)
  })
})
