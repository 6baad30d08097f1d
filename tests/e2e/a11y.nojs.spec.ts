import { AXE_TEST_TIMEOUT, CHECKED_PAGES, checkPage, signIn, WIDTHS } from './a11y.ts'
import { expect, test } from './fixtures.ts'

// Accessibility without JavaScript (docs/decisions/029-axe-in-the-browser-tests.md): the server-rendered pages, URL
// dialogs open as plain <dialog open> and confirm steps as pages, pass axe at 1440 and 390 px.

// One test per page, at each width: without scripts a resize lays the page out as a load at that width would. A render
// exactly like the one the JavaScript spec found clean (the server renders many pages as they look hydrated) has its
// verdict already and is not checked twice (AXE_CLEAN_DIR in a11y.ts).
for (const checked of CHECKED_PAGES) {
  test(`axe finds no violation without JavaScript: ${checked.name}`, async ({
    page,
    browser,
    db,
    baseURL,
    serverInfo,
  }) => {
    test.setTimeout(AXE_TEST_TIMEOUT)
    if (checked.as) await signIn(page, browser, checked.as, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    const found = await checkPage(page, db, baseURL!, checked, WIDTHS, { settle: async () => {}, clean: 'reuse' })
    expect(found, `axe violations:\n\n${found.join('\n\n')}\n`).toEqual([])
  })
}
