/**
 * The profile form's model and its validation. Validation uses the contract's own schemas, so the form
 * and the server agree on what is valid; the server checks again and its issues land on the same fields.
 */
import {
  apiKeySchema,
  DEFAULT_DATA_URL,
  DEFAULT_HRP,
  DEFAULT_METRICS_URL,
  DEFAULT_NODE_URL,
  profileDirSchema,
  profileFieldsSchema,
  type Network,
  type ProfileFields,
  type ProfileView
} from '../../../../shared/contract'

/** What the inputs hold: plain strings, exactly as typed. */
export interface ProfileFormModel {
  name: string
  nodeUrl: string
  dataUrl: string
  metricsUrl: string
  network: Network
  /** Empty: the node URL + /ext/bc/C/rpc. */
  cchainUrl: string
  /** Empty: the network's default prefix. */
  addressHrp: string
  nodeIds: string[]
  /**
   * Empty: worked out from the node's admin-api-dir (+ _coreth_performance_C), else ~/.avalanchego/profiles.
   * Sent apart from the fields (profiles.setProfileDir), and only from the desktop app.
   */
  profileDir: string
  /** Empty on create: no key; on edit: keep the stored key. */
  apiKey: string
}

export type FieldName = Exclude<keyof ProfileFormModel, 'nodeIds'> | 'nodeIds'

export interface FormErrors {
  /** One message per field (the first issue found). */
  fields: Partial<Record<FieldName, string>>
  /** Per NodeID row, by index. */
  nodeIds: Record<number, string>
  /** Issues that belong to no field of the form. */
  other: string[]
}

export function emptyErrors(): FormErrors {
  return { fields: {}, nodeIds: {}, other: [] }
}

export function hasErrors(e: FormErrors): boolean {
  return Object.keys(e.fields).length > 0 || Object.keys(e.nodeIds).length > 0 || e.other.length > 0
}

/** What the first-run card asks for, carried into the full form by its "More settings…". */
export type FirstRunTyped = Pick<ProfileFormModel, 'name' | 'nodeUrl' | 'network'>

export function newProfileModel(): ProfileFormModel {
  return {
    name: '',
    nodeUrl: DEFAULT_NODE_URL,
    dataUrl: DEFAULT_DATA_URL,
    metricsUrl: DEFAULT_METRICS_URL,
    network: 'mainnet',
    cchainUrl: '',
    addressHrp: '',
    nodeIds: [],
    profileDir: '',
    apiKey: ''
  }
}

export function modelFromProfile(p: ProfileView): ProfileFormModel {
  return {
    name: p.name,
    nodeUrl: p.nodeUrl,
    dataUrl: p.dataUrl,
    metricsUrl: p.metricsUrl,
    network: p.network,
    cchainUrl: p.cchainUrl ?? '',
    // Show the network default as a placeholder rather than as a value the person typed.
    addressHrp: p.addressHrp === DEFAULT_HRP[p.network] ? '' : p.addressHrp,
    nodeIds: [...p.nodeIds],
    profileDir: p.profileDir ?? '',
    apiKey: ''
  }
}

const FIELD_NAMES: readonly FieldName[] = [
  'name',
  'nodeUrl',
  'dataUrl',
  'metricsUrl',
  'network',
  'cchainUrl',
  'addressHrp',
  'nodeIds',
  'profileDir',
  'apiKey'
]

/** Puts each issue beside its field; paths are those of profileFieldsSchema (plus "apiKey"). */
export function addIssues(errors: FormErrors, issues: readonly { path: readonly PropertyKey[]; message: string }[]): void {
  for (const issue of issues) {
    const path = issue.path
    const head = path[0]
    if (head === 'nodeIds' && path.length > 1) {
      const index = Number(path[1])
      if (Number.isInteger(index)) {
        errors.nodeIds[index] ??= issue.message
        continue
      }
    }
    if (typeof head === 'string' && (FIELD_NAMES as readonly string[]).includes(head)) {
      errors.fields[head as FieldName] ??= issue.message
    } else {
      errors.other.push(issue.message)
    }
  }
}

/**
 * Empty NodeID rows are dropped before validation, so issue paths index the filtered list: point them
 * back at the rows the person sees.
 */
export function toRowIndices<I extends { path: readonly PropertyKey[]; message: string }>(
  model: ProfileFormModel,
  issues: readonly I[],
  prefix?: string
): { path: PropertyKey[]; message: string }[] {
  const rowOf = model.nodeIds.flatMap((s, i) => (s.trim() !== '' ? [i] : []))
  return issues.map((issue) => {
    const path = prefix !== undefined && issue.path[0] === prefix ? issue.path.slice(1) : [...issue.path]
    const at = Number(path[1])
    if (path[0] === 'nodeIds' && path.length > 1 && Number.isInteger(at)) path[1] = rowOf[at] ?? at
    return { path, message: issue.message }
  })
}

export interface Validated {
  fields: ProfileFields
  /** undefined: no key entered (create: none; edit: keep). */
  apiKey: string | undefined
  /** The profile folder as typed (null: none, the node's own). */
  profileDir: string | null
}

/**
 * Validates the whole form. An empty optional field means "the default": left out when creating, and
 * sent as null when editing, which resets a value set before.
 */
export function validateProfile(
  model: ProfileFormModel,
  opts: { editing: boolean }
): { ok: true; value: Validated } | { ok: false; errors: FormErrors } {
  const errors = emptyErrors()
  const unset = opts.editing ? null : undefined
  const optional = (v: string): string | null | undefined => (v.trim() !== '' ? v.trim() : unset)
  const candidate = {
    name: model.name,
    nodeUrl: model.nodeUrl,
    dataUrl: model.dataUrl,
    metricsUrl: model.metricsUrl,
    network: model.network,
    cchainUrl: optional(model.cchainUrl),
    addressHrp: optional(model.addressHrp),
    // A row left empty is not a NodeID the person meant to enter.
    nodeIds: model.nodeIds.map((s) => s.trim()).filter((s) => s !== '')
  }
  const parsed = profileFieldsSchema.safeParse(candidate)
  if (!parsed.success) addIssues(errors, toRowIndices(model, parsed.error.issues))
  const dir = model.profileDir.trim()
  // A relative folder would be read relative to wherever the app happens to run: say so with the path.
  if (dir !== '' && !profileDirSchema.safeParse(dir).success)
    errors.fields.profileDir = `“${dir}” is a relative path: enter the full folder path, starting with / (or ~/ for your home folder), e.g. /home/me/.avalanchego/profiles`
  let apiKey: string | undefined
  if (model.apiKey.trim() !== '') {
    const key = apiKeySchema.safeParse(model.apiKey)
    if (key.success) apiKey = key.data
    else errors.fields.apiKey = key.error.issues[0]?.message ?? 'is not a valid API key'
  }
  if (!parsed.success || hasErrors(errors)) return { ok: false, errors }
  return { ok: true, value: { fields: parsed.data, apiKey, profileDir: dir === '' ? null : dir } }
}
