/**
 * Every copy button's copy (an ID, an address, a hex, a configuration): to the clipboard, or, where the page
 * may not write it (an insecure origin, a denied permission), the shown text selected for Ctrl+C; with
 * nothing to select (a tree, a form field), the toast says the browser did not allow it. A toast says which.
 * The access link's copy (ConnectionsPanel) is its own: it warns who may use the link, and falls back to a prompt.
 */
import { useToast } from './useToast'

/** copy(text, label, shown): `label` names it in the toast ("tx ID"); `shown` is the element selected instead, if any. */
export function useCopy(): (text: string, label: string, shown: Element | null) => Promise<void> {
  const toast = useToast()
  return async (text, label, shown) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(`${label.charAt(0).toUpperCase()}${label.slice(1)} copied`)
    } catch {
      if (!shown) {
        toast.warning(`The browser did not allow copying the ${label} to the clipboard`)
        return
      }
      window.getSelection()?.selectAllChildren(shown)
      toast.info(`Select and copy the ${label} with Ctrl+C`)
    }
  }
}
