/**
 * The node's remote methods, one typed function each, grouped by API:
 * `await platform.getCurrentSupply(node, {})`, `await admin.setLogLevel(node, { level: 'debug' })`,
 * `await evm.blockNumber(node)`. `node` is a NodeApis (./endpoints.ts builds one from the node's URL).
 */
export * as platform from './platform'
export * as core from './core'
export * as admin from './admin'
export * as info from './info'
export * as health from './health'
export * as evm from './evm'
export type { NodeApi, NodeApis, RpcFunction } from './define'
