/**
 * What a form needs to know of a contract method's input schema (zod): its fields, their kind
 * (text, whole number, yes/no, one of a list, a list of texts or of fixed values), whether they are required and their
 * defaults; and the input built back from what a person typed. The schema stays the judge: the form
 * runs it before sending, so it says exactly what the CLI and main would say.
 */
import type { z } from 'zod'

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'list'

export interface FieldSpec {
  name: string
  kind: FieldKind
  required: boolean
  options?: string[]
  defaultValue?: unknown
}

/** What a field holds while a person types: text, a yes/no/default choice, or an option. */
export type FieldValue = string | null

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  defaultValue?: unknown
  in?: z.ZodType
  out?: z.ZodType
  element?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string>
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def

/** The values a list may hold, when its items are one of a fixed set (an array of an enum). */
function listOptionsOf(s: z.ZodType): string[] | undefined {
  const d = defOf(s)
  if (d.type === 'pipe') return listOptionsOf(d.out!)
  if (d.type !== 'array') return undefined
  const item = defOf(d.element!)
  return item.type === 'enum' ? Object.values(item.entries ?? {}) : undefined
}

function kindOf(s: z.ZodType, spec: FieldSpec): void {
  const d = defOf(s)
  switch (d.type) {
    case 'optional':
      spec.required = false
      return kindOf(d.innerType!, spec)
    case 'default':
      spec.required = false
      spec.defaultValue = d.defaultValue
      return kindOf(d.innerType!, spec)
    case 'pipe':
      kindOf(d.in!, spec)
      // A list given as text or array comes in through a transform; what its items may be is on the way out.
      if (spec.kind === 'list') spec.options ??= listOptionsOf(d.out!)
      return
    case 'union':
      // a list parameter: an array, or one comma-separated string
      spec.kind = d.options!.some((o) => defOf(o).type === 'array') ? 'list' : 'string'
      return
    case 'array':
      spec.kind = 'list'
      spec.options ??= listOptionsOf(s)
      return
    case 'number':
      spec.kind = 'number'
      return
    case 'boolean':
      spec.kind = 'boolean'
      return
    case 'enum':
      spec.kind = 'enum'
      spec.options = Object.values(d.entries ?? {})
      return
    default:
      spec.kind = 'string'
  }
}

/** The fields of an object schema (refinements included), in declaration order. */
export function fieldsOf(schema: z.ZodType): FieldSpec[] {
  const shape = defOf(schema).shape ?? {}
  return Object.entries(shape).map(([name, s]) => {
    const spec: FieldSpec = { name, kind: 'string', required: true }
    kindOf(s, spec)
    return spec
  })
}

/**
 * The input from what was typed: empty fields left out (the schema's defaults apply), whole numbers
 * as numbers (anything else is passed as typed, so the schema names the problem), lists split on
 * commas, spaces or new lines, yes/no as booleans.
 */
export function inputOf(fields: readonly FieldSpec[], values: Record<string, FieldValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    const raw = values[f.name]
    if (raw === null || raw === undefined) continue
    const text = raw.trim()
    if (text === '') continue
    if (f.kind === 'number') out[f.name] = /^-?\d+$/.test(text) ? Number(text) : text
    else if (f.kind === 'boolean') out[f.name] = text === 'true'
    else if (f.kind === 'list') out[f.name] = text.split(/[\s,]+/).filter((x) => x !== '')
    else out[f.name] = text
  }
  return out
}

/** Problems by field name ('' for the form as a whole), each in the schema's words. */
export function problemsOf(schema: z.ZodType, input: Record<string, unknown>): Record<string, string[]> {
  const r = schema.safeParse(input)
  if (r.success) return {}
  const out: Record<string, string[]> = {}
  for (const i of r.error.issues) {
    const key = typeof i.path[0] === 'string' ? i.path[0] : ''
    ;(out[key] ??= []).push(i.message)
  }
  return out
}

/** Field names whose words alone do not say it (abbreviations of the service): their labels. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  rlBypassApiToken: 'Rate-limit bypass token',
  rlBypassToken: 'Rate-limit bypass token'
}

/** "pageSize" → "Page size", "includeInactiveL1Validators" → "Include inactive L1 validators". */
export function labelOf(name: string): string {
  const known = FIELD_LABELS[name]
  if (known) return known
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bl1\b/g, 'L1')
    .replace(/\bid(s?)\b/g, 'ID$1')
    .replace(/\b(evm|rpc|api)\b/g, (w) => w.toUpperCase())
    .replace(/\bp chain\b/g, 'P-Chain')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
