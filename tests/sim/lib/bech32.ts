/** bech32 (BIP-173) for Avalanche addresses: "<chain>-<hrp>1<data>" over a 20-byte short ID. */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!
  }
  return chk
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = []
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >>> 5)
  out.push(0)
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31)
  return out
}

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0
  let bits = 0
  const out: number[] = []
  const maxv = (1 << to) - 1
  for (let i = 0; i < data.length; i++) {
    acc = (acc << from) | data[i]!
    bits += from
    while (bits >= to) {
      bits -= to
      out.push((acc >>> bits) & maxv)
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv)
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    throw new Error('invalid padding')
  }
  return out
}

export function bech32Encode(hrp: string, data: Uint8Array): string {
  const words = convertBits(data, 8, 5, true)
  const values = [...hrpExpand(hrp), ...words]
  const mod = polymod([...values, 0, 0, 0, 0, 0, 0]) ^ 1
  let out = `${hrp}1`
  for (const w of words) out += CHARSET[w]
  for (let i = 0; i < 6; i++) out += CHARSET[(mod >>> (5 * (5 - i))) & 31]
  return out
}

export function bech32Decode(text: string): { hrp: string; data: Uint8Array } {
  const lower = text.toLowerCase()
  if (text !== lower && text !== text.toUpperCase()) throw new Error('mixed case bech32 string')
  const sep = lower.lastIndexOf('1')
  if (sep < 1 || sep + 7 > lower.length) throw new Error('invalid bech32 string length')
  const hrp = lower.slice(0, sep)
  const words: number[] = []
  for (const c of lower.slice(sep + 1)) {
    const v = CHARSET.indexOf(c)
    if (v < 0) throw new Error(`invalid character in bech32 string: ${c}`)
    words.push(v)
  }
  if (polymod([...hrpExpand(hrp), ...words]) !== 1) throw new Error('invalid checksum')
  return { hrp, data: Uint8Array.from(convertBits(words.slice(0, -6), 5, 8, false)) }
}

/** "P-avax1…" style address of a 20-byte short ID. */
export function formatAddress(chain: string, hrp: string, shortId: Uint8Array): string {
  return `${chain}-${bech32Encode(hrp, shortId)}`
}

/** Parses "X-avax1…" (chain prefix required) into its parts; throws with a node-like message. */
export function parseAddress(text: string): { chain: string; hrp: string; shortId: Uint8Array } {
  const dash = text.indexOf('-')
  if (dash < 1) throw new Error(`no separator found in address`)
  const { hrp, data } = bech32Decode(text.slice(dash + 1))
  if (data.length !== 20) throw new Error(`expected 20 bytes but got ${data.length}`)
  return { chain: text.slice(0, dash), hrp, shortId: data }
}
