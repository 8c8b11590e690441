import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Whether the module at `moduleUrl` is the file node was started with (`node out/main/serve.js`,
 * `tsx src/main/cli.ts`), as opposed to one imported by another entry (the `companion` command imports
 * the CLI, and the CLI imports browser mode for `companion serve`): only then does it run itself.
 */
export function isEntryFile(moduleUrl: string): boolean {
  const started = process.argv[1]
  if (!started) return false
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl))
  } catch {
    return false
  }
}
