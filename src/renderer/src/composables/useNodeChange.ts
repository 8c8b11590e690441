/**
 * The one way the renderer calls a method that changes the node (declared `effect: 'node'` in the
 * contract): it asks first, in the same dialog everywhere, naming the node (the active profile and its
 * URL) and what will happen, and sends only when the person presses the action's button. Closing the
 * dialog in any other way is a "no", and a "no" sends nothing. Components supply only the words:
 *
 *   const change = useNodeChange()   // in setup: the dialog needs Naive UI's provider
 *   const r = await change('control.stopCpuProfile', {}, { title: 'Stop the CPU profile', body: '…', action: 'Stop' })
 *   if (r === null) return           // the person said no
 *
 * `api.call` does not take these methods (see NodeMethod in ../api.ts), so a new node-changing method
 * cannot be called without asking: it type-checks only through here.
 */
import { h, ref } from 'vue'
import { NCheckbox, useDialog } from 'naive-ui'
import { contract, type Contract, type Input, type Output } from '../../../shared/contract'
import type { RpcClient } from '../../../shared/rpc/client'
import { AppError } from '../../../shared/rpc/errors'
import { api, type NodeMethod } from '../api'
import { useProfilesStore } from '../stores/profiles'

export interface NodeChangeWords {
  /** "Start a CPU profile" */
  title: string
  /** What will happen, in a sentence or two. */
  body: string
  /** The button: "Start", "Set debug". */
  action: string
  /**
   * What the app knows that bears on this change, repeated in the dialog so that nothing the panel said
   * is missed at the moment of the yes: "already seen Accepted at height 1", "a revert is pending".
   */
  known?: readonly string[]
  /**
   * A second, explicit choice: the label of a box the person must tick before the action's button works
   * ("Send it again anyway"), for a change the app would otherwise refuse to repeat.
   */
  confirmAgain?: string
}

/**
 * Asks, then calls `method`: its output, or null when the person said no (nothing was sent).
 * `sending` runs after the yes, just before the call goes out (to show the button busy then, not while
 * the dialog is open).
 */
export type NodeChange = <M extends NodeMethod>(method: M, input: Input<M>, words: NodeChangeWords, sending?: () => void) => Promise<Output<M> | null>

/** The full client: only this file sends node-changing methods, and only after a yes. */
const send = (api as RpcClient<Contract>).call

export function useNodeChange(): NodeChange {
  const dialog = useDialog()
  const profiles = useProfilesStore()

  function ask(words: NodeChangeWords): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const p = profiles.active
      let answered = false
      const answer = (yes: boolean): void => {
        if (answered) return
        answered = true
        resolve(yes)
      }
      // The action's button stays off until the second choice is ticked, when the words ask for one.
      const ticked = ref(words.confirmAgain === undefined)
      const yesProps = (): Record<string, unknown> => ({ 'data-testid': 'confirm-yes', disabled: !ticked.value })
      const d = dialog.warning({
        title: words.title,
        content: () =>
          h('div', { 'data-testid': 'confirm-node-change' }, [
            h('p', { style: 'margin: 0 0 8px' }, words.body),
            words.known && words.known.length > 0
              ? h('ul', { style: 'margin: 0 0 8px; padding-left: 18px', 'data-testid': 'confirm-known' }, words.known.map((k) => h('li', { 'data-testid': 'confirm-known-item' }, k)))
              : null,
            h('p', { style: 'margin: 0', 'data-testid': 'confirm-node' }, [
              'Node: ',
              h('strong', p ? p.name : 'the active profile'),
              p ? ` (${p.nodeUrl})` : ''
            ]),
            words.confirmAgain !== undefined
              ? h(
                  NCheckbox,
                  {
                    checked: ticked.value,
                    style: 'margin-top: 10px',
                    'data-testid': 'confirm-again',
                    'onUpdate:checked': (v: boolean) => {
                      ticked.value = v
                      d.positiveButtonProps = yesProps()
                    }
                  },
                  () => words.confirmAgain
                )
              : null
          ]),
        positiveText: words.action,
        negativeText: 'Cancel',
        positiveButtonProps: yesProps(),
        negativeButtonProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
        // Unticked, the yes is no answer (its button is off as well; this holds if a key press reaches it).
        onPositiveClick: () => (ticked.value ? answer(true) : false),
        onNegativeClick: () => answer(false),
        onClose: () => answer(false),
        onMaskClick: () => answer(false),
        onAfterLeave: () => answer(false)
      })
    })
  }

  return async (method, input, words, sending) => {
    // The declaration decides, not the caller's type: a method that is not declared 'node' has no
    // business in a node-change dialog, and a blank question is no confirmation.
    if (contract.methods[method].effect !== 'node') throw new AppError('INTERNAL', `${method} does not change the node: call it with api.call`)
    if (!words.title.trim() || !words.body.trim() || !words.action.trim()) throw new AppError('INTERNAL', `${method} changes the node: nothing was sent without a question to ask first`)
    if (!(await ask(words))) return null
    sending?.()
    return send(method, input)
  }
}
