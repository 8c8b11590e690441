import { AppSettingsStore } from '../../cache/app-settings-store'
import type { Area, Shared } from '../area'
import type { AreaHandlers } from '../handlers'
import { logsHandlers } from './handlers'
import { LogsService } from './service'

/** The node's logs on this machine: its log folder, chosen on the machine (never by a page), and queries of its lines. */
export function createLogsArea({ storage }: Shared): Area<AreaHandlers<'logs'>> & { logs: LogsService } {
  const logs = new LogsService(new AppSettingsStore(storage.db))
  return { handlers: logsHandlers(logs), logs }
}
