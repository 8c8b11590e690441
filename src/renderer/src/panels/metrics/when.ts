/** A UNIX time (seconds) as a UTC day, with the time of day only when it is not midnight. */
export function utcWhen(t: number): string {
  const iso = new Date(t * 1_000).toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 16).replace('T', ' ')} UTC`
}
