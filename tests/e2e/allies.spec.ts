import { alliesJourney, cleanUpAllies } from './allies.ts'
import { test } from './fixtures.ts'

// Joint operations with JavaScript, at a phone's width: the journey of tests/e2e/allies.ts (an allied unit added, its
// invite link copied, a new player joining as its guest, removed again), the app's own confirm dialog answering Remove
// guest and Delete, axe at 390 and 1440 px on each new page state. (Without JavaScript, at 1440 px:
// allies.nojs.spec.ts.)

const journey = { js: true }

// A whole admin task and a second person's login: 10-30 s on a busy two-core machine.
test.describe.configure({ timeout: 120_000 })

test.afterEach(async ({ db }) => cleanUpAllies(db, journey.js))

test('an admin adds an allied unit; a new player joins by its invite link as a guest; the admin removes them (390 px)', async ({
  page,
  browser,
  login,
  baseURL,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin', '/admin')
  await alliesJourney(page, browser, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }, journey)
})
