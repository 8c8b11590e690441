import { log } from '../log'
import type { ConfigReport } from './apply'

/** One log line per profile or channel the file changed, and one for all it left as they were. */
export function logConfigReport(file: string, report: ConfigReport): void {
  for (const line of report.changed) log.info(`config ${file}: ${line}`)
  if (report.unchanged.length) log.info(`config ${file}: unchanged: ${report.unchanged.join(', ')}`)
}
