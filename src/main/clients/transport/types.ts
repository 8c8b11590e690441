/**
 * The transport interface the remote-method functions are written against. One implementation per
 * protocol lives beside this file (JSON-RPC over HTTP with batching, REST); tests use them against
 * real local servers.
 */

/** Reads are retried and batched; node-changing calls go alone, once. */
export type RemoteEffect = 'read' | 'node'

export interface RequestOptions {
  signal?: AbortSignal
  effect?: RemoteEffect
}

/** One JSON-RPC endpoint of the node (C-Chain RPC, admin, core, P-Chain, info, health). */
export interface JsonRpcEndpoint {
  /** What a person calls it: "P-Chain API". */
  readonly service: string
  /** The URL without credentials, query or fragment: safe to show. */
  readonly endpoint: string
  /** Sends one call; resolves with its `result`, rejects with an AppError (RPC for a JSON-RPC error). */
  request(method: string, params: unknown, opts?: RequestOptions): Promise<unknown>
}
