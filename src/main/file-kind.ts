import type { Stats } from 'node:fs'

/** What a file that is not a regular one is, in the words of a message that refuses it ("it is a named pipe"). */
export function notRegularKind(s: Stats): string {
  if (s.isFIFO()) return 'a named pipe'
  if (s.isSocket()) return 'a socket'
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device'
  if (s.isDirectory()) return 'a folder'
  return 'not a regular file'
}
