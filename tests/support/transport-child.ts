/**
 * One request through the app's HTTP transport in a process of its own, started with `node --expose-gc`, that
 * runs the garbage collector every 50 ms while the request is open
 * (tests/integration/clients/transport-deadline-gc.test.ts). A deadline that only a weak reference kept
 * (AbortSignal.timeout inside AbortSignal.any, as before) is lost then, and the request never ends.
 *
 *   argv: <url> <deadline ms>
 *   stdout, one JSON line: {"code": the AppError's code, "message": ...} or {"body": the text read}
 * The caller's own signal is passed (as the watch and the panels pass one): it never aborts.
 */
import { fetchWithDeadline, readBody } from '../../src/main/clients/transport/http'
import { AppError } from '../../src/shared/rpc/errors'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  process.stderr.write('transport-child: run with node --expose-gc\n')
  process.exit(2)
}
const [url, ms] = process.argv.slice(2)
const timeoutMs = Number(ms)
const caller = new AbortController()
const collect = setInterval(() => gc(), 50)

async function request(): Promise<unknown> {
  try {
    const res = await fetchWithDeadline(url!, { service: 'test service', timeoutMs, signal: caller.signal })
    return { body: await readBody(res, 'test service', 1024 * 1024, { timeoutMs, signal: caller.signal }) }
  } catch (err) {
    return err instanceof AppError ? { code: err.code, message: err.message } : { thrown: String(err) }
  }
}

void request().then((out) => {
  clearInterval(collect)
  process.stdout.write(`${JSON.stringify(out)}\n`)
  process.exit(0)
})
