import type { alertChannelMethods } from '../../../shared/contract'
import type { AreaHandlers } from '../handlers'
import type { DeliveryService } from './delivery'

/** The alerts area's channels and delivery log (alert-channels.ts in the contract): served by the delivery service. */
export function alertChannelHandlers(delivery: DeliveryService): Pick<AreaHandlers<'alerts'>, keyof typeof alertChannelMethods> {
  return {
    'alerts.channels': () => delivery.channels(),
    'alerts.addChannel': (input) => delivery.addChannel(input),
    'alerts.removeChannel': ({ id }) => delivery.removeChannel(id),
    'alerts.testChannel': ({ id }, ctx) => delivery.testChannel(id, ctx.signal),
    'alerts.deliveries': (input) => delivery.deliveries(input)
  }
}
