import { alliesJourney, cleanUpAllies } from './allies.ts'
import { test } from './fixtures.ts'

// Joint operations without JavaScript, at 1440 px: the same journey (tests/e2e/allies.ts), every action a plain form
// post, the invite link read from its field, Remove guest and Delete answered on the page's confirm step, axe at 1440
// and 390 px on each new page state. (With JavaScript: allies.spec.ts.)

const journey = { js: false }

// A whole admin task and a second person's login: 10-30 s on a busy two-core machine.
test.describe.configure({ timeout: 120_000 })

test.afterEach(async ({ db }) => cleanUpAllies(db, journey.js))

test('without JavaScript an admin adds an allied unit; a new player joins by its invite link as a guest; the admin removes them (1440 px)', async ({
  page,
  browser,
  login,
  baseURL,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin', '/admin')
  await alliesJourney(page, browser, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }, journey)
})
