import { axeViolationsAtEachWidth } from './a11y.ts'
import { test } from './fixtures.ts'
import { bulkJourney, removeBulkMembers, type BulkJourney } from './bulk.ts'

// Bulk actions without JavaScript (tests/e2e/bulk.ts): every action's fields show, the form posts, Delete asks on
// the page. At 1440 px, with axe at 1440 and 390 px on each page.

const journey: BulkJourney = { js: false, violations: axeViolationsAtEachWidth, settle: async () => {} }

test.beforeEach(async ({ db }) => removeBulkMembers(db, journey))
test.afterEach(async ({ db }) => removeBulkMembers(db, journey))

test('an admin sets the rank of two ticked members, then deletes all the search matches after the question (1440 px)', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin')
  await bulkJourney(page, db, journey)
})
