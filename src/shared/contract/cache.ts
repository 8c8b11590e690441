import { z } from 'zod'
import { defineEvent } from '../rpc/contract-types'

/**
 * The cache area. Reads of remote data are cached by the one data path in main; this event tells the
 * renderer which answers may have changed, so each view reloads what it shows and nothing else.
 */
export const cacheEvents = {
  'cache.changed': defineEvent({
    summary: 'Answers of these methods may have changed (all of them: methods is ["*"]); profileId is the active profile, another one than before meaning it changed',
    payload: z
      .object({ profileId: z.string().max(100).nullable(), methods: z.array(z.string().max(100)).max(1_000) })
      .strict()
  })
} as const
