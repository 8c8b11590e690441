/**
 * Refreshes the profile's validators on the interval the operator chose (0: off), in main, so alerts
 * fire with no window open. A refresh that fails (node unreachable, no NodeIDs) is logged and the
 * next one comes on time; two never overlap.
 */
export class RefreshMonitor {
  private timer: NodeJS.Timeout | undefined
  private running = false
  constructor(
    private readonly intervalSec: () => number,
    private readonly refresh: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void
  ) {}

  /** (Re)starts with the current interval. */
  restart(): void {
    this.stop()
    const sec = this.intervalSec()
    if (sec <= 0) return
    this.timer = setInterval(() => void this.tick(), sec * 1_000)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private async tick(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      await this.refresh()
    } catch (err) {
      this.onError(err)
    } finally {
      this.running = false
    }
  }
}
