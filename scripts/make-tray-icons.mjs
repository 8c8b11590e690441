/**
 * Writes the tray icons (resources/tray/<state>.png): a filled circle in the state's colour with a
 * darker ring, 32×32 RGBA, drawn here so no image tool is needed. Run again after changing a colour.
 */
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const COLOURS = { ok: [24, 160, 88], warning: [240, 160, 32], critical: [208, 48, 80], unknown: [128, 128, 128] }
const SIZE = 32

function crc32(buf) {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

function png([r, g, b]) {
  const rows = []
  const c = (SIZE - 1) / 2
  for (let y = 0; y < SIZE; y++) {
    const row = [0]
    for (let x = 0; x < SIZE; x++) {
      const d = Math.hypot(x - c, y - c)
      // Anti-aliased edge; a ring 2 px wide in a darker shade so the dot reads on light and dark bars.
      const alpha = Math.max(0, Math.min(1, 14.5 - d))
      const ring = d > 12 ? 0.6 : 1
      row.push(Math.round(r * ring), Math.round(g * ring), Math.round(b * ring), Math.round(alpha * 255))
    }
    rows.push(Buffer.from(row))
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(SIZE, 0)
  ihdr.writeUInt32BE(SIZE, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

for (const [state, rgb] of Object.entries(COLOURS)) writeFileSync(new URL(`../resources/tray/${state}.png`, import.meta.url), png(rgb))
