/**
 * A list whose items are kept as JSON text: the cache's rows, each the JSON of a value already checked
 * against the contract. A connection that writes its frames as JSON text (the websocket, the in-memory
 * pair: Connection.jsonText) writes these texts into the frame as they are, so an offline page of 50
 * transactions (~75 KB) is neither parsed nor serialized again on its way out. Anywhere else (a
 * JSON.stringify outside frameText, a log) it becomes the parsed array, so it is never sent as anything
 * but the list it stands for. A handler gives one only when its CallContext says jsonTexts.
 */
export class JsonTexts {
  constructor(readonly texts: readonly string[]) {}

  /** The items, parsed. */
  parse(): unknown[] {
    return JSON.parse(`[${this.texts.join(',')}]`) as unknown[]
  }

  toJSON(): unknown {
    if (!collecting) return this.parse()
    collecting.push(this.texts)
    return `${TOKEN}${collecting.length - 1}`
  }
}

/**
 * What a JsonTexts stands for inside the frame while frameText serializes it: a string holding a NUL (written
 * "\u0000" by JSON.stringify, which no escaped backslash in data can spell) and a random nonce of this process
 * that is never sent, so no string of the data can be taken for it.
 */
const TOKEN = `\u0000jsontexts:${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}:`
let collecting: (readonly string[])[] | null = null

/** The JSON text of a frame, with each JsonTexts written as the array of its texts. */
export function frameText(frame: unknown): string {
  collecting = []
  try {
    const text = JSON.stringify(frame)
    if (collecting.length === 0) return text
    // toJSON runs in the order the values are written: each token is found after the one before.
    const parts: string[] = []
    let from = 0
    collecting.forEach((texts, i) => {
      const token = JSON.stringify(`${TOKEN}${i}`)
      const at = text.indexOf(token, from)
      if (at < 0) throw new Error('frameText: a list of JSON texts lost its place in the frame')
      parts.push(text.slice(from, at), '[', texts.join(','), ']')
      from = at + token.length
    })
    parts.push(text.slice(from))
    return parts.join('')
  } finally {
    collecting = null
  }
}
