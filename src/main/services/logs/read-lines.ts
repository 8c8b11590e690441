import type { FileHandle } from 'node:fs/promises'
import { createGunzip } from 'node:zlib'

/** Longer lines are cut here and marked: a file with no newline cannot make the app hold it whole. */
export const LINE_MAX_BYTES = 64 * 1024
const CHUNK_BYTES = 256 * 1024

export interface RawLine {
  text: string
  /** Byte offset of the line's start in the file (in the decompressed stream for a .gz file). */
  offset: number
  /** Byte offset just past the line (and its newline). */
  end: number
  cut: boolean
}

/** Splits chunks into lines, each at most LINE_MAX_BYTES (the rest of a longer one skipped up to its newline). */
class LineSplitter {
  private parts: Buffer[] = []
  private kept = 0
  private cut = false
  private start = 0
  private at = 0

  /** The next line starts at this offset (a read that began inside a line, skipped to its end). */
  startAt(offset: number): void {
    this.start = offset
    this.at = offset
  }

  *push(chunk: Buffer): Generator<RawLine> {
    let from = 0
    while (from < chunk.length) {
      const nl = chunk.indexOf(0x0a, from)
      const end = nl === -1 ? chunk.length : nl
      this.keep(chunk.subarray(from, end))
      this.at += end - from
      if (nl === -1) break
      this.at += 1
      yield this.take()
      from = nl + 1
    }
  }

  /** The last line, when the file does not end with a newline. */
  *end(): Generator<RawLine> {
    if (this.kept > 0 || this.cut) yield this.take()
  }

  private keep(piece: Buffer): void {
    const room = LINE_MAX_BYTES - this.kept
    if (piece.length > room) this.cut = true
    const part = piece.length > room ? piece.subarray(0, room) : piece
    if (part.length > 0) {
      // Copied: the chunk's buffer is reused by the next read.
      this.parts.push(Buffer.from(part))
      this.kept += part.length
    }
  }

  private take(): RawLine {
    const line = { text: Buffer.concat(this.parts, this.kept).toString('utf8'), offset: this.start, end: this.at, cut: this.cut }
    this.parts = []
    this.kept = 0
    this.cut = false
    this.start = this.at
    return line
  }
}

/**
 * The lines of a plain file from byte `from` up to `to` (the size when it was opened: what the node writes
 * meanwhile waits for the next read). A start inside a line skips to the next one.
 */
export async function* plainLines(handle: FileHandle, from: number, to: number): AsyncGenerator<RawLine> {
  const splitter = new LineSplitter()
  const buffer = Buffer.alloc(CHUNK_BYTES)
  let position = from
  let skipping = from > 0
  while (position < to) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, to - position), position)
    if (bytesRead === 0) break
    let chunk = buffer.subarray(0, bytesRead)
    let chunkStart = position
    position += bytesRead
    if (skipping) {
      const nl = chunk.indexOf(0x0a)
      if (nl === -1) continue
      skipping = false
      chunkStart += nl + 1
      chunk = chunk.subarray(nl + 1)
      splitter.startAt(chunkStart)
    }
    yield* splitter.push(chunk)
  }
  yield* splitter.end()
}

/** The lines of a gzipped file, reading at most `maxBytes` of decompressed text; `stopped` says when that cut it short. */
export async function* gzipLines(handle: FileHandle, maxBytes: number, stopped: () => void): AsyncGenerator<RawLine> {
  const splitter = new LineSplitter()
  const gunzip = handle.createReadStream({ autoClose: false, start: 0 }).pipe(createGunzip())
  let total = 0
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const room = maxBytes - total
      yield* splitter.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
      total += chunk.length
      if (total >= maxBytes) {
        stopped()
        return
      }
    }
    yield* splitter.end()
  } finally {
    gunzip.destroy()
  }
}
