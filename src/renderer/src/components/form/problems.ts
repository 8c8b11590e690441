/**
 * Input problems by field, in the contract's words, for forms that lay out their own fields: what the
 * method's input schema says before anything is sent, and what main said when it refused (BAD_INPUT
 * lists each issue with its path). A field is named by the issue's path joined with dots
 * ("intervalSec", "rules.0.threshold"); '' is the form as a whole.
 */
import type { z } from 'zod'
import { toErrorData } from '../../errors'

export type Problems = Record<string, string[]>

function add(out: Problems, path: readonly PropertyKey[], message: string): void {
  ;(out[path.map(String).join('.')] ??= []).push(message)
}

/** What the schema says of this input; {} when it accepts it. */
export function schemaProblems(schema: z.ZodType, input: unknown): Problems {
  const r = schema.safeParse(input)
  const out: Problems = {}
  if (!r.success) for (const i of r.error.issues) add(out, i.path, i.message)
  return out
}

/** What main said of the input it refused, by field; null when the error is not about the input. */
export function refusedProblems(err: unknown): Problems | null {
  const data = toErrorData(err)
  if (data?.code !== 'BAD_INPUT' || !data.details?.issues.length) return null
  const out: Problems = {}
  for (const i of data.details.issues) add(out, i.path, i.message)
  return out
}

/** The problems of one field and those under it ("rules.0" holds "rules.0.threshold"), as one line. */
export function problemAt(problems: Problems, field: string): string | undefined {
  const lines = Object.entries(problems)
    .filter(([k]) => k === field || k.startsWith(`${field}.`))
    .flatMap(([, m]) => m)
  return lines.length > 0 ? lines.join('; ') : undefined
}

/**
 * A form's save: the schema checks the input first (nothing is sent while it has problems); main's refusal
 * lands at its fields too; any other failure is `failed` (a toast). Resolves to what `save` returned, or
 * undefined when it did not save.
 */
export async function saveChecked<T>(o: {
  schema: z.ZodType
  input: unknown
  problems: { value: Problems }
  saving: { value: boolean }
  save: () => Promise<T>
  failed: (err: unknown) => void
}): Promise<T | undefined> {
  o.problems.value = schemaProblems(o.schema, o.input)
  if (Object.keys(o.problems.value).length > 0) return undefined
  o.saving.value = true
  try {
    return await o.save()
  } catch (err) {
    const refused = refusedProblems(err)
    if (refused) o.problems.value = refused
    else o.failed(err)
    return undefined
  } finally {
    o.saving.value = false
  }
}
