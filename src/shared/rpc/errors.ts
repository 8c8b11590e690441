import { z } from 'zod'

/** Every error that crosses the contract boundary carries one of these codes; the renderer switches on it. */
export const ERROR_CODES = [
  'BAD_INPUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'RPC',
  'NETWORK',
  'TIMEOUT',
  'UPSTREAM_INVALID',
  'OFFLINE',
  'CANCELLED',
  'CONFLICT',
  'UNAVAILABLE',
  'INTERNAL'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const errorDataSchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional()
  })
  .strict()
export type ErrorData = z.infer<typeof errorDataSchema>

/** The one error type services throw; its data is what the other side receives. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details?: Record<string, unknown>
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    if (details !== undefined) this.details = details
  }
  toData(): ErrorData {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}

/** Turns anything thrown into error data. Unknown errors become INTERNAL without their text, which may hold secrets. */
export function toErrorData(err: unknown): ErrorData {
  if (err instanceof AppError) return err.toData()
  return { code: 'INTERNAL', message: 'Internal error' }
}

/** Rebuilds an AppError on the receiving side, so callers can use instanceof and .code. */
export function fromErrorData(data: ErrorData): AppError {
  return new AppError(data.code, data.message, data.details)
}

/** Formats zod issues into one line a person can act on: "nodeUrl: Invalid URL; network: ...". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((i) => {
      const where = i.path.length > 0 ? i.path.map(String).join('.') : 'input'
      return `${where}: ${i.message}`
    })
    .join('; ')
}

export function badInput(issues: readonly z.core.$ZodIssue[]): AppError {
  return new AppError('BAD_INPUT', describeIssues(issues), {
    issues: issues.map((i) => ({ path: i.path.map(String), message: i.message }))
  })
}
