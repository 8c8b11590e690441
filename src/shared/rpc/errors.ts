import { z } from 'zod'

/**
 * Every error that crosses the contract boundary is one of these, tagged by code; each code carries
 * its own typed details. The renderer switches on `code`. An AppError may keep a `cause` in main (for
 * the log); it never crosses the boundary: toData() sends only code, message and details.
 */
const message = z.string().max(2_000)
/** Text a remote service wrote, cut short and scrubbed of secrets before it gets here. */
const upstreamMessage = z.string().max(500)
const httpDetails = z
  .object({ status: z.number().int().optional(), path: z.string().max(300).optional(), upstreamMessage: upstreamMessage.optional() })
  .strict()
const issue = z.object({ path: z.array(z.string().max(100)).max(10), message: z.string().max(300) }).strict()

export const errorDetailSchemas = {
  /** Input that failed validation: which field and why (at most 20 issues, each cut short). */
  BAD_INPUT: z
    .object({
      issues: z.array(issue).max(20),
      more: z.number().int().optional(),
      /** When a remote service refused the parameters (HTTP 400): its status and its own words. */
      status: z.number().int().optional(),
      upstreamMessage: upstreamMessage.optional()
    })
    .strict(),
  UNAUTHORIZED: httpDetails,
  FORBIDDEN: httpDetails,
  NOT_FOUND: httpDetails,
  /** Seconds to wait before asking again (the server's Retry-After, or our own estimate). */
  RATE_LIMITED: httpDetails.extend({ retryAfter: z.number().nonnegative() }).strict(),
  /** The JSON-RPC error of a node: its code and its own words, labelled as the node's. */
  RPC: z.object({ rpcCode: z.number().int(), method: z.string().max(100), upstreamMessage }).strict(),
  NETWORK: z.object({ url: z.string().max(2_100) }).strict(),
  TIMEOUT: z.object({ url: z.string().max(2_100).optional(), timeoutMs: z.number().int() }).strict(),
  UPSTREAM_INVALID: z
    .object({ status: z.number().int().optional(), method: z.string().max(300).optional(), issues: z.array(z.string().max(300)).max(10).optional() })
    .strict(),
  /** The source could not be reached and nothing usable is cached; `unreachable` names it. */
  OFFLINE: z
    .object({
      unreachable: z.string().max(2_100).optional(),
      sourceCode: z.string().max(40).optional(),
      /** A later page never fetched: how many pages of its lookup, and rows in them, the cache keeps from page 1 on. */
      keptPages: z.number().int().nonnegative().optional(),
      keptRows: z.number().int().nonnegative().optional()
    })
    .strict(),
  /** The caller is not connected to the app (the page lost its link to main): nothing was sent. */
  DISCONNECTED: z.object({}).strict(),
  CANCELLED: z.object({}).strict(),
  CONFLICT: z.object({}).strict(),
  UNAVAILABLE: httpDetails,
  INTERNAL: z.object({}).strict()
} as const

export type ErrorCode = keyof typeof errorDetailSchemas
export const ERROR_CODES = Object.keys(errorDetailSchemas) as ErrorCode[]
export type ErrorDetails<C extends ErrorCode> = z.infer<(typeof errorDetailSchemas)[C]>

/** Codes whose details are always present (the renderer relies on them). */
type WithRequiredDetails = 'RATE_LIMITED' | 'RPC' | 'NETWORK' | 'TIMEOUT'

const variant = <C extends ErrorCode>(code: C) =>
  z
    .object({
      code: z.literal(code),
      message,
      details: (code === 'RATE_LIMITED' || code === 'RPC' || code === 'NETWORK' || code === 'TIMEOUT'
        ? errorDetailSchemas[code]
        : errorDetailSchemas[code].optional()) as C extends WithRequiredDetails
        ? (typeof errorDetailSchemas)[C]
        : z.ZodOptional<(typeof errorDetailSchemas)[C]>
    })
    .strict()

export const errorDataSchema = z.discriminatedUnion('code', [
  variant('BAD_INPUT'),
  variant('UNAUTHORIZED'),
  variant('FORBIDDEN'),
  variant('NOT_FOUND'),
  variant('RATE_LIMITED'),
  variant('RPC'),
  variant('NETWORK'),
  variant('TIMEOUT'),
  variant('UPSTREAM_INVALID'),
  variant('OFFLINE'),
  variant('DISCONNECTED'),
  variant('CANCELLED'),
  variant('CONFLICT'),
  variant('UNAVAILABLE'),
  variant('INTERNAL')
])
export type ErrorData = z.infer<typeof errorDataSchema>
export type ErrorDataOf<C extends ErrorCode> = Extract<ErrorData, { code: C }>

type DetailsArgs<C extends ErrorCode> = C extends WithRequiredDetails
  ? [details: ErrorDetails<C>, options?: { cause?: unknown }]
  : [details?: ErrorDetails<C>, options?: { cause?: unknown }]

/** The one error type services throw; its data is what the other side receives. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C
  readonly details: ErrorDetails<C> | undefined
  constructor(code: C, message: string, ...[details, options]: DetailsArgs<C>) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined)
    this.name = 'AppError'
    this.code = code
    this.details = details as ErrorDetails<C> | undefined
  }
  is<K extends ErrorCode>(code: K): this is AppError<K> {
    return (this.code as ErrorCode) === code
  }
  toData(): ErrorData {
    const data = { code: this.code, message: this.message.slice(0, 2_000), ...(this.details !== undefined ? { details: this.details } : {}) }
    // Details are built by our own code; validating here keeps a mistake from crossing as a malformed frame.
    const parsed = errorDataSchema.safeParse(data)
    return parsed.success ? parsed.data : ({ code: this.code, message: data.message } as ErrorData)
  }
}

/** Turns anything thrown into error data. Unknown errors become INTERNAL without their text, which may hold secrets. */
export function toErrorData(err: unknown): ErrorData {
  if (err instanceof AppError) return err.toData()
  return { code: 'INTERNAL', message: 'Internal error' }
}

/** Rebuilds an AppError on the receiving side, so callers can use instanceof and .code. */
export function fromErrorData(data: ErrorData): AppError {
  return new (AppError as new (code: ErrorCode, message: string, details?: unknown) => AppError)(data.code, data.message, data.details)
}

const MAX_ISSUES = 20
const MAX_ISSUE_TEXT = 300

/** One issue's text, cut short: a frame with a million unknown keys must not come back as a million-key message. */
function issueText(i: z.core.$ZodIssue): string {
  const text = i.code === 'unrecognized_keys' ? unknownKeysText(i.keys) : i.message
  return text.length > MAX_ISSUE_TEXT ? `${text.slice(0, MAX_ISSUE_TEXT - 1)}…` : text
}

function unknownKeysText(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).map((k) => `"${k.slice(0, 40)}"`)
  return `unknown key${keys.length === 1 ? '' : 's'} ${shown.join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}`
}

function issuePath(i: z.core.$ZodIssue): string[] {
  return i.path.slice(0, 10).map((p) => String(p).slice(0, 100))
}

/** Formats zod issues into one line a person can act on: "nodeUrl: Invalid URL; network: ...". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 5).map((i) => {
    const path = issuePath(i)
    return `${path.length > 0 ? path.join('.') : 'input'}: ${issueText(i)}`
  })
  return shown.join('; ') + (issues.length > 5 ? `; and ${issues.length - 5} more problems` : '')
}

export function badInput(issues: readonly z.core.$ZodIssue[]): AppError<'BAD_INPUT'> {
  return new AppError('BAD_INPUT', describeIssues(issues), {
    issues: issues.slice(0, MAX_ISSUES).map((i) => ({ path: issuePath(i), message: issueText(i) })),
    ...(issues.length > MAX_ISSUES ? { more: issues.length - MAX_ISSUES } : {})
  })
}
