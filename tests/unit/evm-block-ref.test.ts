/**
 * evm.getBlock checks the block it is asked for before anything is sent: a plain non-negative number
 * takes the fast path, anything else goes through the schema and is refused with BAD_INPUT.
 */
import { describe, expect, it } from 'vitest'
import { getBlock } from '../../src/main/clients/node/evm'
import { JsonRpcHttpEndpoint } from '../../src/main/clients/transport/jsonrpc'
import { AppError } from '../../src/shared/rpc/errors'

// Nothing listens here: a refusal must come before any request (a request would fail with NETWORK).
const nowhere = new JsonRpcHttpEndpoint({ url: 'http://127.0.0.1:9/', service: 'test node', batch: true })

async function codeOf(p: Promise<unknown>): Promise<string> {
  const e = await p.then(() => undefined, (err: unknown) => err)
  expect(e).toBeInstanceOf(AppError)
  return (e as AppError).code
}

describe('evm.getBlock input', () => {
  it.each([{ blockNumber: -1 }, { blockNumber: -1n }, { blockNumber: 1.5 }, { blockNumber: Number.MAX_SAFE_INTEGER + 2 }, { blockTag: 'newest' }])(
    'refuses %o before sending',
    async (ref) => {
      expect(await codeOf(getBlock(nowhere, ref as never))).toBe('BAD_INPUT')
    }
  )

  it.each([{ blockNumber: 5 }, { blockNumber: 5n }, { blockTag: 'latest' as const }])('sends %o (and fails only on the network)', async (ref) => {
    expect(await codeOf(getBlock(nowhere, ref))).toBe('NETWORK')
  })
})
