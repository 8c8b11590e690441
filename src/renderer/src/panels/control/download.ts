/**
 * Saves a kept profile copy as a file: read part by part over the contract (the same in the desktop app
 * and in browser mode), then handed to the browser as a download named like the copy
 * ("20261124T031516.123Z-cpu.profile").
 */
import { ref, type Ref } from 'vue'
import { api } from '../../api'
import { useToast } from '../../composables/useToast'

/** A download button's state: which copy is being read (null: none), and the action, failures as a toast. */
export function useKeptDownload(): { downloading: Ref<string | null>; download: (id: string) => Promise<void> } {
  const toast = useToast()
  const downloading = ref<string | null>(null)
  async function download(id: string): Promise<void> {
    downloading.value = id
    try {
      await downloadKept(id)
    } catch (err) {
      toast.error(err, 'Could not download the profile')
    } finally {
      downloading.value = null
    }
  }
  return { downloading, download }
}

export async function downloadKept(id: string): Promise<void> {
  const parts: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  for (;;) {
    const part = await api.call('control.keptProfileBytes', { id, offset })
    const bin = atob(part.base64)
    const bytes = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
    parts.push(bytes)
    offset += bytes.length
    if (part.done || bytes.length === 0) break
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/octet-stream' }))
  try {
    const a = document.createElement('a')
    a.href = url
    a.download = id
    a.rel = 'noopener'
    document.body.appendChild(a)
    a.click()
    a.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
