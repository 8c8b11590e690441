import { ENTITY_KINDS, type EntityHit, type Output } from '../../../shared/contract'
import { CB58_TEXT } from '../../../shared/domain/ids'
import { AppError } from '../../../shared/rpc/errors'
import type { EntitiesStore, StoredEntity } from '../../cache/entities-store'
import { MAX_CHAIN, MAX_KEY, MAX_LABEL } from '../../cache/entity-extract/common'
import { PRIMARY_TX_SOURCE, primaryTxAddresses } from '../../cache/entity-extract/data-service'
import { normalizeTerm } from '../../cache/entity-terms'
import type { EntityOwner } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import { labelOfHit } from './hit-label'

export interface CacheSearchDeps {
  store: EntitiesStore
  /** The active profile's network (null: no profile active). */
  owner: () => EntityOwner | null
}

/** What a person may type: IDs, addresses, hashes, heights (letters, digits and - _ : . /). */
const ID_LIKE = /^[A-Za-z0-9_:./-]+$/
const HEX64 = /^(0x)?[0-9a-fA-F]{64}$/

/**
 * The terms a query is looked up by, in their one spelling: an address with or without its chain prefix
 * (P-avax1…, X-…, C-…), a 0x EVM address or hash (any case), a NodeID, a cb58 ID, a decimal height. A 64-hex
 * value is also tried with and without 0x (ICM message IDs are written both ways).
 */
export function termsOfQuery(query: string): string[] {
  const q = query.trim()
  if (!ID_LIKE.test(q))
    throw new AppError('BAD_INPUT', 'query: type one address, NodeID, tx ID or hash, block height or hash, subnet or blockchain ID (no spaces or other characters)')
  const terms = new Set([normalizeTerm(q)])
  if (HEX64.test(q)) {
    const bare = q.replace(/^0x/, '').toLowerCase()
    terms.add(bare).add(`0x${bare}`)
  }
  if (/^\d+$/.test(q)) terms.add(String(BigInt(q)))
  return [...terms]
}

/** The shortest part of an ID searched as a prefix: fewer characters would match a good share of the cache. */
export const MIN_PARTIAL = 4
const HEXISH = /^(0x)?[0-9a-fA-F]+$/

/**
 * What part of an ID (its start) finds, in the spelling terms are kept in: "P-avax1qq" finds the addresses
 * that start with "avax1qq"; "NMgCtW3" finds "NodeID-NMgCtW3…" too; hex in lower case, with and without 0x.
 * Heights and anything shorter than MIN_PARTIAL are looked up exactly only (a height's prefix is another height).
 */
export function prefixesOfQuery(query: string): string[] {
  const q = query.trim()
  if (q.length < MIN_PARTIAL || /^\d+$/.test(q) || !ID_LIKE.test(q)) return []
  const bare = q.replace(/^[A-Za-z]-(?=[a-z0-9]+1)/, '')
  const out = new Set([bare])
  if (HEXISH.test(q)) {
    const hex = q.replace(/^0x/i, '').toLowerCase()
    out.add(`0x${hex}`)
    if (hex.length >= MIN_PARTIAL) out.add(hex)
  }
  if (CB58_TEXT.test(q)) out.add(`NodeID-${q}`)
  return [...out]
}

/** A bech32 address without its chain prefix (how the data service writes a tx's parties). */
const BECH32 = /^[a-z0-9]{1,40}1[02-9ac-hj-np-z]{6,58}$/

/**
 * The addresses a data-service P-, X- or C-Chain transaction opens under in Data lookups (no method reads one
 * tx by its ID), written as that chain's addresses are typed ("P-avax1…"); the spender's first.
 */
function txAddresses(e: StoredEntity): string[] | undefined {
  if (e.kind !== 'transaction' || e.source !== PRIMARY_TX_SOURCE || !['P', 'X', 'C'].includes(e.chain)) return undefined
  const found = primaryTxAddresses(JSON.parse(e.data) as unknown)
    .map(normalizeTerm)
    .filter((a) => BECH32.test(a))
    .slice(0, 20)
  return found.length > 0 ? found.map((a) => `${e.chain}-${a}`) : undefined
}

function hitOf(e: StoredEntity): EntityHit {
  const addresses = txAddresses(e)
  return {
    kind: e.kind,
    key: e.key.slice(0, MAX_KEY),
    network: e.network,
    chain: e.chain.slice(0, MAX_CHAIN),
    label: labelOfHit(e).slice(0, MAX_LABEL),
    profileId: e.profileId === null ? null : e.profileId.slice(0, 100),
    source: e.source.slice(0, 100),
    sort: e.sort,
    fetchedAt: e.fetchedAt,
    pinned: e.pinned,
    ...(addresses ? { addresses } : {})
  }
}

/** cache.search: what the active profile's network has kept under a term, grouped by kind, newest first. */
export function cacheSearchHandlers(deps: CacheSearchDeps): Pick<AreaHandlers<'cache'>, 'cache.search'> {
  return {
    'cache.search': ({ query, kinds, limit }): Output<'cache.search'> => {
      const owner = deps.owner()
      if (!owner) throw new AppError('NOT_FOUND', "No active connection profile: create one in Connections and activate it; the cache is searched for that profile's network")
      const wanted = kinds && kinds.length > 0 ? ENTITY_KINDS.filter((k) => kinds.includes(k)) : [...ENTITY_KINDS]
      const groups = deps.store.search(owner.network, termsOfQuery(query), wanted, limit, prefixesOfQuery(query))
      return { network: owner.network, groups: groups.map((g) => ({ kind: g.kind, total: g.total, hits: g.hits.map(hitOf) })) }
    }
  }
}
