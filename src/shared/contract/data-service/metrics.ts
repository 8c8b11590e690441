/**
 * Response schemas of the metrics service. Where the spec and the reference disagree (reference
 * README §5; the sim answers as the spec) both forms are accepted and normalised:
 * - NFT holder sortKey: spec integer, reference string -> a decimal string;
 * - nftCollectionName / nftSymbol: spec string, reference optional string[] -> string[];
 * - avg_tps paging: spec nextPageToken, the real (deprecated) route nextPageStartKey -> both kept;
 *   nextPageOf says which key the next request sends.
 */
import { z } from 'zod'
import { listEnvelope, timestamp, uint } from './common'

export const avgTpsPoint = z.looseObject({ timestamp, value: z.number() })

/** Newest first; `status` is the HTTP status the service writes into the body, `lastRun` its last update. */
export const avgTpsResponse = z.looseObject({
  results: z.array(avgTpsPoint),
  status: z.number().int(),
  lastRun: timestamp.optional(),
  nextPageToken: z.string().min(1, { error: 'an empty nextPageToken: the server must omit it on the last page' }).optional(),
  /** the real deprecated route's paging key (query startKey), not part of our interface */
  nextPageStartKey: z.string().min(1, { error: 'an empty nextPageStartKey: the server must omit it on the last page' }).optional()
})

/** The query that asks for the page after this one, or null on the last page. */
export type NextPage = { pageToken: string } | { startKey: string }

/**
 * The next page of a list, by the key the server gave: nextPageToken goes back as pageToken (the
 * spec's paging, every list); nextPageStartKey as startKey, only where the endpoint takes one
 * (`takesStartKey`: the real avg_tps route). Elsewhere a nextPageStartKey means nothing and the page is the last.
 */
export function nextPageOf(page: { nextPageToken?: unknown; nextPageStartKey?: unknown }, takesStartKey: boolean): NextPage | null {
  if (typeof page.nextPageToken === 'string' && page.nextPageToken !== '') return { pageToken: page.nextPageToken }
  if (takesStartKey && typeof page.nextPageStartKey === 'string' && page.nextPageStartKey !== '') return { startKey: page.nextPageStartKey }
  return null
}

const sortKey = z
  .union([z.string().regex(/^\d+$/, { error: 'sortKey must be a decimal number' }), z.number().int().nonnegative()])
  .transform((v) => String(v))

export const nftHolder = z.looseObject({ address: z.string(), sortKey })

const nameList = z.union([z.string(), z.array(z.string())]).transform((v) => (typeof v === 'string' ? [v] : v))

export const nftHoldersResponse = listEnvelope('addresses', nftHolder, {
  nftCollectionName: nameList.optional(),
  nftSymbol: nameList.optional(),
  totalHolders: uint,
  totalTokens: uint
})
