import { createHash } from 'node:crypto'
import { z } from 'zod'
import { PRIMARY_TX_SHAPES, type PrimaryTxShape } from '../../shared/contract/data-service/primary-tx'
import { APP_VERSION } from '../version'

/**
 * Which contract a kept row's data was checked against (issue 21, migration 16: entities.checked). A row of
 * a data-service transaction page that matched the shape its chainName names is stamped as an item checked
 * against that shape; an offline page assembled only from rows with today's stamp is then not checked item
 * by item again (only the rest of the answer is). A row kept by another version of the app has another stamp
 * (or 0, from before migration 16, or when the shape is not known) and is checked against today's contract
 * like any cached answer.
 *
 * The stamp is a 48-bit digest of the app's version and of the shape's JSON Schema, so a release, or a change
 * of the schema's structure between builds of one version, gives another stamp. 0 is never a stamp.
 */
const stamps = new Map<PrimaryTxShape, number>()

export function checkedStamp(shape: PrimaryTxShape): number {
  let stamp = stamps.get(shape)
  if (stamp === undefined) {
    const schema = JSON.stringify(z.toJSONSchema(PRIMARY_TX_SHAPES[shape], { unrepresentable: 'any' }))
    const digest = createHash('sha256').update(`${APP_VERSION}\n${shape}\n${schema}`).digest()
    stamp = digest.readUIntBE(0, 6) || 1
    stamps.set(shape, stamp)
  }
  return stamp
}

const SHAPE_OF_CHAIN: Readonly<Record<string, PrimaryTxShape>> = { P: 'p-chain', X: 'x-chain', C: 'c-chain' }

/** The stamp of the transactions of a Primary Network chain ('P', 'X', 'C'; 0 for any other). */
export function primaryTxStampOfChain(chain: string): number {
  const shape = SHAPE_OF_CHAIN[chain]
  return shape ? checkedStamp(shape) : 0
}
