/**
 * What an outbox row says, as a notice to send: a row holds one alert (a change written alone: a channel
 * just added, a failing channel's notice, rows from before messages) or a message of one check with a line
 * per alert (dispatch.ts). Either way the notice has a line per alert, the most severe first.
 */
import type { Alert } from '../../../shared/contract'
import type { OutboxRow } from '../../cache/outbox-store'
import type { AlertMessage, Notice } from './channels/types'

const isMessage = (v: Alert | AlertMessage): v is AlertMessage => Array.isArray((v as Partial<AlertMessage>).lines)

export function noticeOfRow(row: OutboxRow, channelName: string): Notice {
  const parsed = JSON.parse(row.alert) as Alert | AlertMessage
  const deliveryId = `${row.alertId}:${row.state}`
  if (isMessage(parsed) && parsed.lines.length > 0) return { alert: parsed.lines[0]!.alert, lines: parsed.lines, state: row.state, deliveryId, channelName }
  const alert = parsed as Alert
  const line = { alert, kind: row.state === 'resolved' ? 'resolved' : 'fired', firingForMs: Math.max(0, (alert.clearedAt ?? alert.firedAt) - alert.firedAt) } as const
  return { alert, lines: [line], state: row.state, deliveryId, channelName }
}
