/**
 * What the app knows that bears on a node change, in the words the confirmation repeats (issue 33: a node
 * change cannot surprise). Pure: the cards pass what the store holds (the state main keeps for the active
 * node, its journal newest first, the level read) and the time.
 */
import type { ControlAction, ControlState, JournalEntry, Revert } from '../../../../shared/contract'
import { dateTime } from '../../../../shared/domain/format'
import { clockDuration } from './format'

/** Before a log-level change: the level the node logs at now (and where that was read), and every revert still to come. */
export function knownBeforeLevel(level: string, current: string | null, currentSource: string | null, reverts: readonly Revert[], now: number): string[] {
  const from = currentSource ? ` (${currentSource})` : ''
  const lines = [
    current === null
      ? `The node's current level is not known${from}.`
      : current === level
        ? `The node logs at “${level}” already${from}.`
        : `The node logs at “${current}” now${from}.`
  ]
  for (const r of reverts.filter((x) => x.state === 'scheduled'))
    lines.push(
      `A revert is pending: at ${dateTime(r.dueAt)} (in ${clockDuration(r.dueAt - now)}) the app sets the level back to “${r.level}” (from “${r.from}”). It stays scheduled: the level set now lasts until then, unless you cancel the revert.`
    )
  return lines
}

export type ProfilerCall = 'start' | 'stop' | 'memory' | 'lock'

const FILE: Record<'stopCPUProfiler' | 'memoryProfile' | 'lockProfile', string> = { stopCPUProfiler: 'cpu.profile', memoryProfile: 'mem.profile', lockProfile: 'lock.profile' }

/** Before a profiler call: a CPU profile running or perhaps running, and the file the node will write over. */
export function knownBeforeProfiler(call: ProfilerCall, state: ControlState | null, journal: readonly JournalEntry[], now: number): string[] {
  const lines: string[] = []
  const cpu = state?.cpu ?? null
  if (call === 'stop') {
    if (cpu)
      lines.push(
        `The CPU profile started through this app at ${dateTime(cpu.startedAt)} has run for ${clockDuration(now - cpu.startedAt)}` +
          (cpu.stopsAt !== undefined ? `; it would stop itself at ${dateTime(cpu.stopsAt)} (in ${clockDuration(cpu.stopsAt - now)}).` : '.')
      )
    return [...lines, ...lastWritten('stopCPUProfiler', journal)]
  }
  if (call === 'start') {
    if (cpu) lines.push(`A CPU profile started through this app at ${dateTime(cpu.startedAt)} is still running (for ${clockDuration(now - cpu.startedAt)}): the node refuses a second one.`)
    const lastCpu = journal.find((e) => e.action === 'startCPUProfiler' || e.action === 'stopCPUProfiler')
    if (!cpu && lastCpu?.action === 'startCPUProfiler' && lastCpu.outcome === 'unknown')
      lines.push(`The last start of a CPU profile (${dateTime(lastCpu.requestedAt)}) got no answer: the node may be profiling already, and would refuse a second start.`)
    return [...lines, ...lastWritten('stopCPUProfiler', journal)]
  }
  return lastWritten(call === 'memory' ? 'memoryProfile' : 'lockProfile', journal)
}

/** The file the call makes the node write over, when the journal shows an earlier one written through the app. */
function lastWritten(action: Extract<ControlAction, keyof typeof FILE>, journal: readonly JournalEntry[]): string[] {
  const last = journal.find((e) => e.action === action && e.outcome === 'ok')
  return last ? [`The node writes over ${FILE[action]}: the last one was written at ${dateTime(last.finishedAt ?? last.requestedAt)} through this app.`] : []
}
