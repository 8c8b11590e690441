/**
 * Query-string validation with the messages class-validator (NestJS) would give. Every failure is a
 * 400: the parameter is the client's input, so a bad value is "Bad Request", never a 404 or 500.
 */
import { badRequest } from './errors'

/** The value of a scalar parameter; repeating it (`?a=1&a=2`) is refused like a NestJS DTO would. */
export function single(q: URLSearchParams, name: string): string | undefined {
  const all = q.getAll(name)
  if (all.length === 0) return undefined
  if (all.length > 1) throw badRequest(`${name} must be a single value`)
  return all[0]
}

export interface PageSizeRange {
  def: number
  min: number
  max: number
}

/** the pageSize of most lists of the spec: 10 by default, 1 to 100 */
export const DEFAULT_PAGE_SIZE: PageSizeRange = { def: 10, min: 1, max: 100 }

function parseInteger(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest(`${name} must be an integer number`)
  const n = Number(raw)
  if (!Number.isSafeInteger(n)) throw badRequest(`${name} must be an integer number`)
  return n
}

export function pageSizeParam(q: URLSearchParams, range: PageSizeRange): number {
  const raw = single(q, 'pageSize')
  if (raw === undefined || raw === '') return range.def
  const n = parseInteger('pageSize', raw)
  if (n < range.min) throw badRequest(`pageSize must not be less than ${range.min}`)
  if (n > range.max) throw badRequest(`pageSize must not be greater than ${range.max}`)
  return n
}

/** An integer >= 0 (timestamps, block numbers). */
export function nonNegativeIntParam(q: URLSearchParams, name: string): number | undefined {
  const raw = single(q, name)
  if (raw === undefined || raw === '') return undefined
  const n = parseInteger(name, raw)
  if (n < 0) throw badRequest(`${name} must not be less than 0`)
  return n
}

export function enumValue<T extends string>(name: string, raw: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(raw)) {
    throw badRequest(`${name} must be one of the following values: ${values.join(', ')}`)
  }
  return raw as T
}

export function enumParam<T extends string>(q: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const raw = single(q, name)
  if (raw === undefined || raw === '') return undefined
  return enumValue(name, raw, values)
}

export function booleanParam(q: URLSearchParams, name: string): boolean | undefined {
  const raw = single(q, name)
  if (raw === undefined || raw === '') return undefined
  if (raw === 'true') return true
  if (raw === 'false') return false
  throw badRequest(`${name} must be a boolean value`)
}

export function stringParam(q: URLSearchParams, name: string): string | undefined {
  const raw = single(q, name)
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim()
}

/**
 * A list given comma-separated (`a,b`) and/or repeated (`x=a&x=b`, OpenAPI's exploded form).
 * Empty items (`a,,b`) are refused: they are always a client bug.
 */
export function listParam(q: URLSearchParams, name: string): string[] | undefined {
  const all = q.getAll(name)
  if (all.length === 0 || all.every((v) => v === '')) return undefined
  const items = all.flatMap((v) => v.split(',')).map((s) => s.trim())
  if (items.some((s) => s === '')) throw badRequest(`${name} must be a comma-separated list without empty items`)
  return items
}

export type SortOrder = 'asc' | 'desc'

/** sortOrder (asc|desc); the "latest" listings default to newest first. */
export function sortOrderParam(q: URLSearchParams, def: SortOrder = 'desc'): SortOrder {
  return enumParam(q, 'sortOrder', ['asc', 'desc'] as const) ?? def
}

export const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const
export type NetworkName = (typeof NETWORKS)[number]

export function networkPathParam(raw: string | undefined): NetworkName {
  return enumValue('network', raw ?? '', NETWORKS)
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** An EVM address, lower-cased for lookups; the real service answers "Invalid address format". */
export function evmAddress(name: string, raw: string | undefined): string {
  if (raw === undefined || !EVM_ADDRESS.test(raw)) throw badRequest(`Invalid address format: ${name} must be an EVM address`)
  return raw.toLowerCase()
}
