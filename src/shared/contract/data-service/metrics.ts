/**
 * Response schemas of the metrics service. Where the spec and the reference disagree (reference
 * README §5; the sim answers as the spec) both forms are accepted and normalised:
 * - NFT holder sortKey: spec integer, reference string -> a decimal string;
 * - nftCollectionName / nftSymbol: spec string, reference optional string[] -> string[];
 * - avg_tps paging: spec nextPageToken, the real (deprecated) route nextPageStartKey -> both kept.
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
  nextPageStartKey: z.string().optional()
})

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
