/**
 * An error the data service answered with a body is shown with the service's own words and its status, never
 * as "cannot reach the data service" (review high 1, issue 18 item 1); a 503 likewise; a 429 as rate-limiting,
 * counted down; a refused API key as such. The sim, like the real aggregator, answers a quorum of 100 % with
 * 500 "failed to collect a threshold of signatures". The signature form refuses bad combinations before sending.
 * "Load all" rate-limited counts its Retry-After down on the app's clock (moved by the test) and resumes, and a
 * load cancelled in that wait says when it stopped. (The lookups' paging and offline answers stay end-to-end:
 * tests/e2e/data.spec.ts.)
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { OffsetClock } from '../../src/main/clock'
import { startSim, type Sim } from '../sim/index'
import { simDataConfig } from '../support/sim-config'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.faults.clear())
afterAll(() => sim.stop())

const NOT_OFFLINE = /cannot reach|could not reach|nothing is cached/i

test('a data-service 500 with a reason shows the reason and HTTP 500, not "cannot reach"; a refused new attempt clears it, a good one signs', async () => {
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
  await ui.fill('field-quorumPercentageBuffer', '20')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => ui.text('form-problems').includes('give either message or justification, not both'), 'the form refusing both')
  expect(ui.text('form-problems')).toContain('quorumPercentage (100) + quorumPercentageBuffer (20) must be at most 100')
  expect(ui.has('error-notice')).toBe(false)
  await ui.fill('field-message', '')
  await ui.fill('field-quorumPercentageBuffer', '0')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => !ui.has('form-problems') && ui.all('error-notice').length === 1, 'one notice again')
  expect(ui.text('error-notice')).toContain('HTTP 500')

  // A quorum the validators reach, with a buffer that fits: the signed message replaces the error.
  await ui.fill('field-quorumPercentage', '90')
  await ui.fill('field-quorumPercentageBuffer', '5')
  await ui.click('sig-aggregate-form-submit')
  await ui.until(() => ui.has('sig-aggregate-hex') && /^0x[0-9a-f]+$/.test(inputValue(ui, 'sig-aggregate-hex')), 'the signed message')
  expect(ui.has('error-notice')).toBe(false)
})

const inputValue = (ui: MountedApp, testId: string): string => {
  const el = ui.get(testId).element
  return (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : el.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))?.value ?? ''
}

test('a data-service 503 shows the status and the service words; a 429 says rate-limited, counted down; a refused key says so', async () => {
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

  // A key the data service refuses: said so, with its status, on a profile of its own.
  const refused = 'component-refused-key-0123456789'
  await simDataConfig(sim, { rejectedKeys: [refused] })
  const profile = { name: 'Refused key', network: 'mainnet' as const, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, nodeIds: [] }
  const { id } = await ui.client.call('profiles.create', { profile, apiKey: refused })
  await ui.client.call('profiles.activate', { id })
  await ui.until(() => ui.text('status-profile').includes('Refused key'), 'the profile with the refused key active')
  await ui.go('/data?tab=blocks')
  await ui.until(() => ui.has('lookup-form-submit'), 'the blocks form')
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.text('lookup-result').includes("refused this profile's API key (HTTP 401)"), 'the key refused')
})

test('"load all" rate-limited counts its Retry-After down on the app\'s clock and resumes; cancelled in the wait, it says when it stopped', async () => {
  // The app's clock, moved by the test: a Retry-After of two minutes (longer than any wait below) is moved past,
  // not waited for.
  const clock = new OffsetClock()
  const ui = await mountApp({ path: '/data?tab=subnets', app: { clock } })
  await ui.profileAt(sim, 'Limits sim')
  await ui.until(() => ui.has('lookup-form-submit'), 'the subnets form')
  await ui.fill('field-pageSize', '2')
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.text('page-info').includes('more pages follow'), 'a first page of 2')

  const state = (): string | undefined => (ui.has('load-all-state') ? ui.get('load-all-state').attributes('data-state') : undefined)
  sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 120, count: 1 })
  await ui.click('load-all-start')
  await ui.until(() => /resuming in 1[01]\d s/.test(ui.text('load-all-countdown')), 'the countdown of the Retry-After')
  // The Jobs menu names the job in words; with no total known, its bar is indeterminate (review #26).
  await ui.click('jobs-button')
  await ui.until(() => ui.has('jobs-list'), 'the Jobs menu')
  const job = (): ReturnType<MountedApp['get']> => ui.get('jobs-list').find('[data-testid="job"]')
  expect(job().find('[data-testid="job-label"]').text()).toBe('Load all subnets')
  expect(job().find('[data-testid="job-progress"]').attributes('data-kind')).toBe('indeterminate')
  await ui.click('jobs-button')

  // 110 seconds on: still waiting, the countdown where main is.
  clock.advance(110_000)
  await ui.until(() => /resuming in (10|\d) s/.test(ui.text('load-all-countdown')), 'the countdown 110 s on')
  expect(state()).toBe('running')
  // Past the Retry-After: the same page is asked again and the load goes on to the end.
  clock.advance(10_000)
  await ui.until(() => !ui.has('load-all-countdown') && state() === 'done', 'the load done')
  await ui.until(() => ui.get('load-all-table').attributes('data-rows') === String(sim.dataset.subnets.length), 'every subnet loaded')

  // Cancelled in a rate-limit wait: it says when it stopped, not the wait it was in.
  sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 120, count: 1 })
  await ui.click('load-all-start')
  await ui.until(() => ui.has('load-all-countdown'), 'the countdown again')
  await ui.click('load-all-cancel')
  await ui.until(() => state() === 'cancelled', 'the load cancelled')
  await ui.click('jobs-button')
  await ui.until(() => ui.has('jobs-list') && job().attributes('data-state') === 'cancelled', 'the job cancelled in the menu')
  expect(job().find('[data-testid="job-message"]').text()).toMatch(/^Cancelled (before the first page|after page \d+)/)
})
