#!/usr/bin/env node
// The `companion` command: runs src/main/cli.ts through tsx, so it needs no build step.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const result = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'main', 'cli.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
