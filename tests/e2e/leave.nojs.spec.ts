import { axeViolations, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { leaveJourney, removeJourneyLeave, type Journey } from './leave.ts'

// Leave of absence without JavaScript, at 1440 and 390 px (tests/e2e/leave.ts): every step is a plain form post with a
// flash toast; ending the leave asks on the page's confirm step. Pvt. Novak goes on leave here.

const journey: Journey = {
  js: false,
  member: { username: 'novak', name: 'Novak' },
  violations: axeViolations,
  settle: async () => {},
}

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))
test.afterEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))

for (const size of WIDTHS) {
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
}
