/**
 * POST /v1/signatureAggregator/{network}/aggregateSignatures
 * GET  /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}
 *
 * Rules (spec): exactly one of message / justification (hex, optional 0x); quorumPercentage and
 * quorumPercentageBuffer integers 0..100 (defaults 67 and 0) with a sum of at most 100; pChainHeight
 * 0 (default) or a height; signingSubnetId hex or cb58, default the source chain's subnet.
 * Codes: malformed input 400; unknown tx 404; a switched-off subnet 503; a quorum the connected
 * validators cannot reach 500, as the real aggregator reports "failed to collect a threshold of
 * signatures" as an internal error. Success is 201 as the real service declares for both routes (the
 * GET too), or 200 as the spec says with the spec's forms switched on (../forms).
 */
import { createHash } from 'node:crypto'
import { PRIMARY_NETWORK_ID } from '../../dataset'
import type { PrimaryNetworkTx } from '../../dataset'
import { fromHex, toHex } from '../../lib/bytes'
import { cb58Decode, cb58Encode } from '../../lib/cb58'
import type { DataContext } from '../context'
import { aggregatorStatus } from '../forms'
import { HttpError, badRequest, notFound } from '../http/errors'
import { networkPathParam } from '../http/query'
import { get, post } from '../http/router'
import type { Route } from '../http/router'
import type { NetworkData } from '../network-data'
import { encodeUnsignedWarp, parseUnsignedWarp } from '../warp/message'
import { QuorumError, chooseSigners, signedMessage, validatorSet } from '../warp/signers'

const L1_TX_TYPES = ['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx', 'IncreaseL1ValidatorBalanceTx']

function hexField(name: string, v: unknown): Uint8Array {
  if (typeof v !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(v)) throw badRequest(`${name} must be a hex string (optionally 0x-prefixed)`)
  return fromHex(v)
}

function percent(name: string, v: unknown, def: number): number {
  if (v === undefined || v === null) return def
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100) throw badRequest(`${name} must be an integer from 0 to 100`)
  return v
}

function subnetIdOf(v: unknown): string {
  if (typeof v !== 'string' || v === '') throw badRequest('signingSubnetId must be a hex or cb58 subnet id')
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(v)) return cb58Encode(fromHex(v))
  try {
    const b = cb58Decode(v)
    if (b.length === 32) return v
  } catch {
    // fall through to the 400
  }
  throw badRequest('signingSubnetId must be a hex or cb58 subnet id')
}

/** the subnet that validates a blockchain id (P/X/C: the Primary Network) */
function subnetOfChain(net: NetworkData, chainId: string): string | undefined {
  if (chainId === net.primary.params.pChainId) return PRIMARY_NETWORK_ID
  return net.primary.blockchains.find((b) => b.blockchainId === chainId)?.subnetId
}

function sign(ctx: DataContext, net: NetworkData, unsigned: Uint8Array, subnetId: string, quorum: number, buffer: number): { status: number; body: unknown } {
  ctx.assertSubnetAvailable(subnetId)
  const set = validatorSet(net.primary, subnetId)
  if (!set) throw badRequest(`Unknown signing subnet ${subnetId}`)
  try {
    const signers = chooseSigners(set, quorum, buffer)
    return { status: aggregatorStatus(ctx.forms), body: { signedMessage: toHex(signedMessage(unsigned, set, signers)) } }
  } catch (e) {
    if (e instanceof QuorumError) throw new HttpError(500, e.message)
    throw e
  }
}

export function signatureAggregationRoutes(ctx: DataContext): Route[] {
  return [
    post('aggregateSignatures', '/v1/signatureAggregator/{network}/aggregateSignatures', ({ params, body }) => {
      const network = networkPathParam(params.network)
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object')
      const b = body as Record<string, unknown>
      const hasMessage = b.message !== undefined && b.message !== ''
      const hasJustification = b.justification !== undefined && b.justification !== ''
      if (hasMessage === hasJustification) throw badRequest('Exactly one of message or justification must be provided')
      const quorum = percent('quorumPercentage', b.quorumPercentage, 67)
      const buffer = percent('quorumPercentageBuffer', b.quorumPercentageBuffer, 0)
      if (quorum + buffer > 100) throw badRequest('quorumPercentage + quorumPercentageBuffer must be at most 100')
      const net = ctx.network(network)
      const height = b.pChainHeight ?? 0
      if (typeof height !== 'number' || !Number.isInteger(height) || height < 0) throw badRequest('pChainHeight must be a non-negative integer')
      const tip = Number(net.primary.pBlocks.at(-1)?.height ?? 0n)
      if (height > tip) throw badRequest(`pChainHeight ${height} is above the current P-Chain height ${tip}`)

      let unsigned: Uint8Array
      let sourceChain: string
      if (hasMessage) {
        unsigned = hexField('message', b.message)
        let parsed
        try {
          parsed = parseUnsignedWarp(unsigned)
        } catch (e) {
          throw badRequest(`message is not an unsigned Warp message: ${(e as Error).message}`)
        }
        if (parsed.networkId !== net.primary.params.networkId) throw badRequest(`message is for network ${parsed.networkId}, not ${network} (${net.primary.params.networkId})`)
        sourceChain = cb58Encode(parsed.sourceChainId)
      } else {
        // The sim's reading of a justification-only request: a P-Chain message whose payload is the justification.
        const justification = hexField('justification', b.justification)
        sourceChain = net.primary.params.pChainId
        unsigned = encodeUnsignedWarp({ networkId: net.primary.params.networkId, sourceChainId: cb58Decode(sourceChain), payload: justification })
      }
      const defaultSubnet = subnetOfChain(net, sourceChain)
      const subnetId = b.signingSubnetId !== undefined ? subnetIdOf(b.signingSubnetId) : defaultSubnet
      if (subnetId === undefined) throw badRequest(`Unknown source blockchain ${sourceChain}; give signingSubnetId`)
      return sign(ctx, net, unsigned, subnetId, quorum, buffer)
    }),
    get('getAggregatedSignatures', '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}', ({ params }) => {
      const network = networkPathParam(params.network)
      const txHash = params.txHash ?? ''
      let idBytes: Uint8Array
      try {
        idBytes = cb58Decode(txHash)
        if (idBytes.length !== 32) throw new Error('length')
      } catch {
        throw badRequest(`txHash must be a cb58 transaction id, got ${txHash}`)
      }
      const net = ctx.network(network)
      const tx: PrimaryNetworkTx | undefined = net.primary.txById(txHash)
      if (!tx || tx.chain === 'C') throw notFound(`Transaction ${txHash} not found on the P-Chain or X-Chain of ${network}`)
      if (tx.chain !== 'P' || !L1_TX_TYPES.includes(tx.txType)) throw badRequest(`Transaction ${txHash} (${tx.txType}) has no L1-related cross-chain message`)
      // The message names the tx (and its L1); the L1's validators sign it, as for ACP-77 P-Chain messages.
      const subnetId = tx.subnetId ?? tx.l1ValidatorDetails?.[0]?.subnetId ?? PRIMARY_NETWORK_ID
      const payload = createHash('sha256').update(idBytes).update(subnetId).digest()
      const unsigned = encodeUnsignedWarp({ networkId: net.primary.params.networkId, sourceChainId: cb58Decode(net.primary.params.pChainId), payload: Buffer.concat([idBytes, payload]) })
      return sign(ctx, net, unsigned, subnetId, 67, 0)
    }),
  ]
}
