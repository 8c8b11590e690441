#!/usr/bin/env node
// The `companion` command. It runs the built CLI (out/main/cli.js, made by `npm run build`) in this very
// process, so a signal sent to `companion watch` (SIGTERM from systemd, Ctrl-C) reaches the watcher itself.
// In a source checkout that was not built yet, it runs src/main/cli.ts through tsx (a dev dependency) and
// passes signals on to it.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { constants } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const built = join(root, 'out', 'main', 'cli.js')
const args = process.argv.slice(2)

if (existsSync(built)) {
  const { runMain } = await import(pathToFileURL(built).href)
  runMain(args)
} else {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'main', 'cli.ts'), ...args], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)))
}
