import { axeViolations } from './a11y.ts'
import { test, waitForHydration } from './fixtures.ts'
import { importJourney, removeImported, type ImportJourney } from './import.ts'

// Moving in with JavaScript, at 1440 px (tests/e2e/import.ts): a CSV file with a changed mapping and a rank map, and a
// member of the Discord server imported. (Without JavaScript, at 390 px with axe at both widths: import.nojs.spec.ts.)

const journey: ImportJourney = {
  js: true,
  newcomer: { name: 'Hart', discordId: '800000000000000101' },
  violations: axeViolations,
  settle: waitForHydration,
}

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ db }) => removeImported(db, journey))
test.afterEach(async ({ db }) => removeImported(db, journey))

test('an admin imports a CSV file with a changed mapping and a rank map, then a Discord member (1440 px)', async ({
  page,
  login,
  db,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin')
  await importJourney(page, db, serverInfo.standInUrl, journey)
})
