import { spawn } from 'node:child_process'

/**
 * `companion serve` (the built CLI) as a process; with `until`, stopped (SIGTERM) once stderr matches it;
 * with `killAfterMs`, killed if it is still running then (a test of something that used to hang leaves no process behind).
 */
export async function runServe(args: string[], env: Record<string, string>, until?: RegExp, killAfterMs?: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // The built CLI, not tsx: tsx SIGKILLs a child that does not report a relayed SIGTERM within 30 ms (a loaded machine).
  const child = spawn(process.execPath, ['out/main/cli.js', 'serve', '--port', '0', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...(killAfterMs !== undefined ? { timeout: killAfterMs, killSignal: 'SIGKILL' as const } : {}) })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString()
    if (until?.test(stderr)) child.kill('SIGTERM')
  })
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)))
  return { code, stdout, stderr }
}

export interface ServeProcess {
  /** The URL it printed (with its token). */
  url: string
  pid: number
  /** What it wrote to stderr so far. */
  stderr: () => string
  stop: () => Promise<void>
}

/** `companion serve` (the built CLI) as a process that keeps running: resolved once it printed its URL (it listens by then). */
export async function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['out/main/cli.js', 'serve', '--port', '0', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  await new Promise<void>((ok, fail) => {
    const check = (): void => {
      if (/^http\S*\n/.test(stdout)) ok()
    }
    child.stdout.on('data', (c: Buffer) => ((stdout += c.toString()), check()))
    child.stderr.on('data', (c: Buffer) => ((stderr += c.toString()), check()))
    void exited.then(() => fail(new Error(`serve exited (${child.exitCode}) before it served: ${stderr}`)))
  })
  return {
    url: stdout.split('\n')[0]!.trim(),
    pid: child.pid!,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      // A server that does not stop (a page still connected to one that hangs) is not left behind.
      const hard = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(hard)
    }
  }
}
