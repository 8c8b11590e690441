import type { CachedMethod, Data, ParsedInput } from '../../../shared/contract'
import type { EntityInput } from '../entities-store'
import { atomicTxEntity, evmBlockEntity, pBalanceEntity, pBlockEntity } from './chains'
import { fits } from './common'
import { erc20BalanceEntities, evmListBlockEntity, icmEntity, primaryTxEntities, transferEntities } from './data-service'
import { utxoEntities } from './utxos'
import { validatorEntity } from './validators'

type Extract<M extends CachedMethod> = (input: ParsedInput<M>, data: Data<M>, fetchedAt: number) => EntityInput[]

/**
 * What each cached read brings as entities (issue 21): the read's method → its extractor. A method not
 * listed keeps its answer only (node health, fees, configs: nothing a person searches for).
 */
const EXTRACTORS: { [M in CachedMethod]?: Extract<M> } = {
  'validators.list': (input, d) => d.validators.map((v) => validatorEntity(v, input.subnetID ?? null)),
  'validators.mine': (input, d) => d.validators.map((v) => validatorEntity(v, input.subnetID ?? null)),
  'validators.get': (input, d) => [validatorEntity(d.validator, input.subnetID ?? null)],
  'core.getUTXOs': (input, d, at) => utxoEntities(d.utxos, input.sourceChain, at),
  'core.getAtomicTx': (_input, d, at) => [atomicTxEntity(d, at)],
  'pchain.getBlock': (_input, d) => [pBlockEntity(d)],
  'pchain.getBlockByHeight': (_input, d) => [pBlockEntity(d)],
  'pchain.getBalance': (_input, d, at) => [pBalanceEntity(d, at)],
  'cchain.getBlock': (_input, d) => [evmBlockEntity(d)],
  'data.listLatestPrimaryNetworkTransactions': (input, d) => primaryTxEntities(input, d),
  'data.listErc721Transactions': (input, d) => transferEntities(input, d.transactions),
  'data.listErc1155Transactions': (input, d) => transferEntities(input, d.transactions),
  'data.listIcmMessages': (_input, d) => d.messages.map(icmEntity),
  'data.listIcmMessagesByAddress': (_input, d) => d.messages.map(icmEntity),
  'data.getIcmMessage': (_input, d) => [icmEntity(d)],
  'data.listLatestBlocksAllChains': (_input, d) => d.blocks.map(evmListBlockEntity),
  'data.listErc20Balances': (input, d, at) => erc20BalanceEntities(input, d, at)
}

/** Whether a method's answers become entities. */
export function extractsEntities(method: string): boolean {
  return Object.hasOwn(EXTRACTORS, method)
}

/** The entities of one validated answer; those whose key or chain do not fit the contract are left out. */
export function entitiesOf(method: string, input: unknown, data: unknown, fetchedAt: number): EntityInput[] {
  if (!Object.hasOwn(EXTRACTORS, method)) return []
  const extract = EXTRACTORS[method as CachedMethod] as (input: unknown, data: unknown, fetchedAt: number) => EntityInput[]
  return extract(input, data, fetchedAt).filter(fits)
}
