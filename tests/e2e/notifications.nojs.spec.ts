import { signIn } from './a11y.ts'
import { test } from './fixtures.ts'
import { notificationsJourney } from './notifications.ts'

// Notifications on /account without JavaScript (tests/e2e/notifications.ts), at 1440 and 390 px: push cannot be turned
// on, and the page says so; the choices and removing a device are plain form posts.

test.describe.configure({ timeout: 120_000 })

test('choices save, a device is listed and removed, closed DMs are said, push says it needs JavaScript', async ({
  page,
  browser,
  db,
  baseURL,
  serverInfo,
}) => {
  await signIn(page, browser, 'novak', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
  await notificationsJourney(page, db, { js: false, username: 'novak', baseURL: baseURL! })
})
