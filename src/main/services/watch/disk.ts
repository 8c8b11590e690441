/**
 * The database volume's free space as a check saw it: from the node's own `diskspace` health check (its
 * details: `availableDiskBytes`, and since avalanchego 1.14.1 `availableDiskPercentage`; node/node.go), else
 * from /ext/metrics (the resource tracker's `disk_available_space` and `disk_available_percentage`).
 */
import type { HealthCheck, NodeMetrics, WatchSample } from '../../../shared/contract'

type Disk = NonNullable<WatchSample['disk']>

const number = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined)

function fromCheck(check: HealthCheck | undefined): Disk | undefined {
  if (!check?.message) return undefined
  let details: unknown
  try {
    details = JSON.parse(check.message)
  } catch {
    return undefined
  }
  if (typeof details !== 'object' || details === null) return undefined
  const d = details as Record<string, unknown>
  const availableBytes = number(d['availableDiskBytes'])
  const percent = number(d['availableDiskPercentage'])
  if (availableBytes === undefined) return undefined
  return { availableBytes, ...(percent !== undefined && percent <= 100 ? { availablePercent: percent } : {}) }
}

export function diskOf(checks: readonly HealthCheck[] | undefined, metrics: NodeMetrics | undefined): Disk | undefined {
  const checked = fromCheck(checks?.find((c) => c.name === 'diskspace'))
  const bytes = number(metrics?.diskAvailableBytes)
  const percent = number(metrics?.diskAvailablePercent)
  // The check's whole-percent figure is coarser than the metric's: the metric's where both are there.
  if (checked) return { ...checked, ...(percent !== undefined && percent <= 100 ? { availablePercent: percent } : {}) }
  if (bytes === undefined) return undefined
  return { availableBytes: bytes, ...(percent !== undefined && percent <= 100 ? { availablePercent: percent } : {}) }
}
