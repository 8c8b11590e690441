/**
 * The copy of an ID or address (CopyText, and the plain-element cells of the big tables): to the clipboard,
 * or, where the page may not write it (an insecure origin, a denied permission), the shown text selected for
 * Ctrl+C. A toast says which.
 */
import { useToast } from './useToast'

/** copy(text, label, shown): `label` names it in the toast ("tx ID"); `shown` is the element selected instead. */
export function useCopy(): (text: string, label: string, shown: Element | null) => Promise<void> {
  const toast = useToast()
  return async (text, label, shown) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(`${label.charAt(0).toUpperCase()}${label.slice(1)} copied`)
    } catch {
      if (shown) window.getSelection()?.selectAllChildren(shown)
      toast.info(`Select and copy the ${label} with Ctrl+C`)
    }
  }
}
