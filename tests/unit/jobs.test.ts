import { describe, expect, it } from 'vitest'
import { JobManager } from '../../src/main/services/jobs/manager'
import type { Job } from '../../src/shared/contract'

describe('jobs', () => {
  it('reports progress and completion', async () => {
    const events: Job[] = []
    const jobs = new JobManager((j) => events.push(j))
    const id = jobs.start('test', 'count', async ({ progress }) => {
      progress(1, 2)
      progress(2, 2)
      return 'counted'
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(events.map((e) => [e.state, e.done])).toEqual([['running', 0], ['running', 1], ['running', 2], ['done', 2]])
    expect(jobs.list()[0]).toMatchObject({ id, state: 'done', message: 'counted' })
  })

  it('cancels through the signal', async () => {
    const jobs = new JobManager(() => {})
    const id = jobs.start('test', 'wait', ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))))
    expect(jobs.cancel(id)).toBe(true)
    await new Promise((r) => setTimeout(r, 10))
    expect(jobs.list()[0]?.state).toBe('cancelled')
    expect(jobs.cancel(id)).toBe(false)
    expect(() => jobs.cancel('nope')).toThrow(/No job/)
  })
})
