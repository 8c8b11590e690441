/**
 * The node's database volume: its size, the space left and how fast it fills (/__sim/config `disk`), as
 * avalanchego's diskspace health check and resource tracker report it (node/node.go, snow/networking/tracker):
 * - since 1.14.1 by share: unhealthy under 10 % free (--system-tracker-disk-warning-available-space-percentage),
 *   shut down under 3 % (--system-tracker-disk-required-available-space-percentage); the check's details carry
 *   availableDiskBytes and availableDiskPercentage (whole percent, Go's integer division), the metrics
 *   avalanche_resource_tracker_disk_available_space and _percentage;
 * - older nodes (metricsNames "legacy") by bytes: unhealthy under 1 GiB, shut down under 512 MiB; the details
 *   and metrics carry the bytes only.
 * The space left shrinks by fillBytesPerSec for each second advanceTime moves the node's clock, so a test moves
 * the clock and reads the trend back; nothing here follows the wall clock.
 */
export const DISK_DEFAULTS = { totalBytes: 1_000_204_886_016, availableBytes: 227_332_591_616, fillBytesPerSec: 0 } as const
const WARNING_PERCENT = 10
const REQUIRED_PERCENT = 3
const GIB = 1024 ** 3
const LEGACY_WARNING_BYTES = GIB
const LEGACY_REQUIRED_BYTES = GIB / 2

export interface DiskConfig {
  totalBytes?: number
  availableBytes?: number
  /** bytes the volume loses per second of the node's clock (advanceTime); negative frees space */
  fillBytesPerSec?: number
}

export interface DiskOutcome {
  message: { availableDiskBytes: number; availableDiskPercentage?: number }
  error?: string
}

export class SimDisk {
  private total: number = DISK_DEFAULTS.totalBytes
  private base: number = DISK_DEFAULTS.availableBytes
  private fill: number = DISK_DEFAULTS.fillBytesPerSec
  /** the node clock's advanced seconds when `base` was set */
  private baseAt: number
  private low: number | undefined
  /** older nodes' bytes thresholds and details */
  legacy = false

  constructor(
    private readonly advanced: () => number,
    private readonly now: () => number,
  ) {
    this.baseAt = advanced()
  }

  set(c: DiskConfig | null): void {
    const next = { totalBytes: this.total, availableBytes: this.availableBytes(), fillBytesPerSec: this.fill, ...(c === null ? DISK_DEFAULTS : c) }
    this.total = next.totalBytes
    this.base = Math.min(next.availableBytes, next.totalBytes)
    this.fill = next.fillBytesPerSec
    this.baseAt = this.advanced()
  }

  /** the keys that differ from the defaults */
  view(): DiskConfig | undefined {
    const d = DISK_DEFAULTS
    if (this.total === d.totalBytes && this.availableBytes() === d.availableBytes && this.fill === d.fillBytesPerSec) return undefined
    return { totalBytes: this.total, availableBytes: this.availableBytes(), fillBytesPerSec: this.fill }
  }

  availableBytes(): number {
    return Math.round(Math.min(this.total, Math.max(0, this.base - this.fill * (this.advanced() - this.baseAt))))
  }

  /** whole percent free, as Go's uint64 division gives it */
  availablePercent(): number {
    return this.total === 0 ? 0 : Math.floor((this.availableBytes() * 100) / this.total)
  }

  /** the check's outcome now; `lowSince` then says since when it fails */
  outcome(): DiskOutcome {
    const bytes = this.availableBytes()
    let error: string | undefined
    if (this.legacy) {
      if (bytes < LEGACY_REQUIRED_BYTES) error = `remaining available disk space (${bytes}) is below minimum required available space (${LEGACY_REQUIRED_BYTES})`
      else if (bytes < LEGACY_WARNING_BYTES) error = `remaining available disk space (${bytes}) is below the warning threshold of disk space (${LEGACY_WARNING_BYTES})`
    } else {
      const p = this.availablePercent()
      if (p < REQUIRED_PERCENT) error = `remaining available disk space percentage (${p}%) is below minimum required available space percentage (${REQUIRED_PERCENT}%)`
      else if (p < WARNING_PERCENT) error = `remaining available disk space percentage (${p}%) is below warning threshold available space percentage (${WARNING_PERCENT}%)`
    }
    if (error === undefined) this.low = undefined
    else this.low ??= this.now()
    return { message: this.legacy ? { availableDiskBytes: bytes } : { availableDiskBytes: bytes, availableDiskPercentage: this.availablePercent() }, ...(error ? { error } : {}) }
  }

  /** when the volume went under the node's warning threshold (ms of the node's clock), or undefined */
  lowSince(): number | undefined {
    return this.outcome().error === undefined ? undefined : this.low
  }
}
