import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'
import { secretStorageSchema } from './profiles'

export const appMethods = {
  'app.info': defineMethod({
    summary: 'Version of the app, how it runs, and where it keeps its data',
    effect: 'read',
    input: emptyInput,
    output: z
      .object({
        version: z.string(),
        mode: z.enum(['desktop', 'browser', 'cli']),
        dataDir: z.string(),
        secretStorage: secretStorageSchema,
        /** Browser mode: whether node-changing methods are allowed (off unless `serve --allow-node-changes`). */
        nodeChanges: z.boolean()
      })
      .strict()
  })
} as const
