import { axeViolationsAtEachWidth } from './a11y.ts'
import { test } from './fixtures.ts'
import { importJourney, removeImported, type ImportJourney } from './import.ts'

// Moving in without JavaScript (tests/e2e/import.ts): every step is a plain form post (the preview is the action's
// answer, rendered on the page). Run at a phone's width, with axe at 390 and 1440 px on each page.

const journey: ImportJourney = {
  js: false,
  newcomer: { name: 'Ivanova', discordId: '800000000000000102' },
  violations: axeViolationsAtEachWidth,
  settle: async () => {},
}

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ db }) => removeImported(db, journey))
test.afterEach(async ({ db }) => removeImported(db, journey))

test('an admin imports a CSV file with a changed mapping and a rank map, then a Discord member (390 px)', async ({
  page,
  login,
  db,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin')
  await importJourney(page, db, serverInfo.standInUrl, journey)
})
