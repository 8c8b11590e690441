import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'

export const appMethods = {
  'app.info': defineMethod({
    summary: 'Version of the app, how it runs, and where it keeps its data',
    input: emptyInput,
    output: z
      .object({
        version: z.string(),
        mode: z.enum(['desktop', 'browser', 'cli']),
        dataDir: z.string(),
        secretStorage: z.enum(['encrypted', 'unencrypted'])
      })
      .strict()
  })
} as const
