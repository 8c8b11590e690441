/**
 * Every panel of the app, in menu order. The navigation and the router are both built from this list,
 * so a panel exists in the shell exactly when it is listed here. Only panels that work are listed.
 */
import type { Component } from 'vue'

export interface PanelEntry {
  /** Route path and menu key. */
  path: string
  label: string
  /** One line for the page header. */
  description: string
  component: () => Promise<Component>
}

export const PANELS: readonly PanelEntry[] = [
  {
    path: '/validators',
    label: 'Validators',
    description: 'My validators first, their alerts and history, then the whole current set.',
    component: () => import('./validators/ValidatorsPanel.vue')
  },
  {
    path: '/connections',
    label: 'Connections',
    description: 'Connection profiles: where the node, the data service and the metrics service are.',
    component: () => import('./connections/ConnectionsPanel.vue')
  },
  {
    path: '/control',
    label: 'Node control',
    description: 'CPU, memory and lock profiles, the log level, the VM configuration and the profile files of the active node.',
    component: () => import('./control/ControlPanel.vue')
  }
]
