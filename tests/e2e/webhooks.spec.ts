import { axeViolationsAtEachWidth } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { removeJourneyEndpoints, webhooksJourney } from './webhooks.ts'

// /admin/webhooks with JavaScript, at a phone's width: the journey of tests/e2e/webhooks.ts, the app's own confirm
// dialog answering Rotate secret and Delete. axe at 390 and 1440 px. (Without JavaScript, at 1440 px:
// webhooks.nojs.spec.ts.)

const journey = { js: true, path: '/e2e-js' }

test.afterEach(async ({ db }) => removeJourneyEndpoints(db, journey.path))

test('an admin adds an endpoint (its secret shown once), sends a test, redelivers, pauses, rotates and deletes it (390 px)', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin', '/admin')
  await webhooksJourney(page, db, journey)
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/webhooks:\n\n${found.join('\n\n')}\n`).toEqual([])
})
