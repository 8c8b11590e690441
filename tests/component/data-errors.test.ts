/**
 * An error the data service answered with a body is shown with the service's own words and its status, never
 * as "cannot reach the data service" (review high 1, issue 18 item 1); a 503 likewise; a 429 as rate-limiting,
 * counted down. The sim, like the real aggregator, answers a quorum of 100 % with 500 "failed to collect a
 * threshold of signatures".
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.faults.clear())
afterAll(() => sim.stop())

const NOT_OFFLINE = /cannot reach|could not reach|nothing is cached/i

test('a data-service 500 with a reason shows the reason and HTTP 500, not "cannot reach"; a refused new attempt clears it', async () => {
  const ui = await mountApp({ path: '/signatures' })
  await ui.profileAt(sim, 'Quorum sim')
  await ui.until(() => ui.has('sig-aggregate'), 'the aggregation form')
  await ui.fill('field-justification', '0xdeadbeef')
  await ui.fill('field-quorumPercentage', '100')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => ui.text('error-notice').includes('HTTP 500'), 'the HTTP 500 notice')
  expect(ui.text('error-upstream')).toContain('The data service said')
  expect(ui.text('error-upstream')).toContain('failed to collect a threshold of signatures')
  expect(ui.text('error-notice')).not.toMatch(NOT_OFFLINE)
  expect(ui.get('error-notice').attributes('data-code')).not.toBe('OFFLINE')
  expect(ui.has('sig-aggregate-result')).toBe(false)

  // Review #20: a new attempt the form refuses (both message and justification) clears the old error; one
  // box says how the latest attempt went. The same failing request again: its error comes back, alone.
  await ui.fill('field-message', '0x0102')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => ui.text('form-problems').includes('not both'), 'the form refusing both')
  expect(ui.has('error-notice')).toBe(false)
  await ui.fill('field-message', '')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => !ui.has('form-problems') && ui.all('error-notice').length === 1, 'one notice again')
  expect(ui.text('error-notice')).toContain('HTTP 500')
})

test('a data-service 503 shows the status and the service words; a 429 says rate-limited, counted down', async () => {
  const ui = await mountApp({ path: '/data?tab=subnets' })
  await ui.profileAt(sim, 'Data 503 sim')
  await ui.until(() => ui.has('lookup-form-submit'), 'the subnets form')

  // A 503 on every attempt (the app asks a read again on a 5xx before it gives up).
  const down = sim.faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.text('error-notice').includes('HTTP 503'), 'the HTTP 503 notice')
  expect(ui.text('error-upstream')).toContain('Service Unavailable')
  expect(ui.text('error-notice')).not.toMatch(NOT_OFFLINE)
  sim.faults.remove(down)

  // A Retry-After longer than the app waits by itself: the operator is told to wait, counted down. On every
  // request until the test ends (afterEach clears it): with a count of 1, a request the page made before the
  // click (the page-size change) could take the one 429 and the click's own request would succeed.
  sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 45 })
  await ui.fill('field-pageSize', '3')
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.has('error-notice') && ui.get('error-notice').attributes('data-code') === 'RATE_LIMITED', 'the rate-limit notice')
  expect(ui.text('error-notice')).toMatch(/rate-limiting/i)
  expect(ui.text('error-countdown')).toMatch(/Try again in \d+ s/)
  expect(ui.text('error-notice')).not.toMatch(NOT_OFFLINE)
})
