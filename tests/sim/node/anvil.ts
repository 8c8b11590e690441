/**
 * The real EVM node behind /ext/bc/C/rpc: anvil from @foundry-rs/anvil, started with chain id 43114 on a
 * free loopback port. The binary is spawned directly (not through the npm wrapper) so killing it leaves
 * no grandchild behind; it is also killed when this process exits.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface AnvilHandle {
  url: string
  wsUrl: string
  pid: number
  stop(): Promise<void>
}

function binaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  const require = createRequire(import.meta.url)
  const dir = dirname(require.resolve(`${pkg}/package.json`))
  return join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
}

const live = new Set<ChildProcess>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const c of live) c.kill('SIGKILL')
  })
}

export async function startAnvil(opts: { blockTime?: number; chainId?: number } = {}): Promise<AnvilHandle> {
  installExitHook()
  const args = ['--chain-id', String(opts.chainId ?? 43114), '--port', '0', '--host', '127.0.0.1']
  if (opts.blockTime) args.push('--block-time', String(opts.blockTime))
  const child = spawn(binaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  live.add(child)
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    // Only the start-up output is read: anvil logs every request, and keeping all of it (and searching it
    // again on each chunk) would cost memory and CPU for as long as it runs.
    const onOut = (chunk: Buffer): void => {
      out = (out + chunk.toString()).slice(-4096)
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out)
      if (m) done(() => resolve(Number(m[1])))
    }
    const onErr = (chunk: Buffer): void => {
      out = (out + chunk.toString()).slice(-4096)
    }
    const onExit = (code: number | null): void => done(() => reject(new Error(`anvil exited with ${code}: ${out.slice(-500)}`)))
    const timer = setTimeout(() => done(() => reject(new Error(`anvil did not start: ${out.slice(-500)}`))), 20_000)
    const done = (settle: () => void): void => {
      clearTimeout(timer)
      child.stdout!.off('data', onOut)
      child.stderr!.off('data', onErr)
      child.off('exit', onExit)
      settle()
    }
    child.stdout!.on('data', onOut)
    child.stderr!.on('data', onErr)
    child.once('exit', onExit)
  })
  // keep draining its output so a full pipe never blocks it
  child.stdout!.resume()
  child.stderr!.resume()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const t = setTimeout(() => child.kill('SIGKILL'), 3000)
        await exited
        clearTimeout(t)
      }
      live.delete(child)
    },
  }
}
