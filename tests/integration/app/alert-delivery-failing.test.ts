/**
 * A channel failing for longer than the threshold is told to the other channels, once per failing episode,
 * and resolved to them when it delivers again: against real receivers on loopback, the delivery service on
 * its own database, and a clock the test moves past the threshold (no real ten-minute wait).
 */
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/cache/database'
import { OutboxStore } from '../../../src/main/cache/outbox-store'
import { OffsetClock } from '../../../src/main/clock'
import { plainSecretStore } from '../../../src/main/secrets'
import { DeliveryService } from '../../../src/main/services/alerts/delivery'
import type { Alert } from '../../../src/shared/contract'
import { accepted, receiver } from '../../support/receivers'
import { until } from '../../support/until'
import { tempDir } from './helpers'

const alert: Alert = {
  id: 'p1:unreachable:node:1700000000001',
  profileId: 'p1',
  profileName: 'validator-1',
  nodeUrl: 'http://127.0.0.1:9650',
  rule: 'unreachable',
  subject: null,
  severity: 'warning',
  message: 'validator-1: the node at http://127.0.0.1:9650 did not answer 1 check in a row',
  firedAt: 1_700_000_000_001,
  clearedAt: null,
  acknowledgedAt: null
}

describe('a channel failing past the threshold', () => {
  it('is told once to the other channels (never to itself), not again after a restart, and resolved when it delivers again', async () => {
    const dir = tempDir()
    const down = await receiver(() => ({ status: 204 }))
    down.failWith = { status: 503, body: 'busy' }
    const ops = await receiver(() => ({ status: 204 }))
    const clock = new OffsetClock()
    const lines: string[] = []
    const open = () => {
      const { db } = openDatabase(dir.dir)
      const delivery = new DeliveryService({
        store: new OutboxStore(db),
        secrets: plainSecretStore,
        clock,
        retry: { baseMs: 50, capMs: 100, maxAttempts: 10_000 },
        warn: (m) => lines.push(`warn ${m}`),
        info: (m) => lines.push(`info ${m}`)
      })
      return { delivery, close: () => (delivery.stop(), db.close()) }
    }
    const notices = () => accepted(ops).filter((b) => String(b['id']).startsWith('channel-failing:'))
    let s = open()
    try {
      const downId = s.delivery.addChannel({ kind: 'webhook', name: 'down hook', url: `${down.origin}/down-secret-path`, minSeverity: 'warning' }).id
      s.delivery.addChannel({ kind: 'webhook', name: 'ops', url: `${ops.origin}/h`, minSeverity: 'warning' })
      s.delivery.start()
      expect(s.delivery.enqueue(alert, 'firing')).toBe(2)
      await until(() => accepted(ops), (b) => b.length === 1)
      await until(() => down.answered, (a) => a.length >= 2)
      expect(notices()).toEqual([])

      // A restart while failing, before the threshold: when the failures began is read from the delivery log.
      s.close()
      s = open()
      s.delivery.start()
      clock.advance(10 * 60_000 + 1)
      const [fired] = await until(notices, (n) => n.length === 1)
      expect(fired).toMatchObject({ state: 'firing', severity: 'warning', subject: 'down hook', title: 'FIRING [warning] Alert channel failing: "down hook"' })
      expect(String(fired!['id'])).toMatch(new RegExp(`^channel-failing:${downId}:\\d+$`))
      expect(String(fired!['message'])).toMatch(/^The alert channel "down hook" \(webhook\) has failed every try since \d{4}-.*Last error: busy$/)
      expect(JSON.stringify(fired)).not.toContain('down-secret-path')
      expect(lines.filter((l) => l.includes('has failed since'))).toHaveLength(1)
      // The notice written down as delivered to "ops" (nothing waits for it): a stop between the receiver's answer
      // and that write would rightly send it again after the restart, which is not what is tested here.
      await until(() => s.delivery.channelStats().find((c) => c.name === 'ops')?.pending, (n) => n === 0)
      expect(s.delivery.channelStats().find((c) => c.name === 'ops')?.pending).toBe(0)

      // Another restart after it was told: the notice is in the outbox, and is not told again.
      s.close()
      s = open()
      s.delivery.start()
      clock.advance(10 * 60_000)
      const triesBefore = down.answered.length
      await until(() => down.answered.length, (n) => n >= triesBefore + 2)
      expect(notices()).toHaveLength(1)

      down.failWith = null
      const [, resolved] = await until(notices, (n) => n.length === 2)
      expect(resolved).toMatchObject({ id: fired!['id'], state: 'resolved', subject: 'down hook' })
      expect(String(resolved!['message'])).toMatch(/^The alert channel "down hook" delivers again/)
      // The failing channel was never sent a notice about itself.
      expect(down.seen.filter((x) => x.body.includes('channel-failing:'))).toEqual([])
      expect(notices()).toHaveLength(2)
    } finally {
      s.close()
      await Promise.all([down.close(), ops.close()])
      dir.remove()
    }
  }, 30_000)

  it('is resolved to the other channels when the failing channel is removed', async () => {
    const dir = tempDir()
    const down = await receiver(() => ({ status: 204 }))
    down.failWith = { status: 503, body: 'busy' }
    const ops = await receiver(() => ({ status: 204 }))
    const clock = new OffsetClock()
    const { db } = openDatabase(dir.dir)
    const delivery = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore, clock, retry: { baseMs: 50, capMs: 100, maxAttempts: 10_000 }, channelFailingMs: 60_000 })
    const notices = () => accepted(ops).filter((b) => String(b['id']).startsWith('channel-failing:'))
    try {
      const downId = delivery.addChannel({ kind: 'webhook', name: 'down hook', url: `${down.origin}/h`, minSeverity: 'warning' }).id
      delivery.addChannel({ kind: 'webhook', name: 'ops', url: `${ops.origin}/h`, minSeverity: 'warning' })
      delivery.start()
      delivery.enqueue(alert, 'firing')
      await until(() => down.answered, (a) => a.length >= 1)
      clock.advance(60_001)
      await until(notices, (n) => n.length === 1)
      delivery.removeChannel(downId)
      const [fired, resolved] = await until(notices, (n) => n.length === 2)
      expect(resolved).toMatchObject({ id: fired!['id'], state: 'resolved' })
      expect(String(resolved!['message'])).toMatch(/^The alert channel "down hook" was removed/)
    } finally {
      delivery.stop()
      db.close()
      await Promise.all([down.close(), ops.close()])
      dir.remove()
    }
  }, 30_000)
})
