/**
 * Cancelling one call: a read no longer wanted stops at the remote service, not only in the page. The sim
 * holds the node's answer (a 'hang' fault) and counts the requests whose client gave up (closed the
 * connection); the app runs with its contract server, and the page's one composable for reads (useRead)
 * runs on it as in the desktop window (the preload's bridge, over the in-memory transport).
 */
import { createPinia, setActivePinia } from 'pinia'
import { effectScope, ref, type Ref } from 'vue'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryPair } from '../../../src/shared/rpc/memory'
import { activateSim, connect, failure, simPerFile, testApp } from './helpers'

const sim = simPerFile()
let ctx: ReturnType<typeof testApp>

const X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'

beforeAll(async () => {
  ctx = testApp('browser')
  await activateSim(connect(ctx.app), sim)
})
afterAll(() => ctx?.done())

/** The sim holds every platform.getBlockchainStatus from now on (no check, probe or watch reads it). */
function holdStatusReads(): () => void {
  const id = sim.faults.add({ service: 'node', kind: 'hang', match: 'platform.getBlockchainStatus' })
  return () => sim.faults.remove(id)
}

const held = () => sim.faults.held()

/**
 * The page's composable for reads, loaded at run time: its modules are typed against the DOM (the web
 * project's types), not the Node types of this file. The type below is the part of it this test uses.
 */
const PAGE_READS = '../../../src/renderer/src/composables/useRead'
type UseStatusRead = (method: 'pchain.getBlockchainStatus', input: () => { blockchainID: string }) => { loading: Ref<boolean>; data: Ref<unknown> }

describe('cancelling one call', () => {
  it('a cancelled call fails at once with CANCELLED and the sim sees its request closed', async () => {
    const release = holdStatusReads()
    try {
      const client = connect(ctx.app)
      const before = held()
      const cancel = new AbortController()
      const call = client.call('pchain.getBlockchainStatus', { blockchainID: X_CHAIN }, { signal: cancel.signal })
      await vi.waitFor(() => expect(held().open).toBe(before.open + 1), { timeout: 30_000 })
      cancel.abort()
      expect((await failure(call)).code).toBe('CANCELLED')
      await vi.waitFor(() => expect(held()).toEqual({ open: before.open, abandoned: before.abandoned + 1 }), { timeout: 30_000 })
      // The connection serves on: another call answers.
      release()
      expect((await client.call('pchain.getBlockchainStatus', { blockchainID: X_CHAIN })).data.blockchainID).toBe(X_CHAIN)
    } finally {
      release()
    }
  })

  it("a view that unmounts or changes its input mid-read cancels the read it no longer needs, up to the sim", async () => {
    // The page's modules as in the desktop window: window.companion is the preload's bridge (send, onFrame).
    const pair = createMemoryPair()
    ctx.app.server.attach(pair.server, 'ipc')
    vi.stubGlobal('window', { companion: { send: pair.client.send, onFrame: pair.client.onFrame } })
    const { useRead } = (await import(/* @vite-ignore */ PAGE_READS)) as { useRead: UseStatusRead }
    setActivePinia(createPinia())
    const release = holdStatusReads()
    const scope = effectScope()
    try {
      const before = held()
      const chain = ref(X_CHAIN)
      const read = scope.run(() => useRead('pchain.getBlockchainStatus', () => ({ blockchainID: chain.value })))!
      await vi.waitFor(() => expect(held().open).toBe(before.open + 1), { timeout: 30_000 })
      expect(read.loading.value).toBe(true)

      // Another input: the read of the first is cancelled at the sim, the second one asked.
      chain.value = C_CHAIN
      await vi.waitFor(() => expect(held()).toEqual({ open: before.open + 1, abandoned: before.abandoned + 1 }), { timeout: 30_000 })

      // The view goes: its read is cancelled at the sim too.
      scope.stop()
      await vi.waitFor(() => expect(held()).toEqual({ open: before.open, abandoned: before.abandoned + 2 }), { timeout: 30_000 })
      expect(read.data.value).toBeNull()
    } finally {
      scope.stop()
      release()
      vi.unstubAllGlobals()
    }
  })
})

