import { randomUUID } from 'node:crypto'
import { bytesOfHex, decodeAtomicTxBytes, decodeAtomicTxHex, DecodeError, type OwnerFormat } from '../../../shared/codec'
import { encodeCb58 } from '../../../shared/domain/encoding'
import { answeredByNode, FINAL_STATUSES, type IssuedTx, type Output, type Watch } from '../../../shared/contract'
import { AppError, errorDataSchema, toErrorData, type ErrorData } from '../../../shared/rpc/errors'
import type { AtomicStore, IssuedRow, WatchRow } from '../../cache/atomic-store'
import { core, type NodeApis } from '../../clients/node/index'
import { sha256 } from '@noble/hashes/sha2.js'
import { refusalToSend, seenAccepted, type SeenStatus } from './known'

export interface AtomicDeps {
  store: AtomicStore
  active: () => { scope: string; node: NodeApis; owners: OwnerFormat }
  /** The APIs of a node by its base URL (a watch resumed at start may be for a node that is not active). */
  nodeAt: (scope: string) => NodeApis
  changed: (scope: string) => void
  warn: (message: string) => void
  /** The statuses of a tx kept from reads of the node (core.getAtomicTxStatus, core.getAtomicTx with its height). */
  cachedStatuses: (scope: string, txID: string) => SeenStatus[]
  now?: () => number
  /** ms between two status polls of a watch */
  pollMs?: number
}

/**
 * Atomic txs: look up, status, watch, and issuing exactly once. An issued tx is written to the journal
 * before it is sent, sent once (the transport never retries a node-changing call), and never resent:
 * after a time-out or a lost connection its status is watched by the txID derived from the bytes. Bytes
 * the node refused, or of a tx seen Accepted, go again only on the caller's explicit word (./known.ts).
 * Watches live in the cache and resume at the next start.
 */
export class AtomicService {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly now: () => number
  private readonly pollMs: number
  private stopped = false

  constructor(private readonly d: AtomicDeps) {
    this.now = d.now ?? Date.now
    this.pollMs = d.pollMs ?? 1_000
  }

  /** At start: every watch still running (of any node) polls again. */
  resume(): void {
    for (const w of this.d.store.activeWatches()) this.schedule(w.scope, w.txId, 0)
  }

  stop(): void {
    this.stopped = true
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  async getTx(txID: string, signal?: AbortSignal): Promise<Output<'core.getAtomicTx'>['data']> {
    const { node, owners } = this.d.active()
    const r = await core.getAtomicTx(node, { txID }, signal ? { signal } : {})
    const base = { txID, hex: r.tx, ...(r.blockHeight !== undefined ? { blockHeight: r.blockHeight } : {}) }
    try {
      return { ...base, decoded: decodeAtomicTxHex(r.tx, owners) }
    } catch (e) {
      return { ...base, decodeError: e instanceof DecodeError ? e.message : String(e) }
    }
  }

  async status(txID: string, signal?: AbortSignal): Promise<Output<'core.getAtomicTxStatus'>['data']> {
    const r = await core.getAtomicTxStatus(this.d.active().node, { txID }, signal ? { signal } : {})
    return { txID, status: r.status, ...(r.blockHeight !== undefined ? { blockHeight: r.blockHeight } : {}) }
  }

  /** The node's VM version, or offered: false when the node no longer has core.version (avalanchego v1.14.1+). */
  async version(signal?: AbortSignal): Promise<Output<'core.version'>['data']> {
    try {
      const r = await core.version(this.d.active().node, {}, signal ? { signal } : {})
      return { offered: true, version: r.version }
    } catch (err) {
      if (err instanceof AppError && err.is('RPC') && /can't find method|method not found|does not exist/i.test(err.details?.upstreamMessage ?? err.message)) return { offered: false }
      throw err
    }
  }

  watch(txID: string): Watch {
    const { scope } = this.d.active()
    this.startWatch(scope, txID)
    return this.watchView(this.d.store.watch(scope, txID)!)
  }

  watches(limit = 100): Watch[] {
    return this.d.store.recentWatches(this.d.active().scope, limit).map((w) => this.watchView(w))
  }

  journal(limit: number): IssuedTx[] {
    return this.d.store.recentIssued(this.d.active().scope, limit).map((r) => this.entryView(r))
  }

  /**
   * sendAgain: the caller's explicit second choice to send bytes the node refused before, or of a tx the
   * app has seen Accepted (without it such a send is refused with CONFLICT, saying why and how to ask).
   */
  async issue(hex: string, opts: { sendAgain?: boolean; signal?: AbortSignal | undefined } = {}): Promise<IssuedTx> {
    const { signal } = opts
    const { scope, node, owners } = this.d.active()
    let bytes: Uint8Array
    try {
      bytes = bytesOfHex(hex, 'transaction')
      decodeAtomicTxBytes(bytes, owners)
    } catch (e) {
      throw new AppError('BAD_INPUT', `The transaction was not sent: ${(e as Error).message}`, { issues: [{ path: ['tx'], message: (e as Error).message.slice(0, 300) }] })
    }
    const txID = encodeCb58(sha256(bytes))
    const seen = seenAccepted(this.d.store.events(scope, txID), this.d.cachedStatuses(scope, txID))
    const refusal = refusalToSend(txID, this.d.store.issuedByTx(scope, txID), seen, opts.sendAgain === true)
    if (refusal) throw refusal
    const id = randomUUID()
    // Journaled before it is sent: if the app dies now, the next start still knows and watches it. A send
    // after a refusal is a record of its own: the journal keeps every send.
    this.d.store.insertIssued({ id, scope, txId: txID, hex, requestedAt: this.now() })
    this.d.changed(scope)
    try {
      const r = await core.issueTx(node, { tx: hex }, signal ? { signal } : {})
      if (r.txID !== txID) this.d.warn(`node answered txID ${r.txID} for bytes whose sha256 is ${txID}`)
      this.d.store.finishIssued(id, 'accepted', this.now(), null)
      this.startWatch(scope, txID)
    } catch (err) {
      const error = err instanceof AppError ? err : new AppError('INTERNAL', 'issueTx failed unexpectedly', undefined, { cause: err })
      const outcome = outcomeOf(error)
      this.d.store.finishIssued(id, outcome, this.now(), JSON.stringify(toErrorData(error)))
      // No answer: the node may have it. Never resent; its status tells.
      if (outcome === 'unknown') this.startWatch(scope, txID)
      this.d.changed(scope)
      if (outcome === 'refused') throw error
    }
    this.d.changed(scope)
    return this.entryView(this.d.store.issued(id)!)
  }

  private startWatch(scope: string, txID: string): void {
    const w = this.d.store.watch(scope, txID)
    if (w?.state === 'watching' && this.timers.has(key(scope, txID))) return
    this.d.store.startWatch(scope, txID, this.now())
    this.d.changed(scope)
    this.schedule(scope, txID, 0)
  }

  private schedule(scope: string, txID: string, delay: number): void {
    if (this.stopped) return
    const t = setTimeout(() => void this.poll(scope, txID), delay)
    t.unref()
    this.timers.set(key(scope, txID), t)
  }

  private async poll(scope: string, txID: string): Promise<void> {
    this.timers.delete(key(scope, txID))
    try {
      const r = await core.getAtomicTxStatus(this.d.nodeAt(scope), { txID })
      const changed = this.d.store.recordStatus(scope, txID, this.now(), r.status, r.blockHeight ?? null)
      this.d.store.setWatchError(scope, txID, null)
      if ((FINAL_STATUSES as readonly string[]).includes(r.status)) {
        this.d.store.endWatch(scope, txID, 'done', this.now())
        this.d.changed(scope)
        return
      }
      if (changed) this.d.changed(scope)
    } catch (err) {
      this.d.store.setWatchError(scope, txID, JSON.stringify(toErrorData(err)))
      this.d.changed(scope)
    }
    this.schedule(scope, txID, this.pollMs)
  }

  private watchView(w: WatchRow): Watch {
    const error = w.lastError ? errorDataSchema.safeParse(JSON.parse(w.lastError)) : undefined
    return {
      txID: w.txId,
      state: w.state,
      startedAt: w.startedAt,
      ...(w.endedAt !== null ? { endedAt: w.endedAt } : {}),
      timeline: this.d.store.events(w.scope, w.txId).map((e) => ({ at: e.at, status: e.status, ...(e.blockHeight !== null ? { blockHeight: e.blockHeight } : {}) })),
      ...(error?.success ? { lastError: error.data } : {})
    }
  }

  private entryView(r: IssuedRow): IssuedTx {
    const error = r.error ? errorDataSchema.safeParse(JSON.parse(r.error)) : undefined
    const w = this.d.store.watch(r.scope, r.txId)
    return {
      id: r.id,
      node: r.scope,
      txID: r.txId,
      hex: r.hex,
      requestedAt: r.requestedAt,
      ...(r.finishedAt !== null ? { finishedAt: r.finishedAt } : {}),
      outcome: r.outcome,
      ...(r.outcome === 'refused' ? { byNode: error?.success === true && answeredByNode(error.data as ErrorData) } : {}),
      ...(error?.success ? { error: error.data as ErrorData } : {}),
      ...(w ? { watch: this.watchView(w) } : {})
    }
  }
}

const key = (scope: string, txID: string) => `${scope} ${txID}`

/**
 * refused: the node answered no (an RPC error, an HTTP error status) or the request never left
 * (connection refused, our own checks). unknown: it may have arrived (time-out, connection lost).
 */
function outcomeOf(err: AppError): 'refused' | 'unknown' {
  if (err.is('NETWORK')) return /connection refused|host name not found|host unreachable/.test(err.message) ? 'refused' : 'unknown'
  return err.is('TIMEOUT') || err.is('CANCELLED') || err.is('DISCONNECTED') ? 'unknown' : 'refused'
}

