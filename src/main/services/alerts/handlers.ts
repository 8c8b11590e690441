import type { AreaHandlers } from '../handlers'
import type { AlertsService } from './service'

/** The alerts area's rules, alerts, acknowledgements and mutes (the channels: channel-handlers.ts). */
export function alertHandlers(alerts: AlertsService): Pick<AreaHandlers<'alerts'>, 'alerts.list' | 'alerts.rules' | 'alerts.setRules' | 'alerts.acknowledge' | 'alerts.mute'> {
  return {
    'alerts.list': (input) => alerts.list(input),
    'alerts.rules': ({ profileId }) => alerts.rules(profileId),
    'alerts.setRules': (input) => alerts.setRules(input),
    'alerts.acknowledge': ({ id }) => alerts.acknowledge(id),
    'alerts.mute': (input) => alerts.mute(input)
  }
}
