import type { AreaHandlers } from '../handlers'
import type { QuietService } from './quiet'
import type { AlertsService } from './service'

/** The alerts area's rules, alerts, acknowledgements, silences and maintenance windows (the channels: channel-handlers.ts). */
export function alertHandlers(
  alerts: AlertsService,
  quiet: QuietService
): Pick<
  AreaHandlers<'alerts'>,
  'alerts.list' | 'alerts.rules' | 'alerts.setRules' | 'alerts.acknowledge' | 'alerts.silences' | 'alerts.addSilence' | 'alerts.expireSilence' | 'alerts.setWindow' | 'alerts.removeWindow'
> {
  return {
    'alerts.list': (input) => alerts.list(input),
    'alerts.rules': ({ profileId }) => alerts.rules(profileId),
    'alerts.setRules': (input) => alerts.setRules(input),
    'alerts.acknowledge': ({ id }) => alerts.acknowledge(id),
    'alerts.silences': (input) => quiet.list(input),
    'alerts.addSilence': (input) => quiet.addSilence(input),
    'alerts.expireSilence': ({ id }) => quiet.expireSilence(id),
    'alerts.setWindow': (input) => quiet.setWindow(input),
    'alerts.removeWindow': ({ id }) => quiet.removeWindow(id)
  }
}
