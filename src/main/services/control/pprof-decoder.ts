import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ProfileSummary } from '../../../shared/contract'
import { AppError, fromErrorData, type ErrorData } from '../../../shared/rpc/errors'
import { PROFILE_LIMITS } from './pprof-limits'
import type { DecodeRequest } from './pprof-worker'

/**
 * What one decode may take: the worker's heap, and the time from the request to the answer. Loading the
 * worker is not counted (fast when built, seconds when tsx compiles it on a busy machine), but bounded too.
 * `concurrent` decodes run at once and `queued` more may wait; a call past those is refused at once as busy.
 */
export const DECODE_LIMITS = { memoryMiB: 256, deadlineMs: 5_000, startMs: 60_000, concurrent: 2, queued: 8 } as const

/**
 * Tests only: the environment variable the CLI reads for a decode deadline shorter than DECODE_LIMITS.deadlineMs
 * (the tests of a file that runs into the deadline then wait 1 s of a burning worker, not 5). It can only
 * shorten the deadline, never lengthen it: set on a real machine, it weakens no bound.
 */
export const TEST_DECODE_DEADLINE_ENV = 'COMPANION_TEST_DECODE_DEADLINE_MS'

/** The decode deadline asked for through TEST_DECODE_DEADLINE_ENV, if it is a whole number of ms under the default. */
export function testDecodeDeadlineMs(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[TEST_DECODE_DEADLINE_ENV]
  if (raw === undefined || !/^[1-9]\d*$/.test(raw)) return undefined
  const ms = Number(raw)
  return ms < DECODE_LIMITS.deadlineMs ? ms : undefined
}

/**
 * The most bytes of profile files held at once by the calls that open them: each reads its file only once
 * it has a decoder slot (withDecoder), and a file is at most PROFILE_LIMITS.fileBytes. Forty calls at once
 * from a page used to read their forty files (up to 64 MiB each) before queueing: 2.7 GB.
 */
export const PROFILE_READ_BOUND_BYTES = DECODE_LIMITS.concurrent * PROFILE_LIMITS.fileBytes

/**
 * Where the worker's code is, in each way the app runs. Built (electron-vite: out/main/*.js), the worker
 * is an entry of its own, out/main/pprof-worker.js, and this code sits in an entry or in out/main/chunks/.
 * From TypeScript source (tsx for `npm run serve`/`npm run cli`, vitest for the tests), it is
 * pprof-worker.ts beside this file, started through pprof-worker-dev.mjs, which bundles it once (esbuild, as tsx does).
 */
function workerEntry(): { file: URL; workerData?: { entry: string } } {
  const here = import.meta.url
  if (/\.ts$/.test(here)) return { file: new URL('./pprof-worker-dev.mjs', here), workerData: { entry: new URL('./pprof-worker.ts', here).href } }
  for (const rel of ['./pprof-worker.js', '../pprof-worker.js']) {
    const file = new URL(rel, here)
    if (existsSync(fileURLToPath(file))) return { file }
  }
  throw new AppError('INTERNAL', 'The profile decoder is missing from this build (pprof-worker.js): profiles cannot be opened')
}

/** The decoder slots not in use (by number: each has its own read buffer). */
const free: number[] = Array.from({ length: DECODE_LIMITS.concurrent }, (_, i) => i)
const waiting: { go: (slot: number) => void; cancel: () => void }[] = []
/**
 * One read buffer per slot, reused from call to call while calls come: the bytes of profiles held at once
 * are then these buffers, whatever the garbage collector has not yet freed of buffers made per call (which,
 * with forty calls in a row, was hundreds of MB). Dropped when no call is left.
 */
const buffers: (Buffer | undefined)[] = []

/**
 * At most DECODE_LIMITS.concurrent decodes at once (each may take its memory limit); up to
 * DECODE_LIMITS.queued others wait their turn, in order; one more is refused at once (RATE_LIMITED, with
 * the seconds after which to try again), so that no client can pile up work. A waiter whose call is
 * cancelled (the page went away) leaves the queue.
 */
async function turn<T>(work: (slot: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new AppError('CANCELLED', 'Opening the profile was cancelled')
  // A waiter is handed the slot of the decode that ends, so no new caller slips in between.
  let slot = free.shift()
  if (slot === undefined) {
    if (waiting.length >= DECODE_LIMITS.queued) throw busy()
    slot = await new Promise<number>((go, fail) => {
      const me = {
        go: (handed: number) => {
          signal?.removeEventListener('abort', me.cancel)
          go(handed)
        },
        cancel: () => {
          waiting.splice(waiting.indexOf(me), 1)
          fail(new AppError('CANCELLED', 'Opening the profile was cancelled while it waited for the decoder'))
        }
      }
      waiting.push(me)
      signal?.addEventListener('abort', me.cancel, { once: true })
    })
  }
  try {
    return await work(slot)
  } finally {
    const next = waiting.shift()
    if (next) next.go(slot)
    else {
      free.push(slot)
      if (free.length === DECODE_LIMITS.concurrent) buffers.length = 0
    }
  }
}

/** `size` bytes of the slot's read buffer (at most PROFILE_LIMITS.fileBytes; grown when a larger file comes). */
function slotBuffer(slot: number, size: number): Buffer {
  if (size > PROFILE_LIMITS.fileBytes) throw new AppError('BAD_INPUT', `a profile file may be at most ${PROFILE_LIMITS.fileBytes / 1024 / 1024} MiB`)
  const have = buffers[slot]
  if (!have || have.length < size) buffers[slot] = Buffer.allocUnsafeSlow(Math.max(size, Math.min(PROFILE_LIMITS.fileBytes, (have?.length ?? 0) * 2)))
  return buffers[slot]!.subarray(0, size)
}

function busy(): AppError<'RATE_LIMITED'> {
  const inLine = DECODE_LIMITS.concurrent + DECODE_LIMITS.queued
  const retryAfter = Math.ceil(DECODE_LIMITS.deadlineMs / 1_000)
  return new AppError('RATE_LIMITED', `The profile decoder is busy: ${inLine} profiles are being opened or wait to be. Try again in ${retryAfter} seconds`, { retryAfter })
}

type Decode = (name: string, bytes: Uint8Array, valueIndex?: number, signal?: AbortSignal) => Promise<ProfileSummary>
/** A buffer of `size` bytes to read the file into, valid until the work ends (it is the slot's, reused after). */
type ReadBuffer = (size: number) => Buffer

/**
 * Runs `work` once it has a decoder slot (or refuses it as busy): the work reads its file into the buffer
 * it is given, decodes it with the `decode` it is given (which takes no second slot) and keeps what it keeps,
 * all before it returns: the buffer is the slot's, and the next call reads into it. Every path that reads a
 * profile file to open it comes here.
 */
export function withDecoder<T>(
  work: (decode: Decode, buffer: ReadBuffer) => Promise<T>,
  signal?: AbortSignal,
  deadlineMs: number = DECODE_LIMITS.deadlineMs
): Promise<T> {
  const limits = { memoryMiB: DECODE_LIMITS.memoryMiB, deadlineMs }
  return turn(
    (slot) =>
      work(
        (name, bytes, valueIndex, s) => decodeInWorker(name, bytes, valueIndex, s, limits),
        (size) => slotBuffer(slot, size)
      ),
    signal
  )
}

/**
 * Summarises a profile file in a worker thread with a memory limit and a deadline, so that no file,
 * however built, can exhaust or hold the main process: a worker past either is ended and the call fails
 * with a message that names the limit. Takes a decoder slot of its own (withDecoder for a caller that
 * still has the file to read).
 */
export function decodeProfile(
  name: string,
  bytes: Uint8Array,
  valueIndex?: number,
  signal?: AbortSignal,
  limits: { memoryMiB: number; deadlineMs: number } = DECODE_LIMITS
): Promise<ProfileSummary> {
  return turn(() => decodeInWorker(name, bytes, valueIndex, signal, limits), signal)
}

function decodeInWorker(
  name: string,
  bytes: Uint8Array,
  valueIndex?: number,
  signal?: AbortSignal,
  limits: { memoryMiB: number; deadlineMs: number } = DECODE_LIMITS
): Promise<ProfileSummary> {
  return new Promise<ProfileSummary>((resolve, reject) => {
    if (signal?.aborted) return reject(new AppError('CANCELLED', `Opening ${name} was cancelled`))
    const entry = workerEntry()
    const worker = new Worker(entry.file, {
      ...(entry.workerData ? { workerData: entry.workerData } : {}),
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMiB, stackSizeMb: 4 }
    })
    let settled = false
    const finish = (outcome: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
      void worker.terminate()
      outcome()
    }
    let timer = setTimeout(() => finish(() => reject(new AppError('INTERNAL', `The profile decoder did not start within ${DECODE_LIMITS.startMs / 1000} s`))), DECODE_LIMITS.startMs)
    const deadline = (): void => {
      clearTimeout(timer)
      timer = setTimeout(
        () => finish(() => reject(new AppError('TIMEOUT', `${name} takes longer than ${limits.deadlineMs / 1000} s to decode: not opened`, { timeoutMs: limits.deadlineMs }))),
        limits.deadlineMs
      )
    }
    const cancel = (): void => finish(() => reject(new AppError('CANCELLED', `Opening ${name} was cancelled`)))
    signal?.addEventListener('abort', cancel, { once: true })
    worker.on('message', (m: { ready?: true; ok?: ProfileSummary; error?: ErrorData }) => {
      if (!m.ready) return finish(() => (m.ok ? resolve(m.ok) : reject(fromErrorData(m.error!))))
      // The worker gets its own copy, moved to it (not cloned): main holds none of it, and the copy goes when
      // the worker ends. (A clone of a view would copy the whole buffer under it: a slot's is up to 64 MiB.)
      const own = new Uint8Array(bytes)
      const req: DecodeRequest = { name, bytes: own, ...(valueIndex !== undefined ? { valueIndex } : {}) }
      worker.postMessage(req, [own.buffer])
      deadline()
    })
    worker.once('error', (e: Error & { code?: string }) =>
      finish(() =>
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('BAD_INPUT', `${name} needs more than ${limits.memoryMiB} MiB to decode: not opened`, {
                issues: [{ path: ['name'], message: `needs more than ${limits.memoryMiB} MiB to decode` }]
              })
            : new AppError('INTERNAL', `The profile decoder failed on ${name}`, undefined, { cause: e })
        )
      )
    )
    worker.once('exit', () => finish(() => reject(new AppError('INTERNAL', `The profile decoder stopped before it answered for ${name}`))))
  })
}
