import { z } from 'zod'
import { errorDataSchema } from './errors'

/**
 * The wire format of every transport (Electron IPC, websocket, in-memory).
 * call/ok/fail carry request/response pairs, and cancel (the caller no longer wants the answer of one call,
 * by its id: the server aborts that call's signal, as VS Code's IPC does); sub/unsub/event carry push events.
 */
export const MAX_FRAME_BYTES = 1024 * 1024

const id = z.number().int().nonnegative()
const name = z.string().min(1).max(100).regex(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/)

export const frameSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('call'), id, method: name, input: z.unknown() }).strict(),
  z.object({ t: z.literal('ok'), id, output: z.unknown() }).strict(),
  z.object({ t: z.literal('fail'), id, error: errorDataSchema }).strict(),
  z.object({ t: z.literal('cancel'), id }).strict(),
  z.object({ t: z.literal('sub'), event: name }).strict(),
  z.object({ t: z.literal('unsub'), event: name }).strict(),
  z.object({ t: z.literal('event'), event: name, payload: z.unknown() }).strict()
])
export type Frame = z.infer<typeof frameSchema>

export function parseFrame(raw: unknown): Frame | undefined {
  const r = frameSchema.safeParse(raw)
  return r.success ? r.data : undefined
}
