/**
 * The order vitest starts test files in: its own (failed first, then the longest of the last run, from its cache in
 * node_modules/.vite), but on a machine with no such cache, as a clean clone in CI, the files known to take
 * longest go first. Vitest then orders by file size, and the integration stage ended on one small, slow file
 * started last (the data-set determinism check: 30 s alone at the end of a 300 s stage, its other workers idle).
 * Started first, a long file runs beside the short ones instead of after them.
 *
 * The list is a hint, not a rule: a file missing from it only starts where vitest would start it. Its order is
 * from the clean-clone CI runs of 11-28 (docs/tests.md), longest first.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

export const LONGEST_FIRST = [
  'tests/integration/app/security-pprof-limits.test.ts',
  'tests/integration/app/sync.test.ts',
  'tests/integration/app/data.test.ts',
  'tests/integration/app/watch-acceptance.test.ts',
  'tests/integration/app/alert-delivery-hang.test.ts',
  'tests/integration/sim/node-determinism.test.ts',
  'tests/integration/sim/data-evm.test.ts',
  'tests/integration/app/control.test.ts',
  'tests/integration/sim/data-http.test.ts',
  'tests/integration/app/browser-attacks.test.ts',
  'tests/integration/sim/node-info.test.ts',
  'tests/integration/app/watch-metrics.test.ts',
  'tests/component/atomic.test.ts',
  'tests/component/cchain.test.ts',
  'tests/component/sync.test.ts',
  'tests/component/cache.test.ts',
  'tests/component/validators-subnets.test.ts',
  'tests/component/validators.test.ts'
]

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const root = this.ctx.config.root.replaceAll('\\', '/').replace(/\/?$/, '/')
    const known = (f: TestSpecification): boolean => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`) !== undefined
    const path = (f: TestSpecification): string => f.moduleId.replaceAll('\\', '/').replace(root, '')
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_FIRST.indexOf(path(f))
      return i === -1 ? LONGEST_FIRST.length : i
    }
    // Within each project, in the project order vitest chose; vitest's own order stands where its cache knows the file.
    const projects = [...new Set(sorted.map((f) => f.project.name))]
    return projects.flatMap((name) => {
      const mine = sorted.filter((f) => f.project.name === name)
      if (mine.some(known)) return mine
      return mine.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f)
    })
  }
}
