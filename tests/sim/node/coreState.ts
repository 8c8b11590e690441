/**
 * The C-Chain's atomic state as the sim keeps it: issued txs (Processing, then Accepted two C-Chain
 * blocks later), the UTXOs they consume (in flight while Processing, spent once Accepted), the EVM
 * balances an accepted tx changes on anvil, and what a test can see and switch (submission counts,
 * replies dropped after the tx was taken, the removed core.version).
 */
import type { Dataset } from '../dataset'

/** What an accepted tx does to the EVM side: wei added (import) or taken (export) per address. */
export interface EvmCredit {
  address: string
  /** signed: negative for an export */
  wei: bigint
}

export interface IssuedTx {
  bytes: Uint8Array
  issuedAtBlock: bigint
  acceptedAt?: bigint
  importedUtxoIds: string[]
  credits: EvmCredit[]
}

export interface CoreDeps {
  ds: Dataset
  /** JSON-RPC call to anvil */
  evm: (method: string, params?: unknown[]) => Promise<unknown>
  /** true when anvil mines on its own (--block-time) */
  anvilMinesItself: boolean
}

/** GET /__sim/core */
export interface CoreView {
  /** core.issueTx requests received, per txID (every submission counts, refused ones too) */
  submissions: Record<string, number>
  /** replies to core.issueTx still to be dropped after the tx is taken */
  dropIssueReplies: number
  /** core.version answered (a node before avalanchego v1.14.1) */
  version: boolean
  /** issued txs stay Processing until this is set back to false (a slow chain, for tests) */
  holdProcessing: boolean
}

export class CoreState {
  readonly issued = new Map<string, IssuedTx>()
  readonly spent = new Set<string>()
  /** UTXO ID -> the Processing tx that consumes it */
  readonly inFlight = new Map<string, string>()
  readonly submissions = new Map<string, number>()
  dropIssueReplies = 0
  versionOffered = false
  holdProcessing = false
  private timer?: NodeJS.Timeout

  constructor(private readonly deps: CoreDeps) {}

  private async head(): Promise<bigint> {
    return BigInt((await this.deps.evm('eth_blockNumber', [])) as string)
  }

  /** Mines anvil up to the last C-Chain height the data set names, so every such height exists. */
  async init(): Promise<void> {
    const last = this.deps.ds.transactions.reduce((m, t) => (t.chain === 'C' && t.blockNumber > m ? t.blockNumber : m), 0n)
    const head = await this.head()
    if (last > head) await this.deps.evm('anvil_mine', [`0x${(last - head).toString(16)}`])
  }

  /** Moves processing txs to accepted once the chain is two blocks past their issue; mines first if asked. */
  async advance(mine = false): Promise<void> {
    const pending = [...this.issued.entries()].filter(([, t]) => t.acceptedAt === undefined)
    if (pending.length === 0 || this.holdProcessing) return
    if (mine) await this.deps.evm('evm_mine', [])
    const head = await this.head()
    for (const [txId, t] of pending) {
      if (head < t.issuedAtBlock + 2n || t.acceptedAt !== undefined) continue
      t.acceptedAt = head
      for (const id of t.importedUtxoIds) {
        this.spent.add(id)
        if (this.inFlight.get(id) === txId) this.inFlight.delete(id)
      }
      for (const c of t.credits) await this.credit(c)
    }
  }

  private async credit(c: EvmCredit): Promise<void> {
    const balance = BigInt((await this.deps.evm('eth_getBalance', [c.address, 'latest'])) as string)
    const next = balance + c.wei
    await this.deps.evm('anvil_setBalance', [c.address, `0x${(next < 0n ? 0n : next).toString(16)}`])
  }

  start(): void {
    this.timer = setInterval(() => void this.advance(!this.deps.anvilMinesItself).catch(() => undefined), 1000)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
  }

  count(txId: string): void {
    this.submissions.set(txId, (this.submissions.get(txId) ?? 0) + 1)
  }

  async issue(txId: string, bytes: Uint8Array, importedUtxoIds: string[], credits: EvmCredit[]): Promise<void> {
    for (const id of importedUtxoIds) this.inFlight.set(id, txId)
    this.issued.set(txId, { bytes, issuedAtBlock: await this.head(), importedUtxoIds, credits })
  }

  /** True (once per armed drop) when this issueTx reply is to be cut off after the tx was taken. */
  takeDrop(): boolean {
    if (this.dropIssueReplies <= 0) return false
    this.dropIssueReplies--
    return true
  }

  view(): CoreView {
    return {
      submissions: Object.fromEntries(this.submissions),
      dropIssueReplies: this.dropIssueReplies,
      version: this.versionOffered,
      holdProcessing: this.holdProcessing
    }
  }

  /** POST /__sim/core: { dropIssueReplies?: n, version?: boolean, holdProcessing?: boolean }; throws with the 400 message. */
  configure(value: unknown): CoreView {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('core: body must be a JSON object')
    const v = value as Record<string, unknown>
    const allowed = ['dropIssueReplies', 'version', 'holdProcessing']
    const unknown = Object.keys(v).find((k) => !allowed.includes(k))
    if (unknown !== undefined) throw new Error(`core: unknown key "${unknown}" (allowed: ${allowed.join(', ')})`)
    if (v.dropIssueReplies !== undefined) {
      const n = v.dropIssueReplies
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1000) throw new Error('core: dropIssueReplies must be an integer 0..1000')
      this.dropIssueReplies = n
    }
    if (v.version !== undefined) {
      if (typeof v.version !== 'boolean') throw new Error('core: version must be a boolean')
      this.versionOffered = v.version
    }
    if (v.holdProcessing !== undefined) {
      if (typeof v.holdProcessing !== 'boolean') throw new Error('core: holdProcessing must be a boolean')
      this.holdProcessing = v.holdProcessing
    }
    return this.view()
  }
}
