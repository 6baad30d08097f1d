import type { Page } from '@playwright/test'
import { axeViolations, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { leaveJourney, removeJourneyLeave, type Journey } from './leave.ts'

// Leave of absence with JavaScript, at 390 px (tests/e2e/leave.ts): ask, approve, the LOA badge on the roster
// and the ORBAT, end early (after the browser's confirm). Sgt. Reyes goes on leave here; Pvt. Novak in the no-JS run.

/** Hydrated and idle, as the a11y checks wait for. */
async function settle(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
    ).__reactRouterDataRouter
    return router?.state.initialized && router.state.navigation.state === 'idle'
  })
}

const journey: Journey = {
  js: true,
  member: { username: 'reyes', name: 'Reyes' },
  violations: axeViolations,
  settle,
}

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))
test.afterEach(async ({ db }) => removeJourneyLeave(db, journey.member.name))

// With JavaScript at the phone's width only: the same journey without JavaScript checks axe at both widths on every
// state (axeViolationsAtEachWidth), and the desktop layout of each page is checked with JavaScript by the a11y spec.
for (const size of [WIDTHS[1]]) {
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
