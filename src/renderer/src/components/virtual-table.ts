/**
 * The parts of VirtualTable.vue that are not its template: its column type, the order a header click
 * moves to, which rows are in the page for a scroll position, and the row itself.
 *
 * Why a table of our own for the big sets (5,000 validators, 100,000 UTXOs): Naive UI's virtual table
 * creates and removes the elements of every row that enters or leaves the view. A scroll that moves a whole
 * screen per frame then builds a screen of rows per frame (profiled: about 6 ms of script and as much again
 * of style and layout on these machines, a tenth of the frames late). Here every row is one line of a
 * fixed height, so a scroll position maps to rows by arithmetic, and the page keeps one element per row
 * slot: a row that scrolls out is reused for the one that scrolls in, and only its text changes.
 */
import { defineComponent, h, type PropType, type VNodeChild } from 'vue'
import { fitColumns } from './fit-columns'

export interface VirtualColumn<T> {
  key: string
  title: string
  /** Its width in px; a column with only `minWidth` takes what the others leave, at least that. */
  width?: number
  minWidth?: number
  align?: 'left' | 'right'
  className?: string
  /** Ascending order; a column without one does not sort. */
  sorter?: (a: T, b: T) => number
  /** One line: the row is `rowHeight` tall, and a longer text ends in "…" (keep the whole in a title). */
  render: (row: T) => VNodeChild
  /** How many columns this cell spans in this row (1 when not given); the cells it covers are not drawn. */
  colSpan?: (row: T) => number
  /**
   * Left out when the table is narrower than its columns, lowest first (fit-columns.ts); a column without
   * one is always shown. What it holds must be reachable otherwise (a row's details).
   */
  leaveOut?: number
}

export type SortOrder = 'descend' | 'ascend' | false

/** A header click's next order, as Naive UI's tables go: descending first, then ascending, then as given. */
export const nextSortOrder = (order: SortOrder): SortOrder => (order === false ? 'descend' : order === 'descend' ? 'ascend' : false)

/** The rows in the page: those in view and `overscan` more on each side, never past either end. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight)
  const start = Math.max(0, Math.min(first, rowCount) - overscan)
  const end = Math.min(rowCount, first + Math.ceil(viewportHeight / rowHeight) + 1 + overscan)
  return { start, end: Math.max(start, end) }
}

export interface RowSlot {
  /** The element it is drawn in: the key of its VirtualRow. */
  slot: number
  /** Its place in the whole set, from 0. */
  index: number
}

/**
 * Which element each row of the window [start, end) is drawn in, given the last assignment (in the
 * page's order). A row still in view keeps its element. A row coming into view takes a freed element, in
 * the order the freed ones had: after a jump (every row new) each element keeps its place in the page and
 * only its text changes; after a scroll by a few rows, only those few elements move (from one end to the
 * other). Moving elements in the page makes the browser lay out the page around them, not only the rows.
 */
export function assignSlots(previous: readonly RowSlot[], start: number, end: number): RowSlot[] {
  const kept = new Map<number, number>()
  const freed: number[] = []
  for (const p of previous) {
    if (p.index >= start && p.index < end) kept.set(p.index, p.slot)
    else freed.push(p.slot)
  }
  let fresh = previous.reduce((m, p) => Math.max(m, p.slot + 1), 0)
  const out: RowSlot[] = []
  for (let i = start; i < end; i++) out.push({ index: i, slot: kept.get(i) ?? freed.shift() ?? fresh++ })
  return out
}

/** The columns that fit in `room` px (all while the room is not known), in their order. */
export function columnsThatFit<T>(columns: readonly VirtualColumn<T>[], room: number): VirtualColumn<T>[] {
  const shown = fitColumns(columns.map((c) => ({ width: c.width ?? c.minWidth ?? 0, leaveOut: c.leaveOut })), room)
  return columns.filter((_, i) => shown[i])
}

/** The grid's columns: fixed widths, the flexible one as minmax(its least, the rest). */
export function gridTemplate<T>(columns: readonly VirtualColumn<T>[]): { template: string; minWidth: number } {
  let minWidth = 0
  const parts = columns.map((c) => {
    if (c.width !== undefined) {
      minWidth += c.width
      return `${c.width}px`
    }
    minWidth += c.minWidth ?? 0
    return `minmax(${c.minWidth ?? 0}px, 1fr)`
  })
  return { template: parts.join(' '), minWidth }
}

/**
 * One row slot. A component of its own so that a slot whose row did not change is not drawn again when
 * the page scrolls by a few rows; a slot that gets another row patches its cells in place.
 */
export const VirtualRow = defineComponent({
  name: 'VirtualRow',
  props: {
    row: { type: null as unknown as PropType<unknown>, required: true },
    /** Its place in the whole (sorted, filtered) set, from 0. */
    index: { type: Number, required: true },
    columns: { type: Array as PropType<readonly VirtualColumn<unknown>[]>, required: true },
    rowProps: { type: Function as PropType<(row: unknown) => Record<string, unknown>>, default: undefined },
    rowClass: { type: Function as PropType<(row: unknown) => string>, default: undefined }
  },
  setup(props) {
    return () => {
      const row = props.row
      const cells = []
      for (let i = 0; i < props.columns.length; ) {
        const c = props.columns[i]!
        const span = Math.max(1, Math.min(c.colSpan?.(row) ?? 1, props.columns.length - i))
        const style = span > 1 ? `grid-column: span ${span}` : undefined
        cells.push(h('div', { class: ['vt-td', c.align === 'right' ? 'vt-right' : null, c.className], role: 'cell', style }, [c.render(row)]))
        i += span
      }
      // 1-based, after the header row
      return h('div', { ...props.rowProps?.(row), class: ['vt-tr', props.rowClass?.(row)], role: 'row', 'aria-rowindex': props.index + 2 }, cells)
    }
  }
})
