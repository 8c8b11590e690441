/**
 * Each output is checked against the contract once: the server sends an output the handler checked against
 * that very schema (checked-output.ts) as it is, checks any other (unmarked, or marked for another schema),
 * and refuses what does not match. And a list kept as JSON texts (json-texts.ts) is written into a text
 * frame as it is, and becomes the parsed list anywhere else.
 */
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { checkOutput, markChecked } from '../../src/shared/rpc/checked-output'
import { createRpcClient } from '../../src/shared/rpc/client'
import { defineMethod } from '../../src/shared/rpc/contract-types'
import { frameText, JsonTexts } from '../../src/shared/rpc/json-texts'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import { createRpcServer, type CallContext } from '../../src/shared/rpc/server'

/** An output schema that counts its runs. */
function counted() {
  const count = { runs: 0 }
  const schema = z
    .object({ n: z.number() })
    .strict()
    .superRefine(() => void count.runs++)
  return { schema, count }
}

function serve(output: z.ZodType, handler: (ctx: CallContext) => unknown) {
  const contract = { methods: { 'test.get': defineMethod({ summary: 'gets', effect: 'read', input: z.object({}).strict(), output }) }, events: {} } as const
  const errors: unknown[] = []
  const server = createRpcServer(contract, { 'test.get': (_input, ctx) => handler(ctx) as never }, { onInternalError: (_m, e) => errors.push(e) })
  const pair = createMemoryPair()
  server.attach(pair.server, 'memory')
  return { client: createRpcClient<typeof contract>(pair.client), errors }
}

describe('one check per answer', () => {
  it('the server sends an output its handler checked against the same schema without checking it again', async () => {
    const { schema, count } = counted()
    const { client } = serve(schema, () => checkOutput(schema, { n: 1 }).data)
    await expect(client.call('test.get', {})).resolves.toEqual({ n: 1 })
    expect(count.runs).toBe(1)
  })

  it('checks an unmarked output itself, once, and refuses one that does not match', async () => {
    const { schema, count } = counted()
    const { client } = serve(schema, () => ({ n: 2 }))
    await expect(client.call('test.get', {})).resolves.toEqual({ n: 2 })
    expect(count.runs).toBe(1)
    const liar = serve(schema, () => ({ n: 'two' }))
    await expect(liar.client.call('test.get', {})).rejects.toMatchObject({ code: 'INTERNAL' })
  })

  it('checks an output marked for another schema, and one whose parsed copy (not the object itself) was marked', async () => {
    const { schema } = counted()
    const other = z.object({ n: z.string() }).strict()
    const marked = serve(schema, () => {
      const value = { n: 'three' }
      markChecked(value, other)
      return value
    })
    await expect(marked.client.call('test.get', {})).rejects.toMatchObject({ code: 'INTERNAL' })
    // A value rebuilt from JSON (as remote data or a cached row arrives) carries no mark, whatever fields it has.
    const copied = serve(schema, () => JSON.parse(JSON.stringify({ n: 'four', checked: true })) as unknown)
    await expect(copied.client.call('test.get', {})).rejects.toMatchObject({ code: 'INTERNAL' })
  })

  it('tells a handler that its answer leaves as JSON text (the memory pair, as the websocket)', async () => {
    const { schema } = counted()
    let seen: boolean | undefined
    const { client } = serve(schema, (ctx) => ((seen = ctx.jsonTexts), { n: 5 }))
    await client.call('test.get', {})
    expect(seen).toBe(true)
  })
})

describe('JSON texts in a frame', () => {
  const texts = ['{"a":1,"s":"x\\"y"}', '{"a":2,"u":"\\u0000"}']

  it('are written into a text frame as they are, between the rest of the frame', () => {
    const frame = { t: 'ok', id: 1, output: { data: { before: 'b', list: new JsonTexts(texts), after: [new JsonTexts([]), 'z'] } } }
    const text = frameText(frame)
    expect(text).toContain(`[${texts.join(',')}]`)
    expect(JSON.parse(text)).toEqual({ t: 'ok', id: 1, output: { data: { before: 'b', list: [{ a: 1, s: 'x"y' }, { a: 2, u: '\u0000' }], after: [[], 'z'] } } })
  })

  it('leave a string of the data that looks like their place in the frame as it is', () => {
    const lookalike = '\u0000jsontexts:00000000000000000000000000000000:0'
    const text = frameText({ s: lookalike, list: new JsonTexts(['1']) })
    expect(JSON.parse(text)).toEqual({ s: lookalike, list: [1] })
  })

  it('become the parsed list outside a frame, and through the memory pair', async () => {
    expect(JSON.parse(JSON.stringify({ list: new JsonTexts(texts) }))).toEqual({ list: [{ a: 1, s: 'x"y' }, { a: 2, u: '\u0000' }] })
    const schema = z.object({ list: z.unknown() }).strict()
    const { client } = serve(schema, () => {
      const value = { list: new JsonTexts(texts) }
      markChecked(value, schema)
      return value
    })
    await expect(client.call('test.get', {})).resolves.toEqual({ list: [{ a: 1, s: 'x"y' }, { a: 2, u: '\u0000' }] })
  })
})
