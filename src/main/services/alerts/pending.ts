/**
 * "For N checks": a rule's alert fires only when its condition held on each of the last N checks, not on
 * one bad sample. Each earlier check is judged as it was then: the rule applied to the samples up to it
 * (the same pure check, no state kept), so a restart of the app changes nothing and the same samples
 * always give the same answer. Asked only for a subject about to fire: most checks fire nothing, and
 * cost nothing more.
 */
import type { CheckContext, Verdicts } from './rule-checks'

type Check = (ctx: CheckContext) => Verdicts | null

/** The verdicts of one rule on the samples as they stood k checks ago, each worked out once per evaluation. */
export class EarlierVerdicts {
  private readonly byK = new Map<number, Verdicts | null>()
  constructor(
    private readonly check: Check,
    private readonly ctx: CheckContext
  ) {}

  private at(k: number): Verdicts | null {
    if (!this.byK.has(k)) {
      const samples = this.ctx.samples.slice(0, this.ctx.samples.length - k)
      // The rules over a window read the series as it stood then too.
      const until = samples.at(-1)?.at ?? -Infinity
      const series = this.ctx.series.filter((p) => p.at <= until)
      this.byK.set(k, samples.length === 0 ? null : this.check({ ...this.ctx, samples, series }))
    }
    return this.byK.get(k) ?? null
  }

  /** Whether the subject fired on each of the `n - 1` checks before the last one too (an unknown one does not count). */
  heldFor(subject: string, n: number): boolean {
    for (let k = 1; k < n; k++) if (this.at(k)?.get(subject)?.firing !== true) return false
    return true
  }
}
