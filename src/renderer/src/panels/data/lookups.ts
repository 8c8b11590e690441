/**
 * The data-service lookups, grouped as a person looks for them. Each is one contract method; its form
 * is built from that method's input schema. `list` names the list field of a paged answer (for the
 * table, next page and load all); `fixed` says which values the panel sets itself.
 */
import type { CachedMethod, DataList } from '../../../../shared/contract'

export type LookupGroup = 'primary' | 'evm' | 'icm' | 'blocks'

export interface Lookup {
  id: string
  /** its name in the address bar (`#/data?tab=…`; links.ts opens "transactions" and "balances") */
  tab: string
  label: string
  group: LookupGroup
  method: CachedMethod & `data.${string}`
  /** the paged list this lookup answers, and the field its items are in */
  list?: { name: DataList; field: string }
  /** set by the panel: the profile's network, the chosen EVM chain */
  fixed: readonly ('network' | 'chainId')[]
  /** starting values of the form, as typed */
  initial?: Record<string, string>
}

export const GROUPS: { value: LookupGroup; label: string }[] = [
  { value: 'primary', label: 'Primary Network' },
  { value: 'evm', label: 'EVM chains' },
  { value: 'icm', label: 'Interchain messages' },
  { value: 'blocks', label: 'Blocks' }
]

const l = (name: DataList, field: string) => ({ name, field })

export const LOOKUPS: readonly Lookup[] = [
  { id: 'txs', tab: 'transactions', label: 'Transactions', group: 'primary', method: 'data.listLatestPrimaryNetworkTransactions', list: l('listLatestPrimaryNetworkTransactions', 'transactions'), fixed: ['network'], initial: { blockchainId: 'p-chain' } },
  { id: 'vertices', tab: 'vertices', label: 'X-Chain vertices', group: 'primary', method: 'data.listLatestXChainVertices', list: l('listLatestXChainVertices', 'vertices'), fixed: ['network'], initial: { blockchainId: 'x-chain' } },
  { id: 'subnets', tab: 'subnets', label: 'Subnets', group: 'primary', method: 'data.listSubnets', list: l('listSubnets', 'subnets'), fixed: ['network'] },
  { id: 'l1', tab: 'l1', label: 'L1 validators', group: 'primary', method: 'data.listL1Validators', list: l('listL1Validators', 'validators'), fixed: ['network'] },
  { id: 'rewards', tab: 'rewards', label: 'Pending rewards', group: 'primary', method: 'data.listPendingPrimaryNetworkRewards', list: l('listPendingPrimaryNetworkRewards', 'pendingRewards'), fixed: ['network'] },
  { id: 'chainids', tab: 'chainids', label: 'Chain interactions', group: 'primary', method: 'data.getChainIdsForAddresses', fixed: ['network'] },
  { id: 'erc20', tab: 'balances', label: 'ERC-20 balances', group: 'evm', method: 'data.listErc20Balances', list: l('listErc20Balances', 'erc20TokenBalances'), fixed: ['chainId'] },
  { id: 'collectibles', tab: 'collectibles', label: 'Collectibles', group: 'evm', method: 'data.listCollectibleBalances', list: l('listCollectibleBalances', 'collectibleBalances'), fixed: ['chainId'] },
  { id: 'erc721', tab: 'erc721', label: 'ERC-721 transfers', group: 'evm', method: 'data.listErc721Transactions', list: l('listErc721Transactions', 'transactions'), fixed: ['chainId'] },
  { id: 'erc1155', tab: 'erc1155', label: 'ERC-1155 transfers', group: 'evm', method: 'data.listErc1155Transactions', list: l('listErc1155Transactions', 'transactions'), fixed: ['chainId'] },
  { id: 'nft', tab: 'nft', label: 'NFT token details', group: 'evm', method: 'data.getTokenDetails', fixed: ['chainId'] },
  { id: 'icm', tab: 'icm', label: 'All messages', group: 'icm', method: 'data.listIcmMessages', list: l('listIcmMessages', 'messages'), fixed: [] },
  { id: 'icm-address', tab: 'icm-address', label: 'Messages of an address', group: 'icm', method: 'data.listIcmMessagesByAddress', list: l('listIcmMessagesByAddress', 'messages'), fixed: [] },
  { id: 'icm-one', tab: 'icm-one', label: 'Message by ID', group: 'icm', method: 'data.getIcmMessage', fixed: [] },
  { id: 'blocks', tab: 'blocks', label: 'Recent blocks across chains', group: 'blocks', method: 'data.listLatestBlocksAllChains', list: l('listLatestBlocksAllChains', 'blocks'), fixed: [] }
]
