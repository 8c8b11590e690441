/**
 * Which columns of a table fit its width: the one rule behind every table that chooses its columns (the
 * virtual tables of validators and UTXOs, the data lookups' result table), so that a table shows fewer
 * columns in a narrow window instead of hiding some behind a sideways scroll.
 */

export interface FitColumn {
  /** The room it needs, in px. */
  width: number
  /**
   * When it is left out: the table drops the column with the lowest number first, then the next, until the
   * rest fit. A column without one is always shown.
   */
  leaveOut?: number | undefined
}

/**
 * Whether each column is shown (in the order given): every column when they all fit in `room` px or when
 * the room is not known yet (0: not laid out), else the columns left out in their `leaveOut` order until
 * the rest fit, or until none is left to leave out.
 */
export function fitColumns(columns: readonly FitColumn[], room: number): boolean[] {
  const shown = columns.map(() => true)
  if (!(room > 0)) return shown
  let used = columns.reduce((sum, c) => sum + c.width, 0)
  const order = columns
    .map((c, i) => ({ i, leaveOut: c.leaveOut }))
    .filter((c): c is { i: number; leaveOut: number } => c.leaveOut !== undefined)
    .sort((a, b) => a.leaveOut - b.leaveOut)
  for (const { i } of order) {
    if (used <= room) break
    shown[i] = false
    used -= columns[i]!.width
  }
  return shown
}
