import type { Page } from '@playwright/test'
import { axeViolations, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { cleanUpRun, recruitmentJourney, withFormLock, type Journey } from './recruitment.ts'

// Recruitment with JavaScript, at 390 px (tests/e2e/recruitment.ts): an admin writes the form, a new Discord
// user applies, the recruiters comment and accept (roster, the stand-in's role), a second applicant is rejected and
// reads the reason on /account.

/** Hydrated and idle, as the a11y checks wait for. */
async function settle(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
    ).__reactRouterDataRouter
    return router?.state.initialized && router.state.navigation.state === 'idle'
  })
}

const journey: Journey = { js: true, violations: axeViolations, settle }

test.describe.configure({ timeout: 180_000 })

// With JavaScript at the phone's width only: the same journey without JavaScript checks axe at both widths on every
// state (axeViolationsAtEachWidth), and the desktop layout of each page is checked with JavaScript by the a11y spec.
for (const size of [WIDTHS[1]]) {
  test(`an admin writes the form, a new Discord user applies and is accepted onto the roster, a second is rejected (${size.width} px)`, async ({
    page,
    browser,
    db,
    baseURL,
    serverInfo,
  }) => {
    const urls = { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }
    await cleanUpRun(db, urls.standInUrl, journey.js, size.width)
    try {
      await withFormLock(db, () => recruitmentJourney(page, browser, urls, journey, size))
    } finally {
      await cleanUpRun(db, urls.standInUrl, journey.js, size.width)
    }
  })
}
