/**
 * One pass of a sync job: every list, page after page from its committed cursor. Each page fetched is
 * committed at once (its list's next cursor and counts in one transaction, with the pins of the job's
 * rows), so a pass stopped anywhere goes on from the last committed page and counts nothing twice. A 429
 * is waited out for its Retry-After, second by second as job progress, then the same page is asked
 * again; a few network failures in a row are tried again; anything else ends the pass (its cursors stay).
 */
import { AppError } from '../../../shared/rpc/errors'
import type { SyncStore } from '../../cache/sync-store'
import type { Clock } from '../../clock'
import type { JobContext } from '../jobs/manager'
import { waitOutRetryAfter } from '../jobs/wait-out'
import type { SyncList } from './lists'

/** Rate-limit waits in a row before the pass gives up (the service keeps refusing). */
const MAX_WAITS_IN_A_ROW = 60
/** Other transient failures (network, timeout, 503) in a row before it gives up. */
const MAX_TRANSIENT_IN_A_ROW = 3

export interface PassDeps {
  store: SyncStore
  clock: Clock
  /** runs inside each page's transaction: the pins of the job's rows */
  pin: () => void
  /** after each committed page (and each second of a wait) */
  moved: (waitSec?: number) => void
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

export async function runPass(jobId: string, lists: readonly SyncList[], deps: PassDeps, job: JobContext): Promise<string> {
  const { store, clock } = deps
  store.beginPass(jobId, clock.now())
  const cursors = new Map(store.cursors(jobId).map((c) => [c.list, c]))
  let listsDone = lists.filter((l) => cursors.get(l.key)?.done).length
  let pages = 0
  let items = 0
  for (const c of cursors.values()) {
    pages += c.pages
    items += c.items
  }
  const say = (message: string, waitSec?: number): void => {
    job.progress(listsDone, lists.length, message, waitSec)
    deps.moved(waitSec)
  }
  for (const list of lists) {
    const committed = cursors.get(list.key)
    if (committed?.done) continue
    let cursor = committed?.cursor ?? null
    let page = (committed?.pages ?? 0) + 1
    let waits = 0
    let transient = 0
    for (;;) {
      if (job.signal.aborted) throw new AppError('CANCELLED', `Cancelled before page ${page} of ${list.label}`)
      let got: { items: number; next: string | null }
      try {
        got = await list.fetch(cursor, job.signal)
      } catch (err) {
        if (job.signal.aborted) throw err
        if (err instanceof AppError && err.is('RATE_LIMITED') && ++waits <= MAX_WAITS_IN_A_ROW) {
          const where = `page ${page} of ${list.label}`
          await waitOutRetryAfter(clock, err.details?.retryAfter ?? 1, job, listsDone, lists.length, (left) => {
            deps.moved(left)
            return `Rate limited (HTTP 429): waiting ${left} s as the service asked (Retry-After), then ${where}`
          })
          continue
        }
        if (err instanceof AppError && (err.code === 'NETWORK' || err.code === 'TIMEOUT' || err.code === 'UNAVAILABLE') && ++transient <= MAX_TRANSIENT_IN_A_ROW) {
          say(`${err.message}: trying page ${page} of ${list.label} again`)
          await clock.sleep(500 * transient, job.signal)
          continue
        }
        throw err
      }
      waits = 0
      transient = 0
      const done = got.next === null
      store.commitPage(jobId, list.key, got.next, got.items, done, deps.pin)
      pages++
      items += got.items
      if (done) listsDone++
      say(`${list.label}: page ${page} (${plural(got.items, 'item')}) · ${plural(pages, 'page')}, ${plural(items, 'item')} in this pass`)
      if (done) break
      cursor = got.next
      page++
    }
  }
  store.completePass(jobId, clock.now())
  return `In sync: ${plural(lists.length, 'list')}, ${plural(pages, 'page')}, ${plural(items, 'item')}`
}
