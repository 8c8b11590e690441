/**
 * The confirmation before every call that changes the node: it names the node (the active profile and
 * its URL) and what will happen, and resolves true only when the person presses the action's button.
 * Closing the dialog in any other way is a "no". Call in setup.
 */
import { h } from 'vue'
import { useDialog } from 'naive-ui'
import { useProfilesStore } from '../../stores/profiles'

export interface NodeChange {
  /** "Start a CPU profile" */
  title: string
  /** What will happen, in a sentence or two. */
  body: string
  /** The button: "Start", "Set debug". */
  action: string
}

export function useConfirmNodeChange(): (change: NodeChange) => Promise<boolean> {
  const dialog = useDialog()
  const profiles = useProfilesStore()
  return (change) =>
    new Promise<boolean>((resolve) => {
      const p = profiles.active
      let answered = false
      const answer = (yes: boolean): void => {
        if (answered) return
        answered = true
        resolve(yes)
      }
      dialog.warning({
        title: change.title,
        content: () =>
          h('div', { 'data-testid': 'confirm-node-change' }, [
            h('p', { style: 'margin: 0 0 8px' }, change.body),
            h('p', { style: 'margin: 0', 'data-testid': 'confirm-node' }, [
              'Node: ',
              h('strong', p ? p.name : 'the active profile'),
              p ? ` (${p.nodeUrl})` : ''
            ])
          ]),
        positiveText: change.action,
        negativeText: 'Cancel',
        positiveButtonProps: { 'data-testid': 'confirm-yes' } as Record<string, unknown>,
        negativeButtonProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
        onPositiveClick: () => answer(true),
        onNegativeClick: () => answer(false),
        onClose: () => answer(false),
        onMaskClick: () => answer(false),
        onAfterLeave: () => answer(false)
      })
    })
}
