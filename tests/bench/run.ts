import { z } from 'zod'
import { JsonRpcHttpClient } from '../../src/main/clients/jsonrpc-http'
import { startAnvil } from '../integration/app/helpers'

/**
 * `npm run bench`: ratios measured side by side in one run (this machine is shared and noisy, so
 * absolute times mean little). Reads 2,000 blocks from a real anvil through our JSON-RPC client,
 * one call at a time versus batches of 40.
 */
const BLOCKS = 2000

async function time(label: string, run: () => Promise<void>): Promise<number> {
  const start = performance.now()
  await run()
  const ms = performance.now() - start
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms`)
  return ms
}

const anvil = await startAnvil()
try {
  const client = new JsonRpcHttpClient({ url: anvil.url, service: 'anvil' })
  await client.call('anvil_mine', [`0x${BLOCKS.toString(16)}`], z.unknown())
  const block = z.object({ number: z.string(), hash: z.string() }).loose()
  const requests = Array.from({ length: BLOCKS }, (_, i) => ({ method: 'eth_getBlockByNumber', params: [`0x${(i + 1).toString(16)}`, false] }))

  const medians: Record<string, number[]> = { single: [], batch: [] }
  for (let round = 0; round < 3; round++) {
    medians.single!.push(
      await time(`round ${round + 1}: ${BLOCKS} calls, one at a time`, async () => {
        for (const r of requests) await client.call(r.method, r.params, block)
      })
    )
    medians.batch!.push(
      await time(`round ${round + 1}: ${BLOCKS} calls, batches of 40`, async () => {
        const results = await client.batch(requests)
        results.forEach((r) => client.validate('eth_getBlockByNumber', r, block))
      })
    )
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(`\nbatched is ${(median(medians.single!) / median(medians.batch!)).toFixed(1)}x faster than one call at a time (median of 3)`)
} finally {
  await anvil.stop()
}
