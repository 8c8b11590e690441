/**
 * The alert outbox's sender in a process of its own, for the tests that restart it or kill it mid-try
 * (tests/integration/app/alert-delivery-hang.test.ts): the real DeliveryService on a data folder, with the
 * retry settings given, run by `node --expose-gc --import tsx` so that the garbage collector can be made
 * to run, and run often (every 250 ms here), while tries are open: a deadline kept only by a weak reference
 * is lost then, as it was on a host that ran for hours.
 *
 *   argv: <data dir> <retry policy as JSON>
 *   stdin, one JSON a line: {"enqueue": Alert, "state": "firing" | "resolved"}
 *   stdout, one JSON a line: {"ready": true}, then {"enqueued": n} for each line read
 *   stderr: the service's log lines (a channel failing, giving up, delivering again)
 * SIGTERM stops it as the app stops (tries abandoned, their rows released); SIGKILL is a crash.
 */
import { createInterface } from 'node:readline'
import { openDatabase } from '../../src/main/cache/database'
import { OutboxStore } from '../../src/main/cache/outbox-store'
import { plainSecretStore } from '../../src/main/secrets'
import { DeliveryService } from '../../src/main/services/alerts/delivery'
import type { Alert, AlertState } from '../../src/shared/contract'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  process.stderr.write('delivery-child: run with node --expose-gc\n')
  process.exit(2)
}
const [dataDir, retry] = process.argv.slice(2)
const { db } = openDatabase(dataDir!)
const delivery = new DeliveryService({
  store: new OutboxStore(db),
  secrets: plainSecretStore,
  retry: JSON.parse(retry ?? '{}') as object,
  warn: (m) => void process.stderr.write(`warn ${m}\n`),
  info: (m) => void process.stderr.write(`info ${m}\n`)
})
delivery.start()
// Often enough to run several times within each try's deadline; not so often that the process does little else.
const collect = setInterval(() => gc(), 250)

createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = JSON.parse(line) as { enqueue: Alert; state: AlertState }
  process.stdout.write(`${JSON.stringify({ enqueued: delivery.enqueue(cmd.enqueue, cmd.state) })}\n`)
})
process.on('SIGTERM', () => {
  clearInterval(collect)
  delivery.stop()
  db.close()
  process.exit(0)
})
process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
