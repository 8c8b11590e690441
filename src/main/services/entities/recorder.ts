import type { z } from 'zod'
import { contract, type Head, type Network } from '../../../shared/contract'
import type { DataLoadsStore } from '../../cache/data-loads-store'
import type { EntitiesStore, EntityInput } from '../../cache/entities-store'
import { entitiesOf, extractsEntities } from '../../cache/entity-extract'
import { evmHeadEntity } from '../../cache/entity-extract/chains'
import { fits } from '../../cache/entity-extract/common'
import { answerFromEntities, isCachedPageToken, type AssembledAnswer } from './offline'

/** Whose rows a read writes: the network of the profile it was made for, and that profile. */
export interface EntityOwner {
  network: Network
  profileId: string | null
}

/** What the data path asks of the entities (DataPathDeps.entities): keep a live answer, assemble an offline one. */
export interface EntitySink {
  /** After a live answer was validated and cached: its entities kept. Never throws (a failure is logged). */
  record(method: string, input: unknown, data: unknown, fetchedAt: number, scope: string): void
  /** When the source cannot be reached and the exact request was never cached; jsonTexts: see OfflineContext. */
  offline(method: string, input: unknown, scope: string, jsonTexts?: boolean): AssembledAnswer | undefined
  /**
   * Pages of a read that did not come through the data path ("load all" of a data-service list): each is
   * checked against the method's contract data first, as the data path checks a live answer. Never throws.
   */
  recordPages(method: string, input: unknown, pages: readonly unknown[], fetchedAt: number, scope: string): void
  /** A page token this app made for a page assembled from the cache: answered from the cache even online. */
  ownsPage(input: unknown): boolean
}

export interface EntityRecorderDeps {
  store: EntitiesStore
  loads?: DataLoadsStore
  warn: (message: string) => void
}

/**
 * Keeps what reads bring as entities, for the network of the profile each read was made for (the active
 * one for the panels, the checked one for the watch), and assembles offline answers from them. Also the
 * entry point of the journals (issued txs, profile files, log levels, alerts): `keep`.
 */
export class EntityRecorder {
  constructor(private readonly d: EntityRecorderDeps) {}

  /** The sink of the reads made for `owner()` (null: no profile, nothing kept or answered). */
  for(owner: () => EntityOwner | null): EntitySink {
    const sink: EntitySink = {
      record: (method, input, data, fetchedAt, scope) => {
        if (extractsEntities(method)) this.ingest(owner(), method, scope, fetchedAt, () => entitiesOf(method, input, data, fetchedAt))
      },
      offline: (method, input, scope, jsonTexts) => {
        const who = owner()
        if (!who) return undefined
        try {
          return answerFromEntities(method, input, { store: this.d.store, loads: this.d.loads, network: who.network, scope, jsonTexts })
        } catch (err) {
          this.d.warn(`assembling ${method} from cached entities failed: ${String(err)}`)
          return undefined
        }
      },
      recordPages: (method, input, pages, fetchedAt, scope) => {
        const schema = (contract.methods as Record<string, { data?: z.ZodType }>)[method]?.data
        if (!schema || !extractsEntities(method)) return
        // The whole load in one transaction: a commit per page writes the same index pages again each time.
        this.ingest(owner(), method, scope, fetchedAt, () =>
          pages.flatMap((page) => {
            const ok = schema.safeParse(page)
            return ok.success ? entitiesOf(method, input, ok.data, fetchedAt) : []
          })
        )
      },
      ownsPage: (input) => isCachedPageToken((input as { pageToken?: unknown } | null)?.pageToken)
    }
    return sink
  }

  /**
   * Keeps the heads the live list of an EVM instance read. A block kept whole by cchain.getBlock stays as it
   * is: its head says less, and the whole block is what answers cchain.getBlock offline.
   */
  keepHeads(owner: EntityOwner | null, scope: string, chain: string, heads: readonly Head[], fetchedAt: number): void {
    if (!owner) return
    const fresh = heads.filter((h) => this.d.store.get(owner.network, 'block', chain, h.hash.toLowerCase())?.source !== 'cchain.getBlock')
    this.keep(owner, 'cchain.heads', scope, fetchedAt, fresh.map((h) => evmHeadEntity(chain, h)))
  }

  /** Keeps entities a journal or a job wrote (not a read of the data path). Never throws. */
  keep(owner: EntityOwner | null, source: string, scope: string, fetchedAt: number, items: readonly EntityInput[]): void {
    if (items.length > 0) this.ingest(owner, source, scope, fetchedAt, () => items.filter(fits))
  }

  /**
   * The one write of entities, for `owner` (none: nothing kept). Never throws: an answer is cached and sent
   * whatever happens here (search is the loser, not the read), so making the items is inside the guard too.
   */
  private ingest(owner: EntityOwner | null, source: string, scope: string, fetchedAt: number, items: () => readonly EntityInput[]): void {
    if (!owner) return
    try {
      this.d.store.ingest({ ...owner, scope, source, fetchedAt }, items())
    } catch (err) {
      this.d.warn(`keeping the entities of ${source} failed: ${String(err)}`)
    }
  }
}
