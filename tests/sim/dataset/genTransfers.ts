/**
 * Transfers and cross-chain moves: X/P BaseTxs, X/P exports to the C-Chain (the well-known "rich"
 * address gets >= 5,000 UTXOs waiting in the C-Chain shared memory), C-Chain imports/exports and
 * the X/P imports that pick C-Chain exports up.
 */
import { ByteWriter, toHex } from '../lib/bytes'
import { cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import type { Addr } from './addresses'
import type { GenContext } from './context'
import { DAY, FEE, HOUR, at, poolAddr } from './context'
import type { AssetInfo, ChainAlias, PrimaryNetworkTx, UtxoRecord } from './types'

/** rich: X exports x 5 outputs; every 21st export is later imported on C, so 1,000 x 5 stay in shared memory */
const RICH_X_EXPORTS = 1050
const RICH_OUTPUTS_PER_EXPORT = 5
const RICH_P_EXPORTS = 40
const X_BASE_TXS = 2200
const P_BASE_TXS = 500
const POOL_X_TO_C = 300
const C_EXPORTS = 400
const CREATE_ASSETS = 30

function smallAmount(ctx: GenContext): bigint {
  return BigInt(ctx.rng.int(1, 10_000)) * 1_000_000n + BigInt(ctx.rng.int(0, 999_999))
}

function evmOf(ctx: GenContext, a: Addr): string {
  const wk = Object.entries(ctx.pools.wellKnown).findIndex(([, v]) => v === a)
  if (wk >= 0) return ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'][wk]!
  return `0x${toHex(sha256(a.id).subarray(0, 20))}`
}

function exportTx(ctx: GenContext, chain: ChainAlias, time: number, payer: Addr, to: Addr, n: number, dest: ChainAlias): PrimaryNetworkTx {
  return ctx.ledger.issue({
    chain, txType: 'ExportTx', time, payer, fee: FEE,
    outputs: Array.from({ length: n }, () => ({ to: [to], amount: smallAmount(ctx), exportTo: dest })),
  })
}

function importOnC(ctx: GenContext, time: number, utxos: UtxoRecord[], to: string): void {
  const total = utxos.reduce((s, u) => s + u.amount, 0n)
  ctx.ledger.issue({
    chain: 'C', txType: 'ImportTx', time, consume: utxos, fee: FEE, outputs: [],
    evmOutputs: [{ to, amount: total - FEE }],
  })
}

export function generateTransfers(ctx: GenContext): void {
  const { rng, now, pools } = ctx
  const { rich, operator, delegator } = pools.wellKnown
  const span = 175 * DAY
  // rich: exports from X to C (5 outputs each), a few of them imported on C later
  for (let i = 0; i < RICH_X_EXPORTS; i++) {
    const t = now - span + Math.floor((span * i) / RICH_X_EXPORTS) + rng.int(0, 600)
    let tx: PrimaryNetworkTx | undefined
    at(ctx, t, () => (tx = exportTx(ctx, 'X', t, rich, rich, RICH_OUTPUTS_PER_EXPORT, 'C')))
    if (i % 21 === 0) at(ctx, t + HOUR, () => tx && importOnC(ctx, t + HOUR, tx.emittedUtxos.filter((u) => u.atomic), evmOf(ctx, rich)))
  }
  for (let i = 0; i < RICH_P_EXPORTS; i++) {
    const t = now - span + rng.int(0, span - DAY)
    at(ctx, t, () => exportTx(ctx, 'P', t, rich, rich, 3, 'C'))
  }
  // a few atomic UTXOs for operator and delegator too
  for (let i = 0; i < 12; i++) {
    const t = now - rng.int(DAY, 100 * DAY)
    at(ctx, t, () => exportTx(ctx, 'X', t, operator, operator, 1, 'C'))
  }
  for (let i = 0; i < 3; i++) {
    const t = now - rng.int(DAY, 100 * DAY)
    at(ctx, t, () => exportTx(ctx, i === 2 ? 'X' : 'P', t, operator, operator, 1, 'C'))
  }
  at(ctx, now - 3 * DAY, () => exportTx(ctx, 'X', now - 3 * DAY, delegator, delegator, 2, 'C'))
  // X- and P-Chain transfers between addresses (rich, operator and delegator among them)
  const senders = (i: number): Addr => (i % 20 === 0 ? rich : i % 53 === 0 ? operator : i % 71 === 0 ? delegator : poolAddr(ctx))
  for (let i = 0; i < X_BASE_TXS; i++) {
    const t = now - rng.int(60, span)
    const from = senders(i)
    const to = i % 17 === 0 ? rich : poolAddr(ctx)
    at(ctx, t, () => ctx.ledger.issue({ chain: 'X', txType: 'BaseTx', time: t, payer: from, fee: FEE, outputs: [{ to: [to], amount: smallAmount(ctx) }] }))
  }
  for (let i = 0; i < P_BASE_TXS; i++) {
    const t = now - rng.int(60, span)
    const from = senders(i + 7)
    at(ctx, t, () => ctx.ledger.issue({ chain: 'P', txType: 'BaseTx', time: t, payer: from, fee: FEE, outputs: [{ to: [poolAddr(ctx)], amount: smallAmount(ctx) }] }))
  }
  // X-Chain assets
  for (let i = 0; i < CREATE_ASSETS; i++) {
    const t = now - rng.int(DAY, span)
    const payer = poolAddr(ctx)
    const name = `Token ${i}`
    const symbol = `TK${i}`
    at(ctx, t, () => ctx.ledger.issue({
      chain: 'X', txType: 'CreateAssetTx', time: t, payer, fee: 10n * FEE, outputs: [],
      extra: (w: ByteWriter) => {
        const n = new TextEncoder().encode(name)
        const s = new TextEncoder().encode(symbol)
        w.u16(n.length).bytes(n).u16(s.length).bytes(s).u8(9).u32(0)
      },
    }))
  }
  // pool: X -> C exports, imported on C shortly after
  for (let i = 0; i < POOL_X_TO_C; i++) {
    const t = now - rng.int(HOUR, span)
    const who = poolAddr(ctx)
    let tx: PrimaryNetworkTx | undefined
    at(ctx, t, () => (tx = exportTx(ctx, 'X', t, who, who, 1, 'C')))
    at(ctx, t + 600, () => tx && importOnC(ctx, t + 600, tx.emittedUtxos.filter((u) => u.atomic), evmOf(ctx, who)))
  }
  // C -> X/P exports from EVM accounts, imported on the destination shortly after
  for (let i = 0; i < C_EXPORTS; i++) {
    const t = now - rng.int(2 * HOUR, span)
    const to = i % 25 === 0 ? operator : poolAddr(ctx)
    const dest: ChainAlias = i % 3 === 0 ? 'P' : 'X'
    const amount = smallAmount(ctx)
    let tx: PrimaryNetworkTx | undefined
    at(ctx, t, () => (tx = ctx.ledger.issue({
      chain: 'C', txType: 'ExportTx', time: t, fee: FEE,
      outputs: [{ to: [to], amount, exportTo: dest }],
      evmInputs: [{ from: evmOf(ctx, to), amount: amount + FEE, nonce: BigInt(i) }],
    })))
    at(ctx, t + HOUR, () => {
      if (!tx) return
      const utxos = tx.emittedUtxos.filter((u) => u.atomic)
      const total = utxos.reduce((s, u) => s + u.amount, 0n)
      if (total <= FEE) return
      ctx.ledger.issue({ chain: dest, txType: 'ImportTx', time: t + HOUR, layout: 'import', consume: utxos, fee: FEE, outputs: [{ to: [to], amount: total - FEE }] })
    })
  }
}

/** Avalanche (AVAX) as an AssetInfo */
export function avaxAsset(assetId: string): AssetInfo {
  return { assetId, name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1' }
}

export function blockchainIdFor(seed: string): string {
  return cb58Encode(sha256(new TextEncoder().encode(seed)))
}
