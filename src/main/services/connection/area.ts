import type { Area } from '../area'
import type { AreaHandlers } from '../handlers'
import { connectionHandlers } from './handlers'
import type { ConnectionService } from './service'

/**
 * The connection to the active profile: its last probe and a new one. The service is made by the profiles
 * area, because activating a profile answers with the probe of its connection.
 */
export function createConnectionArea(deps: { connection: ConnectionService }): Area<AreaHandlers<'connection'>> {
  return { handlers: connectionHandlers(deps.connection) }
}
