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
    path: '/fleet',
    label: 'Fleet',
    description: "Every profile's node at a glance, from the checks main keeps.",
    component: () => import('./fleet/FleetPanel.vue')
  },
  {
    path: '/alerts',
    label: 'Alerts',
    description: 'Alerts of every node, the rules, the channels and the delivery log.',
    component: () => import('./alerts/AlertsPanel.vue')
  },
  {
    path: '/sync',
    label: 'Sync',
    description: 'Addresses and validators kept in sync in the background, on a schedule, so they are there offline.',
    component: () => import('./sync/SyncPanel.vue')
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
  },
  {
    path: '/pchain',
    label: 'P-Chain',
    description: 'P-Chain blocks by height or ID (hex or a JSON tree), the blockchains with their status, the supply and balances.',
    component: () => import('./chains/PChainPanel.vue')
  },
  {
    path: '/cchain',
    label: 'C-Chain live',
    description: 'New blocks as they arrive, fees over time and the chain config, for the C-Chain or another EVM instance of the node.',
    component: () => import('./cchain/CChainPanel.vue')
  },
  {
    path: '/utxos',
    label: 'UTXOs',
    description: 'UTXOs waiting in the C-Chain shared memory: decoded beside their hex, page by page or all at once, with exact totals and exports.',
    component: () => import('./utxos/UtxosPanel.vue')
  },
  {
    path: '/atomic',
    label: 'Atomic transactions',
    description: 'Look up an atomic transaction and watch its status; issue a signed one exactly once; the journal of what was issued.',
    component: () => import('./atomic/AtomicPanel.vue')
  },
  {
    path: '/data',
    label: 'Data lookups',
    description: 'The data service: Primary Network, EVM chains, interchain messages and blocks; page by page or all at once.',
    component: () => import('./data/DataPanel.vue')
  },
  {
    path: '/signatures',
    label: 'Signature aggregation',
    description: 'Collect validator signatures for a Warp message, or look them up by transaction; the signed message in hex.',
    component: () => import('./data/SignaturesPanel.vue')
  },
  {
    path: '/metrics',
    label: 'Metrics',
    description: 'Average TPS per chain, holders of an NFT collection and the usage of the public subnet RPC endpoints.',
    component: () => import('./metrics/MetricsPanel.vue')
  },
  {
    path: '/cache',
    label: 'Cache',
    description: 'Search everything the app has read, see what is kept per kind and profile, clear, export, bound its size, back up and restore.',
    component: () => import('./cache/CachePanel.vue')
  }
]
