/**
 * Quiet times: silences and maintenance windows, set and listed (the alerts.silences … methods), and what the
 * delivery path asks of them. A firing alert they hold is one part of the hold seam (hold.ts: silencePart): it
 * stays unsent until the hold ends, then goes out once (dispatch.ts, by its notified_at). A resolution they hold
 * (of an alert that was sent) is kept here and sent at the first check of its profile after the hold ends. The
 * matching and the window maths are pure and shared with the renderer (shared/domain/alert-silence.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Alert, MaintenanceWindow, Output, ParsedInput, Silence } from '../../../shared/contract'
import { holdOf, type Hold, type QuietLike } from '../../../shared/domain/alert-silence'
import { windowAt } from '../../../shared/domain/maintenance-window'
import { AppError } from '../../../shared/rpc/errors'
import type { AlertStore } from '../../cache/alert-store'
import type { SilenceStore } from '../../cache/silence-store'

/** How far ahead a silence may be set to start. */
export const MAX_SILENCE_LEAD_MS = 30 * 24 * 3_600_000

export interface QuietServiceOptions {
  store: SilenceStore
  alerts: AlertStore
  hasProfile: (id: string) => boolean
  now: () => number
}


export class QuietService {
  constructor(private readonly opts: QuietServiceOptions) {}

  /** The silences not ended and every window, at `at`. */
  quietAt(at: number): { silences: Silence[]; windows: MaintenanceWindow[] } {
    return { silences: this.opts.store.silences(at), windows: this.opts.store.windows() }
  }

  /** What holds an alert back at `at`, or null (the seam the delivery policy composes with its other reasons). */
  holdOf(alert: Pick<Alert, 'profileId' | 'rule' | 'subject'>, at: number, quiet: QuietLike = this.quietAt(at)): Hold | null {
    return holdOf(alert, quiet, at)
  }

  /**
   * One check's resolutions as the silences leave them: that of an alert that was sent and is silenced now is kept
   * and left out; one kept before whose silence has ended comes back, to be sent now (each once).
   */
  resolutions(profileId: string, at: number, cleared: readonly Alert[], wasSent: (id: string) => boolean): { send: Alert[]; released: Alert[] } {
    const { store, alerts } = this.opts
    const held = store.heldResolutions(profileId)
    // Most checks resolve nothing and hold nothing: the silences are read only when there is something to ask.
    if (held.length === 0 && cleared.length === 0) return { send: [], released: [] }
    const quiet = this.quietAt(at)
    const released = held.flatMap((id) => {
      const alert = alerts.get(id)
      if (alert && holdOf(alert, quiet, at)) return []
      store.releaseResolution(id)
      return alert ? [alert] : []
    })
    const send = cleared.filter((a) => {
      if (!wasSent(a.id) || !holdOf(a, quiet, at)) return true
      store.holdResolution(a.id, a.profileId, at)
      return false
    })
    return { send, released }
  }

  /** What is silenced at `at`, a line each (the daily digest): the silences in force and the windows. */
  silencedText(at: number, nameOf: (profileId: string) => string): Array<{ profileId: string | null; text: string }> {
    const { silences, windows } = this.quietAt(at)
    const who = (id: string | null): string => (id === null ? 'every profile' : nameOf(id))
    return [
      ...silences
        .filter((s) => s.startsAt <= at)
        .map((s) => ({ profileId: s.profileId, text: `${who(s.profileId)}: ${s.rule ?? 'every rule'}${s.subject === null ? '' : ` of ${s.subject}`} (${s.reason}, by ${s.createdBy})` })),
      ...windows.filter((w) => windowAt(w, at) !== null).map((w) => ({ profileId: w.profileId, text: `${who(w.profileId)}: maintenance window “${w.name}”` }))
    ]
  }

  list(input: ParsedInput<'alerts.silences'>): Output<'alerts.silences'> {
    if (input.profileId) this.requireProfile(input.profileId)
    const { silences, windows } = this.quietAt(this.opts.now())
    const mine = <T extends { profileId: string | null }>(x: T): boolean => !input.profileId || x.profileId === null || x.profileId === input.profileId
    return { silences: silences.filter(mine), windows: windows.filter(mine) }
  }

  addSilence(input: ParsedInput<'alerts.addSilence'>): Output<'alerts.addSilence'> {
    if (input.profileId !== null) this.requireProfile(input.profileId)
    const now = this.opts.now()
    const startsAt = input.startsAt ?? now
    if (startsAt > now + MAX_SILENCE_LEAD_MS) throw new AppError('BAD_INPUT', 'startsAt must be within 30 days from now')
    const silence: Silence = {
      id: randomUUID(),
      profileId: input.profileId,
      rule: input.rule,
      subject: input.subject,
      startsAt,
      endsAt: Math.max(startsAt, now) + input.minutes * 60_000,
      reason: input.reason,
      createdBy: input.by,
      createdAt: now
    }
    this.opts.store.putSilence(silence)
    return silence
  }

  expireSilence(id: string): Output<'alerts.expireSilence'> {
    if (!this.opts.store.silence(id)) throw new AppError('NOT_FOUND', `No silence with id ${id}: list them with alerts.silences`)
    this.opts.store.endSilence(id, this.opts.now())
    return this.opts.store.silence(id)!
  }

  setWindow(input: ParsedInput<'alerts.setWindow'>): Output<'alerts.setWindow'> {
    if (input.profileId !== null) this.requireProfile(input.profileId)
    if (input.id !== undefined && !this.opts.store.window(input.id))
      throw new AppError('NOT_FOUND', `No maintenance window with id ${input.id}: leave id out to add one`)
    const w: MaintenanceWindow = {
      id: input.id ?? randomUUID(),
      name: input.name,
      profileId: input.profileId,
      schedule: input.schedule,
      durationMinutes: input.durationMinutes,
      timeZone: input.timeZone
    }
    this.opts.store.putWindow(w, this.opts.now())
    return w
  }

  removeWindow(id: string): Output<'alerts.removeWindow'> {
    if (!this.opts.store.removeWindow(id)) throw new AppError('NOT_FOUND', `No maintenance window with id ${id}: list them with alerts.silences`)
    return this.list({})
  }

  private requireProfile(profileId: string): void {
    if (!this.opts.hasProfile(profileId)) throw new AppError('NOT_FOUND', `No profile with id ${profileId}: list them with profiles.list`)
  }
}
