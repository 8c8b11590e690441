import { createDataset, datasetDigest } from './tests/sim/dataset'
const t0 = performance.now()
const ds = createDataset(1, 'mainnet')
const t1 = performance.now()
console.log('gen ms', Math.round(t1 - t0))
const byChain = { P: 0, X: 0, C: 0 } as Record<string, number>
for (const t of ds.transactions) byChain[t.chain]!++
console.log('txs', ds.transactions.length, byChain, 'validators', ds.validators.length, 'delegators', ds.validators.reduce((s, v) => s + v.delegators.length, 0))
console.log('subnets', ds.subnets.length, 'l1vals', ds.l1Validators.length, 'pblocks', ds.pBlocks.length, 'vertices', ds.vertices.length)
const t2 = performance.now()
console.log('rich X utxos', ds.atomicUtxos(ds.params.xChainId, ds.richAddress.shortIdHex).length, 'rich P utxos', ds.atomicUtxos(ds.params.pChainId, ds.richAddress.shortIdHex).length, 'idx ms', Math.round(performance.now() - t2))
console.log('rich txs', ds.transactionsOf(ds.richAddress.bech32).length, 'op bal', ds.pBalance(ds.wellKnown.operator.shortIdHex).unlocked)
console.log(ds.richAddress, ds.nodes)
console.log('digest', datasetDigest(ds))
const types: Record<string, number> = {}
for (const t of ds.transactions) types[t.chain + ':' + t.txType] = (types[t.chain + ':' + t.txType] ?? 0) + 1
console.log(types)
console.log(ds.subnets.map(s => [s.label, s.subnetId, s.blockchains.map(b => b.status), s.subnetValidators.length]))
