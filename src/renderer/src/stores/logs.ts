/**
 * The node's logs as a page reads them: the log folder main reads (chosen on the machine, never here) and the
 * lines of logs.query, newest page first, with the older pages added in front. The Logs panel is still to come
 * (issue 35); this is its one way to the logs area.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { LogLine, Output } from '../../../shared/contract'
import type { LogQuery } from '../../../shared/contract/logs'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'

const errorOf = (err: unknown): ErrorData => toErrorData(err) ?? { code: 'INTERNAL', message: 'Unexpected error in the page' }

export type LogFilters = Omit<Partial<LogQuery>, 'before' | 'limit'>

export const useLogsStore = defineStore('logs', () => {
  const folder = shallowRef<Output<'logs.folder'> | null>(null)
  const lines = shallowRef<LogLine[]>([])
  const before = ref<string | null>(null)
  const error = shallowRef<ErrorData | null>(null)
  let filters: LogFilters = {}

  async function loadFolder(): Promise<void> {
    try {
      folder.value = await api.call('logs.folder', {})
    } catch (err) {
      error.value = errorOf(err)
    }
  }

  /** The newest lines that pass these filters, replacing what was shown. */
  async function search(next: LogFilters): Promise<void> {
    filters = next
    try {
      const page = await api.call('logs.query', { ...filters })
      lines.value = page.lines
      before.value = page.before
      error.value = null
    } catch (err) {
      error.value = errorOf(err)
    }
  }

  /** The page of older lines, put in front of what is shown. */
  async function older(): Promise<void> {
    if (before.value === null) return
    try {
      const page = await api.call('logs.query', { ...filters, before: before.value })
      lines.value = [...page.lines, ...lines.value]
      before.value = page.before
    } catch (err) {
      error.value = errorOf(err)
    }
  }

  onConnected(() => void loadFolder())
  return { folder, lines, before, error, loadFolder, search, older }
})
