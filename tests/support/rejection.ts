/** Checks on a promise that must reject, for the client tests. */
import { expect } from 'vitest'
import { AppError } from '../../src/shared/rpc/errors'
import type { ErrorCode } from '../../src/shared/rpc/errors'

/** The AppError a promise rejected with, checked to have `code` when one is given; fails the test if it resolved. */
export async function rejection(p: Promise<unknown>, code?: ErrorCode): Promise<AppError> {
  let err: unknown
  try {
    await p
  } catch (e) {
    err = e
  }
  if (err === undefined) throw new Error('expected a rejection')
  expect(err).toBeInstanceOf(AppError)
  if (code) expect((err as AppError).code).toBe(code)
  return err as AppError
}
