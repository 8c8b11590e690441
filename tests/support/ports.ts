import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** A port on 127.0.0.1 that was free a moment ago: good enough on a test machine. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/**
 * A port on 127.0.0.1 where nothing listens, and where nothing of this test run will: it is taken from
 * below the system's ephemeral range, which every server here binds from (port 0). A port from
 * freePort() may be handed to another worker's sim a moment later, and "refused" would become an answer.
 */
export async function closedPort(): Promise<number> {
  const low = ephemeralLow()
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * Math.max(1, low - 20_000))
    if (await isFree(port)) return port
  }
  throw new Error('no free port below the ephemeral range was found')
}

function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)
    const n = Number(low)
    return Number.isInteger(n) && n > 21_000 ? n : 32_768
  } catch {
    return 32_768 // Linux's default; other systems start theirs higher (49152)
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}
