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
 * The most bytes of profile files held at once by the calls that open them: each reads its file only once
 * it has a decoder slot (withDecoder), and a file is at most PROFILE_LIMITS.fileBytes. Forty calls at once
 * from a page used to read their forty files (up to 64 MiB each) before queueing: 2.7 GB.
 */
export const PROFILE_READ_BOUND_BYTES = DECODE_LIMITS.concurrent * PROFILE_LIMITS.fileBytes

/**
 * Where the worker's code is, in each way the app runs. Built (electron-vite: out/main/*.js), the worker
 * is an entry of its own, out/main/pprof-worker.js, and this code sits in an entry or in out/main/chunks/.
 * From TypeScript source (tsx for `npm run serve`/`npm run cli`, vitest for the tests), it is
 * pprof-worker.ts beside this file, started through pprof-worker-dev.mjs, which registers tsx's loader.
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

let running = 0
const waiting: { go: () => void; cancel: () => void }[] = []

/**
 * At most DECODE_LIMITS.concurrent decodes at once (each may take its memory limit); up to
 * DECODE_LIMITS.queued others wait their turn, in order; one more is refused at once (RATE_LIMITED, with
 * the seconds after which to try again), so that no client can pile up work. A waiter whose call is
 * cancelled (the page went away) leaves the queue.
 */
async function turn<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new AppError('CANCELLED', 'Opening the profile was cancelled')
  // A waiter is handed the slot of the decode that ends, so no new caller slips in between.
  if (running >= DECODE_LIMITS.concurrent) {
    if (waiting.length >= DECODE_LIMITS.queued) throw busy()
    await new Promise<void>((go, fail) => {
      const me = {
        go: () => {
          signal?.removeEventListener('abort', me.cancel)
          go()
        },
        cancel: () => {
          waiting.splice(waiting.indexOf(me), 1)
          fail(new AppError('CANCELLED', 'Opening the profile was cancelled while it waited for the decoder'))
        }
      }
      waiting.push(me)
      signal?.addEventListener('abort', me.cancel, { once: true })
    })
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next.go()
    else running--
  }
}

function busy(): AppError<'RATE_LIMITED'> {
  const inLine = DECODE_LIMITS.concurrent + DECODE_LIMITS.queued
  const retryAfter = Math.ceil(DECODE_LIMITS.deadlineMs / 1_000)
  return new AppError('RATE_LIMITED', `The profile decoder is busy: ${inLine} profiles are being opened or wait to be. Try again in ${retryAfter} seconds`, { retryAfter })
}

type Decode = (name: string, bytes: Uint8Array, valueIndex?: number, signal?: AbortSignal) => Promise<ProfileSummary>

/**
 * Runs `work` once it has a decoder slot (or refuses it as busy): the work reads its file, decodes it with
 * the `decode` it is given (which takes no second slot) and keeps what it keeps, so that the bytes it read
 * are held only while it has the slot. Every path that reads a profile to open it comes here.
 */
export function withDecoder<T>(work: (decode: Decode) => Promise<T>, signal?: AbortSignal): Promise<T> {
  return turn(() => work((name, bytes, valueIndex, s) => decodeInWorker(name, bytes, valueIndex, s)), signal)
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
      const req: DecodeRequest = { name, bytes, ...(valueIndex !== undefined ? { valueIndex } : {}) }
      worker.postMessage(req)
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
