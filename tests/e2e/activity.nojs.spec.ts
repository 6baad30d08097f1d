import { signIn } from './a11y.ts'
import { activityJourney, ownActivity } from './activity.ts'
import { test } from './fixtures.ts'

// The activity dashboard without JavaScript (tests/e2e/activity.ts), at 1440 and 390 px, and the admin's own chart:
// every link and the setting's form work as plain page loads and posts.

test.describe.configure({ timeout: 120_000 })

test('the dashboard: SVG charts in the first paint, sorting, the window, the CSV, drifting away', async ({
  page,
  browser,
  db,
  baseURL,
  serverInfo,
}) => {
  await signIn(page, browser, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
  await activityJourney(page, db)
  await ownActivity(page)
})
