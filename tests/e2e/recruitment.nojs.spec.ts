import { axeViolationsAtEachWidth, WIDTHS } from './a11y.ts'
import { test } from './fixtures.ts'
import { cleanUpRun, recruitmentJourney, withFormLock, type Journey } from './recruitment.ts'

// Recruitment without JavaScript (tests/e2e/recruitment.ts): every step is a plain form post with a flash toast; the
// application opens as a page-rendered dialog (?application=ID). Run once, at a phone's width: without scripts the
// layout is CSS alone, and each page on the way is checked by axe at 390 and at 1440 px (axeViolationsAtEachWidth).

const journey: Journey = { js: false, violations: axeViolationsAtEachWidth, settle: async () => {} }
const size = WIDTHS[1]

test.describe.configure({ timeout: 180_000 })

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
