import { axeViolationsAtEachWidth } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { removeJourneyEndpoints, webhooksJourney } from './webhooks.ts'

// /admin/webhooks without JavaScript, at 1440 px: the same journey (tests/e2e/webhooks.ts), every action a plain form
// post, Rotate secret and Delete answered on the page's confirm step. axe at 1440 and 390 px. (With JavaScript:
// webhooks.spec.ts.)

const journey = { js: false, path: '/e2e-nojs' }

test.afterEach(async ({ db }) => removeJourneyEndpoints(db, journey.path))

test('without JavaScript an admin adds an endpoint (its secret shown once), sends a test, redelivers, pauses, rotates and deletes it (1440 px)', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin', '/admin')
  await webhooksJourney(page, db, journey)
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/webhooks:\n\n${found.join('\n\n')}\n`).toEqual([])
})
