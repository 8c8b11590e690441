import { createDataset } from './tests/sim/dataset'
const t0 = performance.now()
const ds = createDataset(1, 'mainnet')
console.log('gen ms', Math.round(performance.now() - t0), ds.transactions.length, process.memoryUsage().heapUsed/1e6|0)
