/**
 * Issue 31: a request's deadline cannot be lost. The request runs in a child process started with
 * --expose-gc that runs the garbage collector every 50 ms (tests/support/transport-child.ts): a deadline kept
 * only by a weak reference (AbortSignal.timeout inside AbortSignal.any, as the transport did) is freed there,
 * and a server that accepts and never answers, or sends its headers and stalls the body, held the request for
 * good. Every node and data-service request goes through this transport.
 */
import { spawn } from 'node:child_process'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A TCP server that reads what comes and answers `reply` (nothing at all when empty), then never ends. */
async function stallingServer(reply: string): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets: Socket[] = []
  const server: Server = createServer((s) => {
    sockets.push(s)
    s.once('data', () => {
      if (reply) s.write(reply)
    })
    s.resume()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/bc/P`,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r())))
  }
}

/** Runs one request in the child; resolves with what it printed. No bound here: a request that never ends fails on the test's timeout. */
function requestInChild(url: string, deadlineMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/support/transport-child.ts', url, String(deadlineMs)], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()))
    proc.stderr.on('data', (b: Buffer) => (err += b.toString()))
    proc.once('exit', (code) => (out.trim() ? resolve(JSON.parse(out.trim()) as Record<string, unknown>) : reject(new Error(`child exited ${code}: ${err}`))))
  })
}

describe('a request whose server stalls, with the garbage collector running', () => {
  let silent: Awaited<ReturnType<typeof stallingServer>>
  let halfBody: Awaited<ReturnType<typeof stallingServer>>
  beforeAll(async () => {
    silent = await stallingServer('')
    halfBody = await stallingServer('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"jsonrpc":')
  })
  afterAll(async () => {
    await Promise.all([silent.close(), halfBody.close()])
  })

  it('ends as TIMEOUT at its deadline when the server accepts and never answers', async () => {
    const out = await requestInChild(silent.url, 1_500)
    expect(out).toEqual({ code: 'TIMEOUT', message: 'The test service did not answer within 1500 ms' })
  }, 60_000)

  it('ends as TIMEOUT at its deadline when the server sends its headers and stalls the body', async () => {
    const out = await requestInChild(halfBody.url, 1_500)
    expect(out).toEqual({ code: 'TIMEOUT', message: 'The test service did not finish its answer within 1500 ms' })
  }, 60_000)
})
