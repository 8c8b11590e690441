/**
 * Text from remote services shown as text, so that it cannot pose as something else. Bidirectional
 * control characters reorder what follows them: a token named "\u202Egnp.exe" is drawn as "exe.png", and
 * an ID with an isolate inside can look like another. Where remote strings are shown (table cells, IDs,
 * trees, CSV cells) each such character is written out as its code point, "⟨U+202E⟩", so a person sees
 * that it is there and the text keeps its real order.
 */

/**
 * The characters that change the drawing order: the embeddings and overrides (U+202A–U+202E), the
 * isolates (U+2066–U+2069), and the invisible direction marks (U+200E, U+200F, U+061C).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

/** The code point of one character as it is written in place of a control: "⟨U+202E⟩". */
function codePoint(ch: string): string {
  return `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`
}

/** The text with every bidirectional control written out visibly; any other text is returned as it is. */
export function visibleText(text: string): string {
  return text.replace(BIDI_CONTROLS, codePoint)
}


/**
 * Terminal escape sequences (colours, cursor moves, title changes, OSC 8 links, …): CSI `ESC [ … final`,
 * OSC `ESC ] … BEL|ESC \`, the other string sequences (DCS, SOS, PM, APC) up to their terminator, and
 * two-character `ESC x` ones. A single-byte CSI (U+009B) and the other C1 controls are handled below.
 */
const TERMINAL_ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\|$)|[ -/]*[0-~])?/g
/** C0 controls but tab, DEL, and C1 controls: never written raw. */
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\x80-\x9f]/g

/**
 * Text that came from a file or a terminal made safe to show and to print to a terminal: escape sequences
 * removed (avalanchego colours its level names with them), any other control character written as its
 * visible picture (␀, ␛, ␡) or code point, so that a line cannot move the cursor, retitle a window or hide
 * what follows. Bidirectional controls are left to visibleText.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_ESCAPES, '').replace(CONTROLS, (ch) => {
    const code = ch.charCodeAt(0)
    if (code < 0x20) return String.fromCharCode(0x2400 + code)
    if (code === 0x7f) return '\u2421'
    return codePoint(ch)
  })
}
