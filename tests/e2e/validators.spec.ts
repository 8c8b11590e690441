/**
 * The validators panel's whole set of 2,000 in Chromium: the table scrolled by the wheel to its end, sorted by
 * weight, holding only the rows in view. Only a real browser proves this: the body scrolls because of its CSS
 * (a height and overflow that happy-dom never lays out), and the rows drawn follow the scroll the browser makes.
 * Everything else of the panel for given data is a component test: the card, the set's totals, sort, filters and
 * drawer (tests/component/validators-set.test.ts), the history and an alert over checks
 * (validators-history.test.ts), the page from the cache with the node gone (validators.test.ts), subnets
 * (validators-subnets.test.ts) and both spellings of the node's answer (validators-shapes.test.ts).
 */
import { byWeightDescending, currentValidators } from '../support/node-validators'
import { expect, shot, test } from './fixtures'
import { openValidators } from './validators-helpers'

test('the whole set: 2,000 rows sorted by weight scroll to the end, only the rows in view in the page', async ({ app: page, sim: s }) => {
  test.setTimeout(120_000)
  await page.emulateMedia({ colorScheme: 'light' })
  const sorted = byWeightDescending(await currentValidators(s))
  expect(sorted).toHaveLength(2_000)

  await openValidators(page, s, 'Set', [s.dataset.nodes.self])
  const set = page.getByTestId('validator-set')
  await expect(set.getByTestId('set-count')).toHaveText('2,000')
  const table = set.getByTestId('set-table')
  const rows = table.getByRole('rowgroup').getByRole('row')
  // Heaviest first (the first click of a column sorts it descending).
  await table.getByRole('columnheader', { name: /Own stake/ }).getByRole('button').click()
  await expect(rows.first()).toHaveAttribute('data-node-id', sorted[0]!.nodeID)
  await table.scrollIntoViewIfNeeded()
  await shot(page, 'validators-04-set-sorted')

  // The wheel scrolls the table's body to its end: the lightest is the last row.
  await rows.first().hover()
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 100_000)
        return rows.last().getAttribute('data-node-id')
      },
      { intervals: [300], timeout: 15_000 }
    )
    .toBe(sorted.at(-1)!.nodeID)
  // Virtualised: far fewer rows in the page than in the set.
  expect(await rows.count()).toBeLessThan(100)
  await shot(page, 'validators-05-set-end')
})
