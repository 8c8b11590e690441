/**
 * The figures of `npm run bench` beyond the transport's and the cache's tables: each with its baseline
 * (measured in the same run) or its fixed target, whether it is met, and a note that says what was
 * measured, or by how much and why a target is missed. Printed as one table and written to
 * bench-results.json (docs/benchmarks.md keeps the latest table).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export interface Figure {
  name: string
  /** the median measured */
  value: number
  unit: string
  /** the baseline measured in the same run, if the target is a ratio to it */
  baseline?: { name: string; value: number }
  /** value / baseline.value (or its inverse, as the target reads) */
  ratio?: number
  /** what it must be, as text: "< 2 ms", ">= 0.7x raw" */
  target: string
  met: boolean
  note?: string
  /** When it was measured (ISO), as written to bench-results.json. */
  at?: string
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

const show = (v: number, unit: string): string => `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(3)} ${unit}`

export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(`\n${title}\n`)
  console.log(`${'figure'.padEnd(70)} ${'median'.padStart(14)} ${'baseline'.padStart(14)} ${'ratio'.padStart(7)}  target`)
  for (const f of figures) {
    const base = f.baseline ? show(f.baseline.value, f.unit) : ''
    const ratio = f.ratio !== undefined ? `${f.ratio.toFixed(2)}x` : ''
    console.log(`${f.name.padEnd(70)} ${show(f.value, f.unit).padStart(14)} ${base.padStart(14)} ${ratio.padStart(7)}  ${f.target} ${f.met ? 'met' : 'MISSED'}`)
    if (f.note) console.log(`${''.padEnd(4)}${f.note}`)
  }
}

/**
 * One timing of ours (through the app) and one of raw (its baseline), the `k`th of a series: the two take
 * turns going first, so neither always finds in memory what the other just read.
 */
export async function timeBoth<A, B>(k: number, ours: () => Promise<A>, raw: () => B): Promise<{ ours: A; oursMs: number; raw: B; rawMs: number }> {
  const timeRaw = (): { raw: B; rawMs: number } => {
    const t = performance.now()
    const value = raw()
    return { raw: value, rawMs: performance.now() - t }
  }
  const first = k % 2 === 1 ? timeRaw() : undefined
  const t = performance.now()
  const value = await ours()
  const oursMs = performance.now() - t
  return { ours: value, oursMs, ...(first ?? timeRaw()) }
}

/** A markdown table of the figures (docs/benchmarks.md's "latest run"). */
export function figuresMarkdown(figures: readonly Figure[]): string {
  const rows = figures.map((f) => `| ${f.name} | ${show(f.value, f.unit)} | ${f.baseline ? `${show(f.baseline.value, f.unit)} (${f.baseline.name})` : ''} | ${f.ratio !== undefined ? `${f.ratio.toFixed(2)}x` : ''} | ${f.target} | ${f.met ? 'met' : '**missed**'} |`)
  return ['| figure | median | baseline | ratio | target | |', '|---|---:|---:|---:|---|---|', ...rows].join('\n')
}

/**
 * Writes the figures, each with the time it was measured. A run of some parts only (BENCH_ONLY: `partial`)
 * replaces the figures of the same name and keeps the file's others, with the time they were measured then.
 */
export function writeResults(path: string, figures: readonly Figure[], extra: Record<string, unknown> = {}, partial = false): void {
  const at = new Date().toISOString()
  const fresh = figures.map((f) => ({ ...f, at }))
  const before = partial && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { at?: string; figures?: Figure[] }) : {}
  const kept = (before.figures ?? []).filter((f) => !fresh.some((n) => n.name === f.name)).map((f) => ({ ...f, at: f.at ?? before.at }))
  writeFileSync(path, `${JSON.stringify({ at, ...extra, figures: [...fresh, ...kept] }, null, 2)}\n`)
}
