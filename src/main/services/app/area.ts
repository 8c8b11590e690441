import { AppSettingsStore } from '../../cache/app-settings-store'
import { APP_VERSION } from '../../version'
import type { Area, Shared } from '../area'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from '../profiles/service'
import { appHandlers } from './handlers'

export interface AppArea extends Area<AreaHandlers<'app'>> {
  /** Whether browser mode may call methods that change the node now (the effect policy asks at each call). */
  nodeChangesOverWebsocket: () => boolean
}

/** What the app is and how it runs (app.info), and the desktop setting that lets browser mode change the node. */
export function createAppArea({ options, storage }: Shared, deps: { profiles: ProfilesService }): AppArea {
  // Browser mode may change the node when serve was started with the flag, or while the desktop app's
  // setting (kept in this data folder, read at each call) allows it.
  const settings = new AppSettingsStore(storage.db)
  // The demo (`npm run demo`) allows them on its own simulated node only, whichever profile is active.
  const demoNodeActive = (): boolean => options.demoNodeUrl !== undefined && deps.profiles.effective()?.nodeUrl === options.demoNodeUrl
  const nodeChangesOverWebsocket = (): boolean => options.allowNodeChanges === true || settings.browserNodeChanges() || demoNodeActive()
  return {
    handlers: appHandlers(
      () => ({
        version: APP_VERSION,
        mode: options.mode,
        dataDir: options.dataDir,
        secretStorage: options.secrets.storage,
        nodeChanges: options.mode !== 'browser' || nodeChangesOverWebsocket(),
        browserNodeChanges: settings.browserNodeChanges(),
        ...(options.demoNodeUrl !== undefined ? { demoNode: options.demoNodeUrl } : {})
      }),
      settings
    ),
    nodeChangesOverWebsocket
  }
}
