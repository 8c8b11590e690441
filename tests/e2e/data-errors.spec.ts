/**
 * Review high 1 (issue 18 item 1): an error the data service answered with a body is shown with the
 * service's own words and its status, never as "cannot reach the data service"; a 503 likewise; a 429
 * as rate-limiting. Steps as the walkthrough: Signature aggregation → justification 0xdeadbeef, quorum
 * 100 → Aggregate (the sim, like the real aggregator, answers 500 "failed to collect a threshold of
 * signatures").
 */
import { pickLookup } from './data-helpers'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

test('a data-service 500 with a reason shows the reason and HTTP 500, not "cannot reach"', async ({ app: page, sim }) => {
  await activateSimProfile(page, sim, 'Quorum sim')
  await openPanel(page, 'signatures')
  const agg = page.getByTestId('sig-aggregate')
  await agg.getByTestId('field-justification').fill('0xdeadbeef')
  await agg.getByTestId('field-quorumPercentage').fill('100')
  await agg.getByTestId('sig-aggregate-form-submit').click()
  const notice = agg.getByTestId('error-notice')
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('HTTP 500')
  await expect(agg.getByTestId('error-upstream')).toContainText('The data service said')
  await expect(agg.getByTestId('error-upstream')).toContainText('failed to collect a threshold of signatures')
  await expect(notice).not.toContainText(/cannot reach|could not reach|nothing is cached/i)
  await expect(notice).not.toHaveAttribute('data-code', 'OFFLINE')
  await expect(agg.getByTestId('sig-aggregate-result')).toHaveCount(0)
  await shot(page, 'data-errors-01-quorum-500')

  // Review #20: a new attempt the form refuses (both message and justification) clears the old error;
  // one box says how the latest attempt went
  await agg.getByTestId('field-message').fill('0x0102')
  await agg.getByTestId('sig-aggregate-form-submit').click()
  await expect(agg.getByTestId('form-problems')).toContainText('not both')
  await expect(notice).toHaveCount(0)
  // the same failing request again: its error comes back, alone
  await agg.getByTestId('field-message').fill('')
  await agg.getByTestId('sig-aggregate-form-submit').click()
  await expect(agg.getByTestId('form-problems')).toHaveCount(0)
  await expect(notice).toHaveCount(1)
  await expect(notice).toContainText('HTTP 500')
})

test('a data-service 503 shows the status and the service words; a 429 says rate-limited', async ({ app: page, sim }) => {
  await activateSimProfile(page, sim, 'Data 503 sim')
  await openPanel(page, 'data')
  const form = page.getByTestId('lookup-form')
  await pickLookup(page, 'Primary Network', 'subnets')

  // A 503 on every attempt (the app asks a read again on a 5xx before it gives up).
  const subnetsDown = sim.faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
  await form.getByTestId('lookup-form-submit').click()
  const notice = page.getByTestId('error-notice')
  await expect(notice).toContainText('HTTP 503')
  await expect(page.getByTestId('error-upstream')).toContainText('Service Unavailable')
  await expect(notice).not.toContainText(/cannot reach|could not reach|nothing is cached/i)
  await shot(page, 'data-errors-02-subnets-503')
  sim.faults.remove(subnetsDown)

  // A Retry-After longer than the app waits by itself: the operator is told to wait, counted down.
  sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 45, count: 1 })
  await form.getByTestId('field-pageSize').fill('3')
  await form.getByTestId('lookup-form-submit').click()
  await expect(notice).toHaveAttribute('data-code', 'RATE_LIMITED')
  await expect(notice).toContainText(/rate-limiting/i)
  await expect(page.getByTestId('error-countdown')).toContainText(/Try again in \d+ s/)
  await expect(notice).not.toContainText(/cannot reach|could not reach|nothing is cached/i)
  await shot(page, 'data-errors-03-subnets-429')
})
