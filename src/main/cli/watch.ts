import { createApp } from '../app'
import { logConfigReport } from '../config/report'
import type { HostConfig } from '../config/host-config'
import { log } from '../log'
import { plainSecretStore } from '../secrets'
import { serveWatchMetrics, type MetricsServer } from '../server/metrics'

/**
 * `companion watch`: the watch's scheduler with no UI. Each alert state change is one JSON line on stdout,
 * so that a supervisor or a pipe can act on it; what it says besides goes to the log (stderr). SIGTERM or
 * SIGINT stop the checks and end with 0.
 */
export async function runWatch(
  dataDir: string,
  out: (s: string) => void,
  metricsAt?: { port: number; host: string },
  hostConfig?: { file: string; config: HostConfig }
): Promise<number> {
  let app
  try {
    app = createApp({
      dataDir,
      mode: 'cli',
      watch: true,
      secrets: plainSecretStore,
      onWatchAlert: (alert, state) => out(JSON.stringify({ state, ...alert })),
      ...(hostConfig ? { hostConfig: hostConfig.config } : {})
    })
  } catch (e) {
    log.error(`companion: ${(e as Error).message}`)
    return 2
  }
  if (hostConfig && app.configReport) logConfigReport(hostConfig.file, app.configReport)
  let metrics: MetricsServer | undefined
  try {
    if (metricsAt) metrics = await serveWatchMetrics({ dataDir, ...metricsAt, scrape: app.metrics })
  } catch (e) {
    log.error(`companion: ${(e as Error).message}`)
    app.close()
    return 1
  }
  await new Promise<void>((done) => {
    // The scheduler's timers do not hold the process open (unref); this does, until a signal comes.
    const keepAlive = setInterval(() => undefined, 1 << 30)
    const stop = (): void => {
      process.off('SIGTERM', stop)
      process.off('SIGINT', stop)
      clearInterval(keepAlive)
      done()
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
    // Said only once a signal stops it cleanly: whoever reads this line may send one at once.
    log.info(`companion: watching the profiles in ${dataDir}; stop with Ctrl-C`)
  })
  await metrics?.close()
  app.close()
  log.info('companion: stopped')
  return 0
}
