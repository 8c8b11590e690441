import type { AreaHandlers } from '../handlers'
import type { ConnectionService } from './service'

export function connectionHandlers(connection: ConnectionService): AreaHandlers<'connection'> {
  return {
    'connection.get': () => connection.get(),
    'connection.probe': () => connection.probe()
  }
}
