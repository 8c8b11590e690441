/**
 * Asks again every `everyMs` until `ok` holds, or `ms` have passed; then returns the last answer either way,
 * so the test's own assertion fails on what was last seen (with its message), not on a bare timeout.
 */
export async function until<T>(ask: () => T | Promise<T>, ok: (t: T) => boolean, ms = 20_000, everyMs = 100): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const t = await ask()
    if (ok(t) || Date.now() > end) return t
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
