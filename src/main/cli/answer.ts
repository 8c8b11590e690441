import type { Contract } from '../../shared/contract'
import { createRpcClient, type RpcClient } from '../../shared/rpc/client'
import { AppError } from '../../shared/rpc/errors'
import { createMemoryPair } from '../../shared/rpc/memory'
import type { App } from '../app'

/** The command line itself is wrong (exit 2), found only once the app could be asked (a profile's name). */
export class UsageError extends Error {}

/**
 * Asks the app over the in-memory transport and prints its JSON answer (0), or the error as JSON (1), or
 * a usage error's text (2); closes the client and the app either way. `note` adds a line on stderr.
 */
export async function printAnswer(
  app: App,
  ask: (client: RpcClient<Contract>) => Promise<unknown>,
  out: (s: string) => void,
  err: (s: string) => void,
  note?: (result: unknown) => string | undefined
): Promise<number> {
  const pair = createMemoryPair()
  app.server.attach(pair.server, 'memory')
  const client = createRpcClient<Contract>(pair.client)
  try {
    const result = await ask(client)
    const line = note?.(result)
    if (line) err(line)
    out(JSON.stringify(result, null, 2))
    return 0
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.message)
      return 2
    }
    const data = e instanceof AppError ? e.toData() : { code: 'INTERNAL', message: 'Internal error' }
    err(JSON.stringify({ error: data }, null, 2))
    return 1
  } finally {
    pair.client.close()
    app.close()
  }
}
