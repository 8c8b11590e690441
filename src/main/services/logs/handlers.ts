import type { AreaHandlers } from '../handlers'
import type { LogsService } from './service'

/** The logs area: the node's log folder on this machine, and queries of its lines. */
export function logsHandlers(logs: LogsService): AreaHandlers<'logs'> {
  return {
    'logs.folder': () => logs.folder(),
    'logs.setFolder': ({ dir }) => logs.setFolder(dir),
    'logs.query': (input) => logs.query(input)
  }
}
