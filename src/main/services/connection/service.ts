import type { ProbeReport } from '../../../shared/contract'
import type { Connections } from './clients'
import { probe, type ServicePart } from './probe'

/** scheme://host:port of a URL (without any credentials in it); '' for one that does not parse. */
function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

/** The last probe of the active profile, and the one way to run a new one. */
export class ConnectionService {
  private last: ProbeReport | null = null
  /** "profile id + node URL" of each node that answered a probe since the app started. */
  private readonly nodesAnswered = new Set<string>()
  /** "profile id + URL" of each data and metrics service that answered, per part. */
  private readonly servicesAnswered: Record<ServicePart, Set<string>> = { dataService: new Set(), metrics: new Set() }
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
    const clients = this.connections.get()
    const here = `${clients.profile.id} ${clients.profile.nodeUrl}`
    const serviceUrl: Record<ServicePart, string> = { dataService: `${clients.profile.id} ${clients.data.baseUrl}`, metrics: `${clients.profile.id} ${clients.metrics.baseUrl}` }
    const parts = Object.keys(serviceUrl) as ServicePart[]
    const servicesAnsweredHere = new Set(parts.filter((part) => this.servicesAnswered[part].has(serviceUrl[part])))
    const report = { ...(await probe(clients, { nodeAnsweredHere: this.nodesAnswered.has(here), servicesAnsweredHere })), checkedAt: this.now() }
    for (const part of parts) {
      if (report.parts.some((p) => p.part === part && p.status === 'available')) this.servicesAnswered[part].add(serviceUrl[part])
    }
    // Any part at the node's URL that answered (its info, P-Chain, … API) says the URL is right.
    const nodeOrigin = originOf(clients.profile.nodeUrl)
    if (report.parts.some((p) => p.status === 'available' && originOf(p.endpoint) === nodeOrigin)) this.nodesAnswered.add(here)
    this.last = report
    this.onReport(report)
    return report
  }
}
