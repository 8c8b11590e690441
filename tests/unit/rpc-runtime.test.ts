import { z } from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import { createRpcClient } from '../../src/shared/rpc/client'
import { createRpcServer } from '../../src/shared/rpc/server'
import { defineEvent, defineMethod } from '../../src/shared/rpc/contract-types'
import { AppError } from '../../src/shared/rpc/errors'

const testContract = {
  methods: {
    'math.add': defineMethod({
      summary: 'adds',
      effect: 'read',
      input: z.object({ a: z.number(), b: z.number() }).strict(),
      output: z.object({ sum: z.number() }).strict()
    }),
    'math.fail': defineMethod({ summary: 'fails', effect: 'read', input: z.object({}).strict(), output: z.object({}).strict() }),
    'math.crash': defineMethod({ summary: 'crashes', effect: 'read', input: z.object({}).strict(), output: z.object({}).strict() }),
    'math.lie': defineMethod({ summary: 'returns off-contract', effect: 'read', input: z.object({}).strict(), output: z.object({ n: z.number() }).strict() }),
    'math.wait': defineMethod({ summary: 'answers when its signal aborts', effect: 'read', input: z.object({ n: z.number() }).strict(), output: z.object({ n: z.number() }).strict() })
  },
  events: { 'math.tick': defineEvent({ summary: 'ticks', payload: z.object({ n: z.number() }).strict() }) }
} as const

function setup() {
  const add = vi.fn(({ a, b }: { a: number; b: number }) => ({ sum: a + b }))
  const hooks = { onFirstSubscriber: vi.fn(), onLastUnsubscribed: vi.fn(), onInternalError: vi.fn() }
  /** Each math.wait call's signal, by its n: the call ends when its signal aborts. */
  const waiting = new Map<number, AbortSignal>()
  const server = createRpcServer(
    testContract,
    {
      'math.add': add,
      'math.fail': () => {
        throw new AppError('CONFLICT', 'no')
      },
      'math.crash': () => {
        throw new Error('secret=abc')
      },
      'math.lie': () => ({ n: 'x' }) as unknown as { n: number },
      'math.wait': ({ n }, { signal }) => {
        waiting.set(n, signal)
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new AppError('CANCELLED', `wait ${n} aborted`)), { once: true }))
      }
    },
    hooks
  )
  const pair = createMemoryPair()
  server.attach(pair.server, 'memory')
  const client = createRpcClient<typeof testContract>(pair.client)
  return { server, client, pair, add, hooks, waiting }
}

describe('contract server over the memory transport', () => {
  it('calls a method and returns its validated output', async () => {
    const { client } = setup()
    await expect(client.call('math.add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 })
  })

  it('rejects unknown keys and bad types before the handler runs', async () => {
    const { client, add } = setup()
    await expect(client.call('math.add', { a: 1, b: 2, c: 3 } as never)).rejects.toMatchObject({ code: 'BAD_INPUT' })
    await expect(client.call('math.add', { a: '1', b: 2 } as never)).rejects.toMatchObject({ code: 'BAD_INPUT', message: /a:/ })
    expect(add).not.toHaveBeenCalled()
  })

  it('refuses unknown methods, including prototype names', async () => {
    const { client } = setup()
    await expect(client.call('math.nope' as never, {} as never)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(client.call('constructor.call' as never, {} as never)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('sends AppErrors as data and hides the text of unexpected errors', async () => {
    const { client, hooks } = setup()
    await expect(client.call('math.fail', {})).rejects.toMatchObject({ code: 'CONFLICT', message: 'no' })
    const crash = await client.call('math.crash', {}).catch((e: AppError) => e)
    expect(crash).toMatchObject({ code: 'INTERNAL' })
    expect((crash as AppError).message).not.toContain('secret')
    expect(hooks.onInternalError).toHaveBeenCalled()
  })

  it('refuses an output that breaks the contract', async () => {
    const { client } = setup()
    await expect(client.call('math.lie', {})).rejects.toMatchObject({ code: 'INTERNAL' })
  })

  it('answers a malformed frame with BAD_INPUT', async () => {
    const { pair } = setup()
    const got = new Promise((r) => pair.client.onFrame(r))
    pair.client.send({ t: 'call', id: 7, method: 'not a name', input: {} } as never)
    await expect(got).resolves.toMatchObject({ t: 'fail', error: { code: 'BAD_INPUT' } })
  })

  it('subscribes lazily and counts references', async () => {
    const { server, client, hooks } = setup()
    const seen: number[] = []
    const off1 = client.on('math.tick', (p) => seen.push(p.n))
    const off2 = client.on('math.tick', (p) => seen.push(p.n * 10))
    await new Promise((r) => setTimeout(r, 5))
    expect(hooks.onFirstSubscriber).toHaveBeenCalledTimes(1)
    server.publish('math.tick', { n: 1 })
    await new Promise((r) => setTimeout(r, 5))
    expect(seen).toEqual([1, 10])
    off1()
    await new Promise((r) => setTimeout(r, 5))
    expect(hooks.onLastUnsubscribed).not.toHaveBeenCalled()
    off2()
    await new Promise((r) => setTimeout(r, 5))
    expect(hooks.onLastUnsubscribed).toHaveBeenCalledTimes(1)
    expect(server.subscriberCount('math.tick')).toBe(0)
  })

  it('drops subscriptions and fails pending calls when the connection closes', async () => {
    const { server, client, pair } = setup()
    client.on('math.tick', () => {})
    await new Promise((r) => setTimeout(r, 5))
    expect(server.subscriberCount('math.tick')).toBe(1)
    pair.client.close()
    expect(server.subscriberCount('math.tick')).toBe(0)
  })

  it("cancels one call: the client fails it at once with CANCELLED, the server aborts that handler's signal only", async () => {
    const { client, waiting, add } = setup()
    const first = new AbortController()
    const one = client.call('math.wait', { n: 1 }, { signal: first.signal })
    const two = client.call('math.wait', { n: 2 })
    await vi.waitFor(() => expect(waiting.size).toBe(2))
    first.abort()
    await expect(one).rejects.toMatchObject({ code: 'CANCELLED' })
    await vi.waitFor(() => expect(waiting.get(1)!.aborted).toBe(true))
    expect(waiting.get(2)!.aborted).toBe(false)
    // The connection serves on, and a call cancelled before it is sent never reaches the server.
    await expect(client.call('math.add', { a: 1, b: 1 })).resolves.toEqual({ sum: 2 })
    await expect(client.call('math.add', { a: 1, b: 2 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(add).toHaveBeenCalledTimes(1)
    void two.catch(() => undefined)
  })

  it('ignores a cancel of a call that ended or never was, and an id used again is still answered', async () => {
    const { client, pair } = setup()
    await expect(client.call('math.add', { a: 2, b: 2 })).resolves.toEqual({ sum: 4 })
    pair.client.send({ t: 'cancel', id: 1 })
    pair.client.send({ t: 'cancel', id: 999 })
    await expect(client.call('math.add', { a: 3, b: 3 })).resolves.toEqual({ sum: 6 })
  })
})
