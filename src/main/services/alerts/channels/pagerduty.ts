import { createHash } from 'node:crypto'
import { postJson } from './http'
import { cut, fields, headline } from './message'
import type { Notice, SendResult, Sender } from './types'

/**
 * PagerDuty's Events API v2: POST {apiBaseUrl}/v2/enqueue {routing_key, event_action, dedup_key, payload}.
 * The alert's id is the dedup_key, so its trigger, acknowledge and resolve act on one incident, and a
 * retry of a trigger is folded into the incident it opened; a message of several alerts is an event each. PagerDuty answers 202 {status: "success",
 * dedup_key}; 400 for an event it will not take (final); 429 and 5xx are worth another try.
 * A test opens an incident of severity info and resolves it at once.
 */
export const sendPagerduty: Sender<{ kind: 'pagerduty'; routingKey: string; apiBaseUrl: string }> = async (channel, notice, opts) => {
  const url = `${channel.apiBaseUrl}/v2/enqueue`
  const dedupKey = dedupKeyOf(notice)
  if (notice.state === 'test') {
    const opened = await post(url, trigger(channel.routingKey, dedupKey, notice), opts)
    if (!opened.ok) return opened
    const closed = await post(url, { routing_key: channel.routingKey, event_action: 'resolve', dedup_key: dedupKey }, opts)
    return closed.ok ? { ...opened, reply: `${opened.reply ?? 'accepted'}; resolved at once` } : closed
  }
  // A digest is never written for PagerDuty (the contract refuses it); one that came anyway is not sent.
  if (notice.state === 'digest') return { ok: false, retry: false, status: null, reply: 'PagerDuty takes no digest' }
  // One event per alert of the message (a check's several alerts are several incidents); sent again whole on a
  // retry, which PagerDuty folds by dedup_key. The first failure stops it and is the answer.
  let last: SendResult = { ok: true, retry: false, status: null, reply: null }
  for (const line of notice.lines) {
    const one: Notice = { ...notice, alert: line.alert, lines: [line] }
    const key = dedupKeyOf(one)
    const event =
      notice.state === 'firing'
        ? trigger(channel.routingKey, key, one)
        : { routing_key: channel.routingKey, event_action: notice.state === 'resolved' ? 'resolve' : 'acknowledge', dedup_key: key }
    last = await post(url, event, opts)
    if (!last.ok) return last
  }
  return last
}

/** PagerDuty's severities are critical, error, warning and info. */
const SEVERITY: Record<string, string> = { critical: 'critical', warning: 'warning', info: 'info' }

function trigger(routingKey: string, dedupKey: string, n: Notice) {
  const a = n.alert
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload: {
      summary: cut(headline(n), 1_024),
      source: cut(a.nodeUrl, 255),
      severity: n.state === 'test' ? 'info' : (SEVERITY[a.severity] ?? 'warning'),
      timestamp: new Date(a.firedAt).toISOString(),
      component: cut(a.subject ?? a.profileName, 255),
      group: cut(a.profileName, 255),
      class: a.rule,
      custom_details: Object.fromEntries(fields(n))
    },
    client: 'Node Operator Companion'
  }
}

/** The alert's id (PagerDuty takes at most 255 characters: a longer one is hashed). */
function dedupKeyOf(n: Notice): string {
  return n.alert.id.length <= 255 ? n.alert.id : `sha256:${createHash('sha256').update(n.alert.id).digest('hex')}`
}

async function post(url: string, body: unknown, opts: Parameters<typeof postJson>[3]): Promise<SendResult> {
  const { text: _text, ...result } = await postJson(url, body, {}, opts)
  return result
}
