import type { ProbeReport } from '../../../shared/contract'
import type { Connections } from './clients'
import { probe } from './probe'

/** The last probe of the active profile, and the one way to run a new one. */
export class ConnectionService {
  private last: ProbeReport | null = null
  constructor(
    private readonly connections: Connections,
    private readonly activeProfileId: () => string | undefined,
    private readonly onReport: (report: ProbeReport) => void,
    /** Main's clock (the watch's samples use it too, so that their times compare) */
    private readonly now: () => number = Date.now
  ) {}

  get(): ProbeReport | null {
    return this.last && this.last.profileId === this.activeProfileId() ? this.last : null
  }

  async probe(): Promise<ProbeReport> {
    const report = { ...(await probe(this.connections.get())), checkedAt: this.now() }
    this.last = report
    this.onReport(report)
    return report
  }
}
