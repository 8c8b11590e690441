import type { CachedMethodName, DataOf, EventName, InputOf, MethodName, OutputOf, ParsedInputOf, PayloadOf } from '../rpc/contract-types'
import { alertEvents, alertMethods } from './alerts'
import { alertChannelMethods } from './alert-channels'
import { alertSilenceMethods } from './alert-silences'
import { appMethods } from './app'
import { cacheEvents, cacheMethods } from './cache'
import { cchainEvents, cchainMethods } from './cchain'
import { connectionEvents, connectionMethods } from './connection'
import { controlEvents, controlMethods } from './control'
import { dataMethods } from './data'
import { metricsMethods } from './metrics'
import { coreMethods } from './utxos'
import { infoMethods } from './info'
import { jobEvents, jobMethods } from './jobs'
import { logMethods } from './logs'
import { pchainMethods } from './pchain'
import { profileEvents, profileMethods } from './profiles'
import { validatorMethods } from './validators'
import { watchMethods } from './watch'
import { heartbeatMethods } from './watch-heartbeat'
import { syncEvents, syncMethods } from './sync'

/**
 * The one declaration of everything the app serves: every side derives its types from it. One file
 * per area; an area's methods share the prefix before the dot.
 */
export const contract = {
  methods: {
    ...appMethods,
    ...profileMethods,
    ...connectionMethods,
    ...jobMethods,
    ...infoMethods,
    ...validatorMethods,
    ...controlMethods,
    ...coreMethods,
    ...pchainMethods,
    ...cchainMethods,
    ...dataMethods,
    ...metricsMethods,
    ...watchMethods,
    ...heartbeatMethods,
    ...alertMethods,
    ...alertChannelMethods,
    ...alertSilenceMethods,
    ...cacheMethods,
    ...syncMethods,
    ...logMethods
  },
  events: {
    ...profileEvents,
    ...connectionEvents,
    ...jobEvents,
    ...cacheEvents,
    ...controlEvents,
    ...cchainEvents,
    ...alertEvents,
    ...syncEvents
  }
} as const

export type Contract = typeof contract
export type Method = MethodName<Contract>
export type Event = EventName<Contract>
export type Input<M extends Method> = InputOf<Contract, M>
export type ParsedInput<M extends Method> = ParsedInputOf<Contract, M>
export type Output<M extends Method> = OutputOf<Contract, M>
export type Payload<E extends Event> = PayloadOf<Contract, E>
export type CachedMethod = CachedMethodName<Contract>
export type Data<M extends CachedMethod> = DataOf<Contract, M>

export * from './common'
export * from './envelope'
export * from './profiles'
export * from './connection'
export * from './jobs'
export * from './info'
export * from './cache'
export * from './validators'
export * from './control'
export * from './utxos'
export * from './pchain'
export * from './cchain'
export * from './data'
export * from './metrics'
export * from './watch'
export * from './watch-heartbeat'
export * from './alerts'
export * from './alert-channels'
export * from './channel-routing'
export * from './sync'
export * from './logs'
export type { Effect, RemoteService } from '../rpc/contract-types'
