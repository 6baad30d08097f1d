import { axeViolationsAtEachWidth, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { leaveJourney, removeJourneyLeave, type Journey } from './leave.ts'

// Leave of absence without JavaScript (tests/e2e/leave.ts): every step is a plain form post with a flash toast; ending
// the leave asks on the page's confirm step. Pvt. Novak goes on leave here. Run once, at a phone's width: without
// scripts the layout is CSS alone, and each page on the way is checked by axe at 390 and at 1440 px.

const journey: Journey = {
  js: false,
  member: { username: 'novak', name: 'Novak' },
  violations: axeViolationsAtEachWidth,
  settle: async () => {},
}

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))
test.afterEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))

const size = WIDTHS[1]
test(`a member asks for leave, an admin approves it, LOA shows on the roster and the ORBAT, the member ends it early (${size.width} px)`, async ({
  page,
  browser,
  baseURL,
  serverInfo,
  orbatLock,
}) => {
  void orbatLock
  await leaveJourney(page, browser, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }, journey, size)
})
