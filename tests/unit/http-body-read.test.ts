import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { readBody, readJson } from '../../src/main/clients/transport/http'

describe('reading a body under a long-lived signal', () => {
  it('leaves no abort listener behind once each read is over, read whole, refused as too large or not JSON', async () => {
    // A load-all reads thousands of pages under one signal: a listener left per read held every read's
    // promise until the signal went, and Node warned of a leak past ten.
    const { signal } = new AbortController()
    for (let i = 0; i < 12; i++) expect(await readBody(new Response(`page ${i}`), 'data service', 100, { signal })).toBe(`page ${i}`)
    await expect(readBody(new Response('x'.repeat(200)), 'data service', 100, { signal })).rejects.toMatchObject({ code: 'UPSTREAM_INVALID' })
    await expect(readJson(new Response('{not json'), 'data service', 100, { signal })).rejects.toMatchObject({ code: 'UPSTREAM_INVALID' })
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it('still ends a read when the signal aborts mid-body, as CANCELLED', async () => {
    const controller = new AbortController()
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"a":')) })
    const read = readJson(new Response(body), 'data service', 100, { signal: controller.signal })
    controller.abort()
    await expect(read).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})
