/**
 * The one way panels tell a person how an action went: naive-ui's messages, with failures rendered by
 * ErrorNotice (by error code, remote words labelled, a rate limit counting down). Call in setup.
 *
 *   const toast = useToast()
 *   try { … } catch (err) { toast.error(err, `Could not delete “${name}”`) }
 */
import { h } from 'vue'
import { useMessage } from 'naive-ui'
import type { RemoteService } from '../../../shared/contract'
import ErrorNotice from '../components/ErrorNotice.vue'
import { describeError } from '../errors'

const ERROR_MS = 8_000

export interface Toast {
  success(text: string): void
  info(text: string): void
  warning(text: string): void
  /** A failed action: `lead` says what failed (our words), the error says why. */
  error(err: unknown, lead?: string, opts?: { from?: RemoteService }): void
}

export function useToast(): Toast {
  const message = useMessage()
  return {
    success: (text) => void message.success(text),
    info: (text) => void message.info(text),
    warning: (text) => void message.warning(text, { duration: 5_000 }),
    error(err, lead, opts) {
      const m = describeError(err, opts?.from ? { from: opts.from } : {})
      // Stay at least until a rate limit is over, so the countdown can be read to the end.
      const duration = Math.max(ERROR_MS, (m.retryAfter ?? 0) * 1_000 + 1_000)
      message.error(() => h(ErrorNotice, { error: err, title: lead, variant: 'inline', from: opts?.from }), {
        duration,
        closable: true,
        keepAliveOnHover: true
      })
    }
  }
}
