/**
 * Naive UI's data tables choose their columns to fit as VirtualTable does (fit-columns.ts): the columns
 * marked `leaveOut` are left out, lowest first, where the table's box is narrower than its columns, rather
 * than hiding them behind a sideways scroll.
 *
 *   const fit = useFittedColumns(() => columns)
 *   <div :ref="fit.box"><n-data-table :columns="fit.columns.value" :scroll-x="fit.scrollX.value" /></div>
 *
 * Every column that can be left out needs a `width` (or a `minWidth`), so that the fit can add them up.
 */
import { computed, onBeforeUnmount, onMounted, ref, type ComputedRef, type Ref } from 'vue'
import type { DataTableColumn } from 'naive-ui'
import { fitColumns } from '../components/fit-columns'

export type FittingColumn<T> = DataTableColumn<T> & {
  /** Left out when the table is narrower than its columns, lowest first; without one, always shown. */
  leaveOut?: number
}

/** The room a column takes: its width, or its least width, or Naive UI's least for an auto column. */
function roomOf<T>(c: FittingColumn<T>): number {
  const width = 'width' in c ? c.width : undefined
  const min = 'minWidth' in c ? c.minWidth : undefined
  return Number(width ?? min ?? 0) || 0
}

export interface FittedColumns<T> {
  /** The element the table sits in: its width is the room. */
  box: Ref<HTMLElement | null>
  columns: ComputedRef<DataTableColumn<T>[]>
  /** The shown columns' width in all, for the table's `scroll-x` (never wider than the room once fitted). */
  scrollX: ComputedRef<number>
}

export function useFittedColumns<T>(columns: () => readonly FittingColumn<T>[]): FittedColumns<T> {
  const box = ref<HTMLElement | null>(null)
  const room = ref(0)
  let resize: ResizeObserver | undefined
  const measure = (): void => {
    room.value = box.value?.clientWidth ?? 0
  }
  onMounted(() => {
    measure()
    resize = new ResizeObserver(measure)
    if (box.value) resize.observe(box.value)
  })
  onBeforeUnmount(() => resize?.disconnect())

  const shown = computed(() => {
    const all = columns()
    const fits = fitColumns(all.map((c) => ({ width: roomOf(c), leaveOut: c.leaveOut })), room.value)
    return { all, fits }
  })
  return {
    box,
    columns: computed(() => shown.value.all.filter((_, i) => shown.value.fits[i]).map(({ leaveOut: _l, ...c }) => c as DataTableColumn<T>)),
    scrollX: computed(() => shown.value.all.reduce((sum, c, i) => sum + (shown.value.fits[i] ? roomOf(c) : 0), 0))
  }
}
