/**
 * ICM (Teleporter) messages between the network's EVM chains, in all three statuses the real
 * service reports: delivered, pending (recent, not yet relayed) and delivered_source_not_indexed.
 */
import { createHash } from 'node:crypto'
import type { Rng } from '../../lib/prng'
import { randomAddress, randomHash, randomHex } from './random'
import type { Erc20Token, EvmChain, IcmMessage, IcmStatus } from './types'
import { DEMO_WALLET } from './well-known'

const MESSAGE_COUNT = 420

function pickStatus(rng: Rng): IcmStatus {
  const r = rng.next()
  if (r < 0.72) return 'delivered'
  if (r < 0.9) return 'pending'
  return 'delivered_source_not_indexed'
}

export function buildIcmMessages(rng: Rng, chains: readonly EvmChain[], tokens: readonly Erc20Token[], wallets: readonly string[], referenceTime: number): IcmMessage[] {
  if (chains.length < 2) return []
  const relayers = [randomAddress(rng), randomAddress(rng), randomAddress(rng)]
  const nonces = new Map<string, bigint>()
  const messages: IcmMessage[] = []
  for (let i = 0; i < MESSAGE_COUNT; i++) {
    const source = rng.pick(chains)
    let destination = rng.pick(chains)
    while (destination === source) destination = rng.pick(chains)
    const status = pickStatus(rng)
    const nonce = (nonces.get(source.chainId) ?? 0n) + 1n
    nonces.set(source.chainId, nonce)
    // pending messages are the most recent ones; the others spread over the last 60 days
    const sentAt = status === 'pending' ? referenceTime - rng.int(5, 3_600) : referenceTime - rng.int(3_600, 60 * 86_400)
    const deliveredAt = sentAt + rng.int(2, 90)
    const involveDemo = rng.bool(0.2)
    const from = involveDemo && rng.bool(0.5) ? DEMO_WALLET : rng.pick(wallets)
    const to = involveDemo && from !== DEMO_WALLET ? DEMO_WALLET : rng.pick(wallets)
    const sourceTokens = tokens.filter((t) => t.chainId === source.chainId)
    const rewardToken = rng.pick(sourceTokens)
    const relayer = rng.pick(relayers)
    const messageId = createHash('sha256').update(`icm|${source.blockchainId}|${destination.blockchainId}|${nonce}`).digest('hex')
    const delivered = status !== 'pending'
    const m: IcmMessage = {
      messageId,
      status,
      source,
      destination,
      messageNonce: nonce.toString(),
      from,
      to,
      data: randomHex(rng, rng.int(32, 160)),
      messageExecuted: delivered && rng.bool(0.95),
      receipts: delivered && rng.bool(0.3) ? [{ receivedMessageNonce: String(rng.int(1, Number(nonce))), relayerRewardAddress: relayer }] : [],
      receiptDelivered: delivered && rng.bool(0.6),
      reward: { token: rewardToken, value: rng.bool(0.5) ? 0n : rng.bigint(1n, 10n ** 18n) },
      timestamp: status === 'delivered_source_not_indexed' ? deliveredAt : sentAt,
    }
    if (status !== 'delivered_source_not_indexed') {
      m.sourceTransaction = { txHash: randomHash(rng), timestamp: sentAt, gasSpent: String(rng.int(80_000, 400_000) * 25_000_000_000) }
    }
    if (delivered) {
      m.destinationTransaction = {
        txHash: randomHash(rng),
        timestamp: deliveredAt,
        gasSpent: String(rng.int(120_000, 600_000) * 25_000_000_000),
        rewardRedeemer: relayer,
        delivererAddress: relayer,
      }
    }
    messages.push(m)
  }
  // newest first, ties by id, so every listing has one stable order
  return messages.sort((a, b) => b.timestamp - a.timestamp || a.messageId.localeCompare(b.messageId))
}
