import { axeViolations } from './a11y.ts'
import { test, waitForHydration } from './fixtures.ts'
import { bulkJourney, removeBulkMembers, type BulkJourney } from './bulk.ts'

// Bulk actions with JavaScript, on a phone (tests/e2e/bulk.ts; without JavaScript at 1440 px: bulk.nojs.spec.ts).

const journey: BulkJourney = { js: true, violations: axeViolations, settle: waitForHydration }

test.beforeEach(async ({ db }) => removeBulkMembers(db, journey))
test.afterEach(async ({ db }) => removeBulkMembers(db, journey))

test('an admin sets the rank of two ticked members, then deletes all the search matches after the question (390 px)', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin')
  await bulkJourney(page, db, journey)
})
