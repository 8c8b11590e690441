import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'
import { secretStorageSchema } from './profiles'

const appInfoSchema = z
  .object({
    version: z.string(),
    mode: z.enum(['desktop', 'browser', 'cli']),
    dataDir: z.string(),
    secretStorage: secretStorageSchema,
    /** Whether node-changing methods are allowed here (browser mode: off unless the flag or the desktop setting turns them on). */
    nodeChanges: z.boolean(),
    /** The desktop app's setting: browser mode sessions on this data folder may change the node. */
    browserNodeChanges: z.boolean(),
    /** `npm run demo`: the URL of the demo's own simulated node, the one node browser mode may change there. */
    demoNode: z.string().max(300).optional()
  })
  .strict()

export const appMethods = {
  'app.info': defineMethod({
    summary: 'Version of the app, how it runs, and where it keeps its data',
    effect: 'read',
    input: emptyInput,
    output: appInfoSchema
  }),
  'app.setBrowserNodeChanges': defineMethod({
    summary: 'Allow or forbid node-changing methods in browser mode on this data folder (desktop app and CLI only)',
    effect: 'local',
    desktopOnly: true,
    input: z.object({ allowed: z.boolean() }).strict(),
    output: appInfoSchema
  })
} as const
