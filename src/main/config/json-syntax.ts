/**
 * Where a JSON text first breaks, and what kind of break it is, without quoting any of it. V8's own
 * message for JSON.parse quotes the text around the error (`..."assword": hunter2-SM"...`), and a config
 * file holds secrets: that message once carried an unquoted password into the journal. This scanner is
 * run only on a text JSON.parse refused; it reads the grammar of RFC 8259 and names the first place it
 * breaks by line and column (1-based, as editors count) and by kind, in words of its own.
 */
export interface JsonSyntaxError {
  line: number
  column: number
  /** What is wrong there, never a quote of the text. */
  kind: string
}

class Broken extends Error {
  constructor(
    readonly at: number,
    readonly kind: string
  ) {
    super(kind)
  }
}

const VALUE = 'a value was expected here (a string in double quotes, a number, true, false, null, an object or a list): a string may be missing its quotes'

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const end = (what: string): Broken => new Broken(i, `the file ends ${what}`)
  const string = (): void => {
    const start = i++
    for (;;) {
      if (i >= text.length) throw new Broken(start, 'a string starts here and is never closed with a double quote')
      const c = text.charCodeAt(i)
      if (c === 0x22) return void i++
      if (c < 0x20) throw new Broken(i, c === 0x0a ? 'a line break inside a string: a string must be closed on its own line' : 'a control character inside a string')
      if (c === 0x5c) {
        const e = text[i + 1]
        if (e === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) throw new Broken(i, 'a \\u escape needs four hex digits')
          i += 6
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2
        else throw new Broken(i, 'a backslash in a string that is not a valid escape: write \\\\ for a backslash')
      } else i++
    }
  }
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
    if (!m || m[0] === '-' || m[0] === '') throw new Broken(i, VALUE)
    i += m[0].length
  }
  const value = (depth: number): void => {
    if (depth > 512) throw new Broken(i, 'nested deeper than 512 levels')
    ws()
    if (i >= text.length) throw end('where a value was expected')
    const c = text[i]!
    if (c === '{') return object(depth)
    if (c === '[') return list(depth)
    if (c === '"') return string()
    if (c === '-' || (c >= '0' && c <= '9')) return number()
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return void (i += word.length)
    throw new Broken(i, c === "'" ? 'a string in single quotes: JSON strings take double quotes' : c === '}' || c === ']' ? 'a comma before a closing bracket (JSON allows no trailing comma), or a value missing' : VALUE)
  }
  const object = (depth: number): void => {
    i++
    ws()
    if (text[i] === '}') return void i++
    for (;;) {
      ws()
      if (i >= text.length) throw end('inside an object: a closing } is missing')
      if (text[i] !== '"') throw new Broken(i, text[i] === '}' ? 'a comma before a closing } (JSON allows no trailing comma)' : 'a field name in double quotes was expected here')
      string()
      ws()
      if (text[i] !== ':') throw i >= text.length ? end('after a field name') : new Broken(i, 'a colon (:) was expected after the field name')
      i++
      value(depth + 1)
      ws()
      if (text[i] === '}') return void i++
      if (text[i] !== ',') throw i >= text.length ? end('inside an object: a closing } is missing') : new Broken(i, 'a comma (,) or a closing } was expected here')
      i++
    }
  }
  const list = (depth: number): void => {
    i++
    ws()
    if (text[i] === ']') return void i++
    for (;;) {
      value(depth + 1)
      ws()
      if (text[i] === ']') return void i++
      if (text[i] !== ',') throw i >= text.length ? end('inside a list: a closing ] is missing') : new Broken(i, 'a comma (,) or a closing ] was expected here')
      i++
    }
  }
  try {
    // A byte order mark is not JSON (JSON.parse refuses it): said as such, not as an odd character.
    if (text.charCodeAt(0) === 0xfeff) throw new Broken(0, 'the file starts with a byte order mark: save it as UTF-8 without one')
    value(0)
    ws()
    if (i < text.length) throw new Broken(i, 'more text after the end of the JSON value (a second object, or a stray bracket)')
    return undefined
  } catch (e) {
    if (!(e instanceof Broken)) throw e
    return { ...lineColumn(text, e.at), kind: e.kind }
  }
}

function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at)
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') }
}
