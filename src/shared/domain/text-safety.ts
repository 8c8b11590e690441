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

