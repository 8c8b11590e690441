/**
 * The tray icon of the desktop app: the watch goes on with every window closed, so the tray shows the
 * fleet's worst state (its colour and tooltip), opens the window, and is where the app is quit.
 */
import { Menu, Tray, nativeImage } from 'electron'
import { join } from 'node:path'
import { trayTooltip, type FleetState } from '../services/watch/fleet-state'

export interface CompanionTray {
  /** Shows the state now (after each alert change and check). */
  update(state: FleetState): void
  destroy(): void
}

export function createTray(iconDir: string, actions: { open: () => void; quit: () => void }): CompanionTray {
  const icon = (state: FleetState['worst']) => nativeImage.createFromPath(join(iconDir, `${state}.png`))
  const tray = new Tray(icon('unknown'))
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open Node Operator Companion', click: actions.open },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit }
    ])
  )
  tray.on('click', actions.open)
  let shown: string | undefined
  return {
    update(state) {
      const key = `${state.worst}|${trayTooltip(state)}`
      if (key === shown) return
      shown = key
      tray.setImage(icon(state.worst))
      tray.setToolTip(trayTooltip(state))
    },
    destroy: () => tray.destroy()
  }
}
