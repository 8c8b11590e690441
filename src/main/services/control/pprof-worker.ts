/**
 * The worker thread that decodes profile files (started by decodeProfile in pprof-decoder.ts, one per file):
 * a hostile file can then only exhaust this thread's memory limit or deadline, never the main process.
 * It says when it is ready (its parent's deadline starts then: loading it is not decoding), answers one
 * request with the summary or the error's data, and its parent ends it.
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '../../../shared/rpc/errors'
import { summarizeProfile } from './pprof'

export interface DecodeRequest {
  name: string
  bytes: Uint8Array
  valueIndex?: number
}

parentPort?.postMessage({ ready: true })
parentPort?.once('message', (req: DecodeRequest) => {
  try {
    parentPort!.postMessage({ ok: summarizeProfile(req.name, req.bytes, req.valueIndex) })
  } catch (e) {
    // Only our own errors cross with their words; anything else (a decoder bug) says that it happened, not what.
    const error = e instanceof AppError ? e.toData() : { code: 'INTERNAL', message: `${req.name} could not be decoded (${e instanceof RangeError ? 'too deeply nested' : 'decoder error'})` }
    parentPort!.postMessage({ error })
  }
})
