import type { alertChannelMethods } from '../../../shared/contract'
import type { AreaHandlers } from '../handlers'
import { refuseLocalTarget } from './channel-targets'
import type { DeliveryService } from './delivery'

export interface ChannelPolicy {
  /** Whether a browser-mode page may add a channel that sends to this machine or a private network (serve --allow-local-channels). */
  localTargetsOverWebsocket: () => boolean
}

/** The alerts area's channels and delivery log (alert-channels.ts in the contract): served by the delivery service. */
export function alertChannelHandlers(delivery: DeliveryService, policy: ChannelPolicy = { localTargetsOverWebsocket: () => false }): Pick<AreaHandlers<'alerts'>, keyof typeof alertChannelMethods> {
  return {
    'alerts.channels': () => delivery.channels(),
    'alerts.addChannel': (input, ctx) => {
      // The rule of channel-targets.ts: a page reaches only public receivers unless serve allows local ones.
      if (ctx.transport === 'ws' && !policy.localTargetsOverWebsocket()) refuseLocalTarget(input)
      return delivery.addChannel(input)
    },
    'alerts.setChannelRouting': (input) => delivery.setChannelRouting(input),
    'alerts.removeChannel': ({ id }) => delivery.removeChannel(id),
    'alerts.testChannel': ({ id }, ctx) => delivery.testChannel(id, ctx.signal),
    'alerts.deliveries': (input) => delivery.deliveries(input)
  }
}
