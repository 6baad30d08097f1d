import { axeViolationsWithoutScripts, CHECKED_PAGES, checkPage, signIn } from './a11y.ts'
import { expect, test } from './fixtures.ts'

// Accessibility without JavaScript (docs/decisions/029-axe-in-the-browser-tests.md): the server-rendered pages, URL
// dialogs open as plain <dialog open> and confirm steps as pages, pass axe at 1440 and 390 px.

for (const checked of CHECKED_PAGES) {
  test(`axe finds no violation without JavaScript: ${checked.name}`, async ({
    page,
    browser,
    db,
    baseURL,
    serverInfo,
  }) => {
    if (checked.as) await signIn(page, browser, checked.as, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    const found = await checkPage(page, db, baseURL!, checked, {
      settle: async () => {},
      violations: axeViolationsWithoutScripts,
    })
    expect(found, `axe violations:\n\n${found.join('\n\n')}\n`).toEqual([])
  })
}
