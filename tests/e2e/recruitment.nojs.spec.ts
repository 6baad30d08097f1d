import { axeViolations, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { cleanUpRun, recruitmentJourney, withFormLock, type Journey } from './recruitment.ts'

// Recruitment without JavaScript, at 1440 and 390 px (tests/e2e/recruitment.ts): every step is a plain form post with
// a flash toast; the application opens as a page-rendered dialog (?application=ID).

const journey: Journey = { js: false, violations: axeViolations, settle: async () => {} }

test.describe.configure({ timeout: 180_000 })

for (const size of WIDTHS) {
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
