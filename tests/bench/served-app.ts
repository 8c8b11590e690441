/**
 * `companion serve` in its own process, as a user runs it, with a websocket client as a page is one: the
 * whole path of the entities bench (./entities.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'
import { projectRoot } from '../../src/main/paths'

export interface Served {
  child: ChildProcess
  ws: WebSocket
  call(method: string, input: unknown): Promise<unknown>
  stop(): Promise<void>
}

/** `companion serve` on dataDir in its own process, with a websocket client as the page's. */
export async function serve(dataDir: string): Promise<Served> {
  const root = projectRoot()
  // The shipped command (bin/companion.mjs runs the built out/main/cli.js with plain node) when built: its RSS is
  // main's as a user runs it; from source (tsx) the TypeScript loader alone adds ~100 MB.
  const built = existsSync(join(root, 'out', 'main', 'cli.js'))
  const args = built ? [join(root, 'bin', 'companion.mjs'), 'serve'] : ['--import', 'tsx', join(root, 'src/main/server/serve.ts')]
  const child = spawn(process.execPath, [...args, '--data-dir', dataDir, '--log-level', 'warn'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((ok, fail) => {
    let out = ''
    child.stdout!.on('data', (b: Buffer) => {
      out += String(b)
      const line = out.split('\n').find((l) => l.startsWith('http'))
      if (line) ok(line.trim())
    })
    child.once('exit', (code) => fail(new Error(`serve exited (${code}) before it printed its URL`)))
  })
  const u = new URL(url)
  const ws = new WebSocket(`ws://${u.host}/rpc?token=${u.searchParams.get('token')}`, { origin: `http://${u.host}` })
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)))
  const waiting = new Map<number, (frame: { t: string; output?: unknown; error?: unknown }) => void>()
  ws.on('message', (m) => {
    const frame = JSON.parse(String(m)) as { id?: number; t: string }
    if (frame.id !== undefined) waiting.get(frame.id)?.(frame)
  })
  let next = 1
  const call = (method: string, input: unknown): Promise<unknown> => {
    const id = next++
    return new Promise((ok, fail) => {
      waiting.set(id, (f) => (waiting.delete(id), f.t === 'ok' ? ok(f.output) : fail(new Error(`${method}: ${JSON.stringify(f.error ?? f)}`))))
      ws.send(JSON.stringify({ t: 'call', id, method, input }))
    })
  }
  const stop = async (): Promise<void> => {
    ws.close()
    child.kill('SIGTERM')
    await new Promise((ok) => (child.exitCode !== null ? ok(null) : child.once('exit', ok)))
  }
  return { child, ws, call, stop }
}

/** The bench profile (unreachable services: every read answers from the cache), made once per fixture file. */
export async function activateBenchProfile(s: Served): Promise<void> {
  const { profiles, activeId } = (await s.call('profiles.list', {})) as { profiles: { id: string; name: string }[]; activeId: string | null }
  const kept = profiles.find((p) => p.name === 'bench')
  const id = kept?.id ?? ((await s.call('profiles.create', { profile: { name: 'bench', nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet', nodeIds: [] } })) as { id: string }).id
  if (activeId !== id) await s.call('profiles.activate', { id })
}
