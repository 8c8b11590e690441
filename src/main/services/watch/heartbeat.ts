/**
 * The watch's heartbeat (issue 31): after each full round of checks the watcher calls a URL the operator
 * set, healthchecks.io-style, so that a dead watcher or a dead host is noticed by something outside it: the
 * URL itself when the round went well, `<url>/fail` while a critical alert is open, and nothing once the
 * watch has stopped (the silence is the signal).
 *
 * A ping never holds the watch: it is not awaited, at most one is in flight (a round that ends meanwhile is
 * not pinged twice), and its deadline is a timer the ping owns and clears, so it cannot be lost (an
 * `AbortSignal.timeout()` that nothing holds is freed by the garbage collector and never fires on Node 20).
 * A failing heartbeat is logged once when it starts failing and once when it gets through again, naming the
 * host only: the URL is a secret, sealed at rest like a channel's and opened only to ping.
 */
import type { HeartbeatPing, HeartbeatView } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { HeartbeatStore } from '../../cache/heartbeat-store'
import { deadlineSignal } from '../../clients/transport/deadline'
import type { Clock } from '../../clock'
import type { SecretStore } from '../../secrets'

export const HEARTBEAT_TIMEOUT_MS = 10_000

export interface HeartbeatOptions {
  store: HeartbeatStore
  secrets: SecretStore
  clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>
  /** whether a critical alert of a watched profile is open (and not silenced) now */
  critical: () => boolean
  timeoutMs?: number
  warn: (message: string) => void
  info: (message: string) => void
  /** a ping was made: what watch.heartbeat answers changed (the page reloads it) */
  changed?: () => void
}

export class Heartbeat {
  private running = false
  private inFlight: AbortController | null = null
  private last: HeartbeatPing | null = null
  private failingSince: number | null = null
  private readonly timeoutMs: number

  constructor(private readonly opts: HeartbeatOptions) {
    this.timeoutMs = opts.timeoutMs ?? HEARTBEAT_TIMEOUT_MS
  }

  /** The watch started: rounds are pinged from now on. */
  start(): void {
    this.running = true
  }

  /** The watch stopped: no more pings, and one in flight is abandoned. */
  stop(): void {
    this.running = false
    this.inFlight?.abort()
    this.inFlight = null
  }

  view(): HeartbeatView {
    const row = this.opts.store.get()
    return {
      target: row?.target ?? null,
      secretStorage: row?.storage ?? null,
      setAt: row?.setAt ?? null,
      lastPing: row ? this.last : null,
      failingSince: row ? this.failingSince : null
    }
  }

  /** Sets (url) or clears (null) the URL; what this process's pings did before is forgotten. */
  set(url: string | null): HeartbeatView {
    if (url === null) this.opts.store.clear()
    else this.opts.store.put({ target: new URL(url).host, storage: this.opts.secrets.storage, sealed: this.opts.secrets.seal(url), setAt: this.opts.clock.now() })
    this.last = null
    this.failingSince = null
    return this.view()
  }

  /** The config file's `heartbeat`: set, replaced or removed only where it differs from what is stored. */
  ensure(url: string | null): 'set' | 'changed' | 'removed' | 'unchanged' {
    const row = this.opts.store.get()
    if (url === null) {
      if (!row) return 'unchanged'
      this.set(null)
      return 'removed'
    }
    if (row && this.openUrl() === url) return 'unchanged'
    this.set(url)
    return row ? 'changed' : 'set'
  }

  /** A full round of checks ended (every watched profile checked since the last round): ping, unless one is still out. */
  roundDone(): void {
    if (!this.running || this.inFlight) return
    let url: string | undefined
    try {
      url = this.openUrl()
    } catch (err) {
      this.record({ at: this.opts.clock.now(), signal: 'ok', delivered: false, status: null, error: (err as Error).message.slice(0, 300) }, this.opts.store.get()?.target ?? '?')
      return
    }
    if (url === undefined) return
    const target = new URL(url).host
    const signal = this.opts.critical() ? 'fail' : 'ok'
    void this.ping(signal === 'fail' ? `${url}/fail` : url, signal, target)
  }

  /** The stored URL opened, or undefined when none is set; throws (without the URL) when this process cannot open it. */
  private openUrl(): string | undefined {
    const row = this.opts.store.get()
    if (!row) return undefined
    if (row.storage !== this.opts.secrets.storage)
      throw new AppError('UNAUTHORIZED', `the heartbeat URL was sealed by another mode of the app (${row.storage}); this one keeps secrets ${this.opts.secrets.storage}: set it again here`)
    try {
      return this.opts.secrets.open(row.sealed)
    } catch {
      throw new AppError('UNAUTHORIZED', 'the heartbeat URL cannot be opened (the keychain changed?): set it again')
    }
  }

  private async ping(url: string, signal: 'ok' | 'fail', target: string): Promise<void> {
    const abort = new AbortController()
    this.inFlight = abort
    const deadline = deadlineSignal(this.timeoutMs, abort.signal, this.opts.clock)
    const at = this.opts.clock.now()
    let ping: HeartbeatPing
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': 'node-operator-companion' },
        body: signal === 'fail' ? 'a critical alert is open' : 'a round of checks ended',
        // The URL is a secret: never sent on to wherever a redirect points.
        redirect: 'manual',
        signal: deadline.signal
      })
      // The answer's body is not needed: dropped, so the connection is freed.
      await res.body?.cancel().catch(() => undefined)
      const ok = res.status >= 200 && res.status < 300
      const error = ok ? null : res.status >= 300 && res.status < 400 ? `the receiver redirected (HTTP ${res.status}): give the final URL instead` : `the receiver answered HTTP ${res.status}`
      ping = { at, signal, delivered: ok, status: res.status, error }
    } catch (err) {
      if (!deadline.timedOut() && abort.signal.aborted) return // the watch stopped: nothing to say
      ping = { at, signal, delivered: false, status: null, error: deadline.timedOut() ? `no answer within ${Math.round(this.timeoutMs / 1_000)} s` : reason(err) }
    } finally {
      deadline.clear()
      if (this.inFlight === abort) this.inFlight = null
    }
    this.record(ping, target)
  }

  /** Keeps the ping; says so in the log when the heartbeat starts failing, and when it gets through again. */
  private record(ping: HeartbeatPing, target: string): void {
    this.last = ping
    this.opts.changed?.()
    if (!ping.delivered && this.failingSince === null) {
      this.failingSince = ping.at
      this.opts.warn(`heartbeat: the ping to ${target} failed (${ping.error ?? 'no answer'}); the watch goes on, and this is said again when a ping gets through`)
    } else if (ping.delivered && this.failingSince !== null) {
      this.opts.info(`heartbeat: the ping to ${target} gets through again (it failed since ${new Date(this.failingSince).toISOString()})`)
      this.failingSince = null
    }
  }
}

/** Why no answer came, in words: a network error's code, never the URL. */
function reason(err: unknown): string {
  const code = (err as { cause?: { code?: unknown } })?.cause?.code
  return typeof code === 'string' ? `could not reach the receiver (${code})` : 'could not reach the receiver'
}
