/**
 * A token kept in a file (mode 0600): `companion watch`'s metrics token and `companion serve --token-file`'s
 * access token, so that a service keeps one token across restarts without it ever being on a command line
 * or in a log line.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, fstatSync, openSync, readFileSync, writeSync } from 'node:fs'
import { hideInLogs } from '../log'

export interface KeptToken {
  token: string
  path: string
  /** made now (the file did not exist) */
  created: boolean
  /** the file can be read by other users: how to fix it */
  warning?: string
}

/** The token in `path`: made (random, mode 0600) when the file does not exist, read from it otherwise. */
export function keptToken(path: string): KeptToken {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const token = readFileSync(path, 'utf8').trim()
    if (!/^[\x21-\x7e]{16,}$/.test(token))
      throw new Error(`${path} does not hold a token (at least 16 printable characters, no spaces): delete it and a new one is made`)
    hideInLogs(token)
    const mode = readMode(path)
    const warning = mode & 0o077 ? `${path} can be read by other users: chmod 600 ${path}` : undefined
    return { token, path, created: false, ...(warning ? { warning } : {}) }
  }
  const token = randomBytes(32).toString('base64url')
  hideInLogs(token)
  try {
    writeSync(fd, `${token}\n`)
  } finally {
    closeSync(fd)
  }
  return { token, path, created: true }
}

function readMode(path: string): number {
  const fd = openSync(path, 'r')
  try {
    return fstatSync(fd).mode
  } finally {
    closeSync(fd)
  }
}
