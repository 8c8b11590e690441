import type { Alert, AlertState, Contract } from '../../shared/contract'
import type { EventName } from '../../shared/rpc/contract-types'
import type { RpcServer } from '../../shared/rpc/server'
import type { Clock } from '../clock'
import type { HostConfig } from '../config/host-config'
import type { SecretStore } from '../secrets'
import type { Storage } from './cache/storage'
import type { ConnectionOverrides } from './profiles/service'

/** How the app is run: createApp's options (src/main/app.ts). Each area reads the few it is about. */
export interface AppOptions {
  dataDir: string
  mode: 'desktop' | 'browser' | 'cli'
  secrets: SecretStore
  overrides?: ConnectionOverrides
  /** CLI: use this profile (by name) instead of the stored active one, without changing it. */
  profileName?: string
  /** Desktop: better-sqlite3 built for Electron's ABI (scripts/electron-native.mjs). */
  nativeBinding?: string
  /** Browser mode: allow node-changing methods over the websocket (serve --allow-node-changes). */
  allowNodeChanges?: boolean
  /** Browser mode: let the page add alert channels that send to this machine or a private network (serve --allow-local-channels). */
  allowLocalChannels?: boolean
  /** `npm run demo`: its own sim's node URL; browser mode may change that node (and no other). */
  demoNodeUrl?: string
  /**
   * Main's clock, for every timer and wait of the services (the watch's scheduler, log-level reverts, timed
   * CPU profiles, Retry-After waits of "load all"); the real one by default. Browser mode under test passes
   * an OffsetClock that the test moves forward (src/main/clock.ts).
   */
  clock?: Clock
  /** How long an alert channel fails before the other channels are told; 10 min by default (channel-failure.ts). */
  channelFailingMs?: number
  /** Overrides the clock's time alone (tests that move only the time read at start, e.g. reverts due). */
  now?: () => number
  /**
   * Tests only: how long one profile file may decode, shorter than DECODE_LIMITS.deadlineMs (5 s, the default),
   * so that a test of a file that runs into the deadline does not burn 5 CPU-seconds each time. Only code
   * sets it (the CLI from TEST_DECODE_DEADLINE_ENV); no contract call can.
   */
  decodeDeadlineMs?: number
  /** ms between two status polls of an atomic tx watch (tests make it short). */
  atomicPollMs?: number
  /** Desktop: show a system notification (alerts that fire). */
  notify?: (title: string, body: string) => void
  /** Run the watch's scheduler even in 'cli' mode (`companion watch`); it always runs otherwise. */
  watch?: boolean
  /** Each watch alert that fires or resolves (`companion watch` prints them). */
  onWatchAlert?: (alert: Alert, state: AlertState) => void
  /** A host's config file (serve and watch --config), applied before the watch starts (config/apply.ts). */
  hostConfig?: HostConfig
  /** Desktop: the save/open dialog of a backup file (cache.chooseFile); null when the person cancelled. */
  chooseFile?: (purpose: 'backup' | 'restore') => Promise<string | null>
}

/** Sends an event to every subscriber of the contract's server. */
export type Publish = RpcServer<Contract>['publish']

/** What every area is given: the app's options and the few things all areas share. */
export interface Shared {
  options: AppOptions
  clock: Clock
  /** The secret store, telling the log each secret it seals or opens (so that none is ever written there). */
  secrets: SecretStore
  /** The database, its size bound, and where every read and its entities are kept. */
  storage: Storage
  /** The server's publish: callable once createApp has built the server, i.e. from any callback. */
  publish: Publish
  /** The watch, alert delivery and sync run: everywhere but a one-call CLI run (`companion watch` runs them). */
  unattended: boolean
}

/**
 * What an area's function returns beside the services it offers to the areas after it: its handlers, and
 * what it starts once every area is built (and a host's config applied) and stops when the app closes.
 */
export interface Area<H extends object = object> {
  handlers: H
  start?(): void
  stop?(): void
  /** The last subscriber of an event went: an area that feeds it stops (the live block lists). */
  lastUnsubscribed?(event: EventName<Contract>): void
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** The handlers of all these areas in one object, typed as all of them (app.ts checks it covers the contract). */
export function handlersOf<A extends readonly Area[]>(areas: A): Intersection<A[number]['handlers']> {
  return Object.assign({}, ...areas.map((area) => area.handlers)) as Intersection<A[number]['handlers']>
}
