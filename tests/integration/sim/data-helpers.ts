/**
 * Helpers of the data/metrics service conformance tests: where the spec and reference schemas are,
 * a small JSON-Schema checker (the subset the reference schemas use), and fetch wrappers.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { dataReferenceDir } from '../../support/shared'

export { sharedDir, specPath } from '../../support/shared'
export const schemaDir = (): string => join(dataReferenceDir(), 'schemas')

export type JsonSchema = Record<string, unknown>

export function loadSchema(file: string): JsonSchema {
  return JSON.parse(readFileSync(join(schemaDir(), file), 'utf8')) as JsonSchema
}

/**
 * The sim answers in the real service's forms by default, and in the spec's with `forms: "spec"`
 * (tests/sim/data-service/forms.ts). A reference schema is the real form as it is; the spec's form is
 * the schema with exactly the fields where the two disagree (README of reference/data-service, §5)
 * set to the spec's types, and nothing else:
 * - Price/Money.value: spec string (reference number)
 * - NFT holder sortKey: spec integer (reference string)
 * - nftCollectionName / nftSymbol: spec string (reference optional string[])
 * - avg_tps: spec nextPageToken (reference nextPageStartKey)
 */
export function applySpecDeviations(schema: JsonSchema): JsonSchema {
  const s = structuredClone(schema)
  const defs = (s.$defs ?? {}) as Record<string, JsonSchema>
  const props = (name: string): Record<string, JsonSchema> | undefined => defs[name]?.properties as Record<string, JsonSchema> | undefined
  const money = props('Money')
  if (money) money.value = { type: 'string' }
  const addr = props('AddressDetails')
  if (addr) addr.sortKey = { type: 'integer' }
  const holders = props('NftHoldersResponse')
  if (holders) {
    holders.nftCollectionName = { type: 'string' }
    holders.nftSymbol = { type: 'string' }
  }
  const tps = props('LegacyEvmMetricsResponse')
  if (tps) {
    delete tps.nextPageStartKey
    tps.nextPageToken = { type: 'string' }
  }
  return s
}

/** The forms the sim answers in: the real service's (default) or the spec's. */
export type Forms = 'real' | 'spec'

function typeOk(t: string, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null
    case 'string':
      return typeof v === 'string'
    case 'boolean':
      return typeof v === 'boolean'
    case 'number':
      return typeof v === 'number' && Number.isFinite(v)
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v)
    case 'array':
      return Array.isArray(v)
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v)
    default:
      return true
  }
}

/**
 * Checks `value` against `schema` (type incl. type arrays, required, properties, additionalProperties,
 * items, enum, anyOf, allOf, $ref "#/$defs/X" within the file). Returns the errors; [] = valid.
 */
export function checkSchema(root: JsonSchema, value: unknown, schema: JsonSchema = root, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace(/^#\/\$defs\//, '')
    const target = ((root.$defs ?? {}) as Record<string, JsonSchema>)[name]
    if (!target) return [`${path}: unresolved $ref ${schema.$ref}`]
    return checkSchema(root, value, target, path)
  }
  const errors: string[] = []
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as JsonSchema[]) errors.push(...checkSchema(root, value, s, path))
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).map((s) => checkSchema(root, value, s, path))
    if (!branches.some((b) => b.length === 0)) errors.push(`${path}: matches no anyOf branch (${branches.map((b) => b[0]).join(' | ')})`)
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]
    if (!types.some((t) => typeOk(t, value))) return [...errors, `${path}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 60)}`]
  }
  if (Array.isArray(schema.enum) && !(schema.enum as unknown[]).includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`)
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...checkSchema(root, v, schema.items as JsonSchema, `${path}[${i}]`)))
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errors.push(`${path}: missing required ${r}`)
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...checkSchema(root, v, props[k], `${path}.${k}`))
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') errors.push(...checkSchema(root, v, schema.additionalProperties as JsonSchema, `${path}.${k}`))
    }
  }
  return errors
}

/** Validates a body against a reference schema file: as it is (real forms), or with the spec's deviations. */
export function schemaErrors(file: string, body: unknown, forms: Forms = 'real'): string[] {
  const schema = loadSchema(file)
  return checkSchema(forms === 'spec' ? applySpecDeviations(schema) : schema, body)
}

export interface JsonResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/** Parsed JSON of a test answer: tests dig into it freely and assert on what they find. */
export type Json = any

export async function getJson<T = Json>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: res.status, headers: res.headers, body: body as T }
}

export async function postJson<T = Json>(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return getJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) })
}

/** How a list pages: the response field with the next page's key and the query parameter it goes back in. */
export interface Cursor {
  field: string
  param: string
}
export const PAGE_TOKEN: Cursor = { field: 'nextPageToken', param: 'pageToken' }
/** the real (deprecated) avg_tps route's paging */
export const START_KEY: Cursor = { field: 'nextPageStartKey', param: 'startKey' }

/** Follows nextPageToken (or another cursor) to the end; returns every page's items and the number of pages. */
export async function collectPages<T>(firstUrl: string, listField: string, maxPages = 1_000, cursor: Cursor = PAGE_TOKEN): Promise<{ items: T[]; pages: number; tokens: string[] }> {
  const items: T[] = []
  const tokens: string[] = []
  let url = firstUrl
  for (let pages = 1; pages <= maxPages; pages++) {
    const res = await getJson<Record<string, unknown>>(url)
    if (res.status !== 200) throw new Error(`page ${pages} of ${firstUrl}: ${res.status} ${JSON.stringify(res.body)}`)
    items.push(...((res.body[listField] ?? []) as T[]))
    const next = res.body[cursor.field]
    if (typeof next !== 'string') return { items, pages, tokens }
    tokens.push(next)
    const u = new URL(url)
    u.searchParams.set(cursor.param, next)
    url = u.toString()
  }
  throw new Error(`more than ${maxPages} pages at ${firstUrl}`)
}
