import { LIVE_WINDOW, type FeeSample, type Head, type LiveStatus, type Payload } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { ChainsStore } from '../../cache/chains-store'
import { evm } from '../../clients/node/index'
import type { EvmEndpoint } from './endpoints'
import { headView } from './views'

/** Heads shown when a chain is first followed. */
const INITIAL_HEADS = 20n
/** Heights read per batch while filling (the node takes batches of at most 40). */
const FILL_CHUNK = 40n
const MIN_RECONNECT_MS = 250
const MAX_RECONNECT_MS = 5_000

export interface FollowerDeps {
  endpoint: EvmEndpoint
  /** the node URL: the cache's scope */
  scope: string
  store: ChainsStore
  publish: (payload: Payload<'cchain.heads'>) => void
  /** The heads read, also kept as entities (searchable in the Cache panel). */
  keepEntities?: (chain: string, heads: Head[], readAt: number) => void
  warn: (message: string) => void
  now?: () => number
}

/**
 * Follows one EVM instance's new blocks. The websocket's newHeads only says "height n exists now";
 * every block is read over HTTP (batched), from the last one held + 1 up to n, so a head lost while
 * the socket was down is read the same way as one announced: the list has no gap, and a height at or
 * below the last one held is never added again. After a drop it reconnects with backoff, resubscribes
 * and catches up to eth_blockNumber. Work runs one step at a time, in order. Memory holds the last
 * LIVE_WINDOW heads; the store keeps the rest. A follower starts with the heads the store kept (so a list
 * is there while the node is gone), and goes on from them once the node answers.
 */
export class HeadFollower {
  private readonly window: Head[] = []
  private last: bigint | undefined
  private readonly status: LiveStatus = { state: 'connecting', reconnects: 0, filled: 0 }
  private sub: { close(): void } | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private delay = MIN_RECONNECT_MS
  private stopped = false
  private work: Promise<void> = Promise.resolve()
  private readonly now: () => number
  /** The window holds heads from the cache, not yet joined to what the node serves now. */
  private seeded = false

  constructor(private readonly d: FollowerDeps) {
    this.now = d.now ?? Date.now
    // Until the node answers, the list is the heads kept in the cache (newest last), as old as recorded.
    const kept = d.store.recentHeads(d.scope, d.endpoint.chain, LIVE_WINDOW)
    if (kept.length > 0) {
      this.status.newestReadAt = kept[0]!.seenAt
      this.window.push(...kept.reverse().map(({ seenAt: _seenAt, ...h }) => h))
      this.seeded = true
    }
  }

  get chain(): string {
    return this.d.endpoint.chain
  }

  get isStopped(): boolean {
    return this.stopped
  }

  start(): void {
    this.connect()
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.sub?.close()
    this.status.state = 'stopped'
  }

  snapshot(): { chain: string; heads: Head[]; status: LiveStatus } {
    return { chain: this.chain, heads: [...this.window], status: { ...this.status } }
  }

  private connect(): void {
    if (this.stopped) return
    this.sub = evm.subscribeNewHeads(this.d.endpoint.wsUrl, {
      onSubscribed: () => {
        this.delay = MIN_RECONNECT_MS
        this.status.state = 'live'
        delete this.status.lastError
        this.enqueue(async () => this.fillTo(await evm.blockNumber(this.d.endpoint.http), true))
      },
      onHead: (n) => this.enqueue(() => this.fillTo(n, false)),
      onClose: (reason, final) => {
        if (this.stopped) return
        this.status.lastError = reason.slice(0, 500)
        if (final) {
          // The node does not run this instance (or serves no websocket for it): nothing to follow.
          this.status.state = 'stopped'
          this.stopped = true
          return this.publish([])
        }
        this.status.state = 'reconnecting'
        this.publish([])
        this.timer = setTimeout(() => {
          this.status.reconnects++
          this.connect()
        }, this.delay)
        this.delay = Math.min(this.delay * 2, MAX_RECONNECT_MS)
      }
    })
  }

  private enqueue(step: () => Promise<void>): void {
    this.work = this.work.then(step).catch((err: unknown) => {
      // The heights stay unread: the next head or reconnection reads them again from the last one held.
      const message = err instanceof AppError ? err.message : String(err)
      this.status.lastError = message.slice(0, 500)
      this.d.warn(`live heads of ${this.chain}: ${message}`)
      this.publish([])
    })
  }

  /** Reads every height from the last held + 1 to n, in batches, and publishes them in order. */
  private async fillTo(n: bigint, catchingUp: boolean): Promise<void> {
    if (this.stopped) return
    if (this.seeded) {
      this.seeded = false
      const keptNewest = BigInt(this.window.at(-1)!.number)
      // The kept heads go on where the node is now when at most a window behind (the gap read over HTTP);
      // otherwise (far behind, or a chain that restarted lower) the list starts afresh.
      if (keptNewest <= n && n - keptNewest <= BigInt(LIVE_WINDOW)) this.last = keptNewest
      else this.window.length = 0
    }
    if (this.last === undefined) this.last = n - INITIAL_HEADS < -1n ? -1n : n - INITIAL_HEADS
    if (n <= this.last) return
    const first = this.last + 1n
    // Heights read here that no head announced: all of a catch-up after a drop, those below n otherwise.
    const unannounced = catchingUp ? (this.status.reconnects > 0 ? n - first + 1n : 0n) : n - first
    for (let from = first; from <= n; from += FILL_CHUNK) {
      const to = from + FILL_CHUNK - 1n < n ? from + FILL_CHUNK - 1n : n
      const heights: bigint[] = []
      for (let h = from; h <= to; h++) heights.push(h)
      const blocks = await Promise.all(heights.map((h) => evm.getBlock(this.d.endpoint.http, { blockNumber: h })))
      if (this.stopped) return
      const heads = blocks.map(headView)
      const prev = this.window.at(-1)
      if (prev && heads[0]!.parentHash !== prev.hash) this.d.warn(`live heads of ${this.chain}: block ${heads[0]!.number} does not follow ${prev.hash} (a reorganisation)`)
      const readAt = this.now()
      this.d.store.putHeads(this.d.scope, this.chain, heads, readAt)
      this.d.keepEntities?.(this.chain, heads, readAt)
      this.status.newestReadAt = readAt
      this.window.push(...heads)
      if (this.window.length > LIVE_WINDOW) this.window.splice(0, this.window.length - LIVE_WINDOW)
      this.last = to
      if (to < n) this.publish(heads)
      else this.publish(heads, await this.sampleFees(to))
    }
    this.status.filled += Number(unannounced)
  }

  /** A fee sample for the chart; an instance without eth_baseFee just gives no sample. */
  private async sampleFees(blockNumber: bigint): Promise<FeeSample | undefined> {
    try {
      const [baseFee, tip] = await Promise.all([evm.baseFee(this.d.endpoint.http), evm.maxPriorityFeePerGas(this.d.endpoint.http)])
      const sample: FeeSample = { at: this.now(), blockNumber: blockNumber.toString(), baseFee: baseFee.toString(), maxPriorityFeePerGas: tip.toString() }
      this.d.store.putFee(this.d.scope, this.chain, sample)
      return sample
    } catch (err) {
      this.d.warn(`fee sample of ${this.chain}: ${err instanceof Error ? err.message : String(err)}`)
      return undefined
    }
  }

  private publish(heads: Head[], fee?: FeeSample): void {
    this.d.publish({ chain: this.chain, heads, ...(fee ? { fee } : {}), status: { ...this.status } })
  }
}

/** At most this many instances are followed at once; the one followed longest ago stops first. */
const MAX_FOLLOWED = 4

/** The followed instances, per node URL and chain. */
export class LiveHeads {
  private readonly followers = new Map<string, HeadFollower>()
  constructor(private readonly make: (chain: string) => FollowerDeps) {}

  watch(chain: string): ReturnType<HeadFollower['snapshot']> {
    const deps = this.make(chain)
    const key = `${deps.scope} ${chain}`
    let f = this.followers.get(key)
    // One that stopped (the node served no websocket) is tried afresh when asked again.
    if (f?.isStopped) this.followers.delete(key)
    if (!f || f.isStopped) {
      f = new HeadFollower(deps)
      this.followers.set(key, f)
      f.start()
      for (const [k, old] of this.followers) {
        if (this.followers.size <= MAX_FOLLOWED) break
        old.stop()
        this.followers.delete(k)
      }
    }
    return f.snapshot()
  }

  stopAll(): void {
    for (const f of this.followers.values()) f.stop()
    this.followers.clear()
  }
}
