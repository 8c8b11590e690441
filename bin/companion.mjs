#!/usr/bin/env node
// The `companion` command: runs the built CLI (out/main/cli.js, made by `npm run build` and shipped in the
// package) with plain node, in this very process, so a signal sent to `companion watch` or `companion serve`
// (SIGTERM from systemd, Ctrl-C) reaches it. In a source checkout, `npm run cli` runs the TypeScript instead.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const built = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'cli.js')
if (!existsSync(built)) {
  process.stderr.write(`companion: ${built} is missing. In a source checkout, run "npm run build" first (or use "npm run cli -- …").\n`)
  process.exit(1)
}
const { runMain } = await import(pathToFileURL(built).href)
runMain(process.argv.slice(2))
