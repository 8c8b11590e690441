import type { EventName, InputOf, MethodName, OutputOf, PayloadOf } from '../rpc/contract-types'
import { appMethods } from './app'
import { jobEvents, jobMethods } from './jobs'
import { profileEvents, profileMethods } from './profiles'
import { statusEvents, statusMethods } from './status'

/** The one declaration of everything the app serves: every side derives its types from it. */
export const contract = {
  methods: {
    ...appMethods,
    ...profileMethods,
    ...statusMethods,
    ...jobMethods
  },
  events: {
    ...profileEvents,
    ...statusEvents,
    ...jobEvents
  }
} as const

export type Contract = typeof contract
export type Method = MethodName<Contract>
export type Event = EventName<Contract>
export type Input<M extends Method> = InputOf<Contract, M>
export type Output<M extends Method> = OutputOf<Contract, M>
export type Payload<E extends Event> = PayloadOf<Contract, E>

export * from './common'
export * from './profiles'
export * from './status'
export * from './jobs'
