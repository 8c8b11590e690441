import type { Area } from '../area'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import { infoHandlers } from './handlers'

/** The active node's info. and health. reads. */
export function createInfoArea(deps: { connections: Connections }): Area<AreaHandlers<'info'> & AreaHandlers<'health'>> {
  return { handlers: infoHandlers(() => deps.connections.get().node) }
}
