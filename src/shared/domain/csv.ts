/**
 * The one way the app writes CSV (the UTXO export of main, the Data lookups export of the page). Cells
 * hold remote text (token names, memos, addresses a service sent), and a spreadsheet runs a cell that
 * starts with "=", "+", "-" or "@" as a formula: `=HYPERLINK("http://x","y")` would become a link, and
 * worse. So, as OWASP advises for CSV injection:
 *
 * - a cell that starts with = + - @, a tab or a carriage return gets a single quote in front, which
 *   spreadsheets read as "this is text" (and show without the quote);
 * - a cell that is wholly a negative decimal number ("-5", "-0.25") is left as it is: a spreadsheet reads
 *   it as that number and it can run nothing, while a quote would turn every negative amount into text;
 * - bidirectional control characters are written out (text-safety.ts), so a name cannot pose as another
 *   in the sheet either;
 * - then RFC 4180: a cell with a comma, a double quote, CR or LF is put in double quotes, its quotes
 *   doubled; lines end with CRLF, the last one too.
 *
 * Headers go through the same function as every other cell.
 */
import { visibleText } from './text-safety'

const FORMULA_START = /^[=+\-@\t\r]/
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell as it is written in the file: neutralised, then quoted when RFC 4180 asks for it. */
export function csvField(value: string): string {
  const shown = visibleText(value)
  const safe = FORMULA_START.test(shown) && !NEGATIVE_NUMBER.test(shown) ? `'${shown}` : shown
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A whole CSV file: the header line, then one line per row, each cell through csvField, CRLF line ends. */
export function csvText(header: readonly string[], rows: Iterable<readonly string[]>): string {
  const lines = [header.map(csvField).join(',')]
  for (const row of rows) lines.push(row.map(csvField).join(','))
  return `${lines.join('\r\n')}\r\n`
}
