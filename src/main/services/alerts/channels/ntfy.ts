import { postJson } from './http'
import { cut, headline, messageText } from './message'
import type { Notice, Sender } from './types'

/**
 * ntfy, as its JSON publishing documents it: POST {serverUrl}/ {topic, title, message, priority, tags},
 * with the access token, when there is one, as a Bearer token. Priority and tags by severity (5 "max" for
 * critical, 4 "high" for warning, 3 "default" for the rest), so that a phone rings for what matters. The
 * tags are emoji names ntfy shows before the title, and the rule's name. ntfy answers 200 with the message
 * it published; 4xx {code, error} is final except 429 (too many), which is worth another try like a 5xx.
 */
export const sendNtfy: Sender<{ kind: 'ntfy'; serverUrl: string; topic: string; token?: string }> = async (channel, notice, opts) => {
  const body = {
    topic: channel.topic,
    title: cut(headline(notice), 250),
    message: cut(messageText(notice), 4_000),
    priority: priorityOf(notice),
    tags: tagsOf(notice)
  }
  const { text: _text, ...result } = await postJson(`${channel.serverUrl}/`, body, channel.token !== undefined ? { authorization: `Bearer ${channel.token}` } : {}, opts)
  return result
}

function priorityOf(n: Notice): number {
  if (n.state !== 'firing') return 3
  return n.alert.severity === 'critical' ? 5 : n.alert.severity === 'warning' ? 4 : 3
}

function tagsOf(n: Notice): string[] {
  const emoji =
    n.state === 'firing'
      ? { critical: 'rotating_light', warning: 'warning' }[n.alert.severity as string] ?? 'information_source'
      : { resolved: 'white_check_mark', acknowledged: 'eyes', digest: 'spiral_calendar', test: 'test_tube' }[n.state]
  return n.state === 'firing' || n.state === 'resolved' ? [emoji, n.alert.rule] : [emoji]
}
