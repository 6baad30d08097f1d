import type { Browser, Locator, Page } from '@playwright/test'
import { AXE_TEST_TIMEOUT, CHECKED_PAGES, checkPage, expectNoAxeViolations, pathOf, signIn, WIDTHS } from './a11y.ts'
import {
  expect,
  expectNoConsoleProblems,
  stubDiscordCdn,
  test,
  waitForHydration,
  watchConsole,
  type DemoUsername,
} from './fixtures.ts'
import { useEvaluationData } from './evaluations-data.ts'

// Accessibility (docs/decisions/029-axe-in-the-browser-tests.md): axe finds nothing on any page at 1440 and 390 px,
// hydrated and with JavaScript off (the server-rendered pages, URL dialogs open as plain <dialog open>, confirm steps
// as pages); the kit's sheet and dialogs keep focus inside while open and give it back to their opener on Escape;
// focus is visible.

/** Hydrated and done loading: React Router's router is idle, and the ORBAT's live stream is connected. */
async function settle(page: Page) {
  await waitForHydration(page)
  const live = page.getByTestId('live-status')
  if (await live.count()) await expect(live.first()).toHaveAttribute('data-status', 'live')
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

// One test per page, at both widths, with JavaScript and then without: a failure names the page, the width and which.
// With JavaScript a page is loaded once and resized, as its layout at a width is CSS and code that listens to the
// width; one whose code reads the width as it starts is loaded at each (loadAtEachWidth in a11y.ts). Without
// JavaScript a resize lays the page out as a load at that width would; a render exactly like one found clean with
// JavaScript (the server renders many pages as they look hydrated) has its verdict already and is not checked twice.
//
// The pages are opened in tabs kept open for the worker's whole run, one per visitor (signed out, a member, the admin)
// and with or without JavaScript, as a person browses page after page: a fresh browser context per page cost a new
// renderer, a cold cache of the app's scripts and a cold copy of axe, some half of a check's time. A check sets (or
// clears) the one cookie it depends on, the ORBAT's remembered view; the only other state a page leaves is the
// viewer's time zone the app's script remembers, which the app renders with or without. Console errors and uncaught
// page errors fail the check in both tabs. Playwright starts a new worker (and new tabs) after a failed test.
const tabs = new Map<string, Page>()

async function tabOf(
  browser: Browser,
  as: DemoUsername | null,
  javaScriptEnabled: boolean,
  urls: { baseURL: string; standInUrl: string },
): Promise<Page> {
  const key = `${as ?? 'visitor'} ${javaScriptEnabled ? 'js' : 'no-js'}`
  let tab = tabs.get(key)
  if (!tab || tab.isClosed()) {
    const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block', baseURL: urls.baseURL })
    await stubDiscordCdn(context)
    tab = await context.newPage()
    if (as) await signIn(tab, browser, as, urls)
    tabs.set(key, tab)
  }
  return tab
}

// The checks open their own tabs: no per-test page (and no guard on one) is made for them.
const pageCheck = test.extend<{ failOnConsoleErrors: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  failOnConsoleErrors: async ({}, use) => use(),
})

test.describe('every page', () => {
  // Spread over the workers like separate files: the pages share nothing but the seeded data they read.
  test.describe.configure({ mode: 'parallel' })
  for (const checked of CHECKED_PAGES) {
    pageCheck(
      `axe finds no violation, with and without JavaScript: ${checked.name}`,
      async ({ browser, db, baseURL, serverInfo }, testInfo) => {
        test.setTimeout(AXE_TEST_TIMEOUT)
        const urls = { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }
        const path = await pathOf(checked, db)
        const clean = new Set<string>()
        const found: string[] = []
        const problems: string[] = []
        for (const javaScriptEnabled of [true, false]) {
          const tab = await tabOf(browser, checked.as, javaScriptEnabled, urls)
          const watch = watchConsole(tab, [])
          try {
            found.push(
              ...(await checkPage(
                tab,
                path,
                baseURL!,
                checked,
                WIDTHS,
                javaScriptEnabled
                  ? { label: 'with JavaScript', settle, loadAtEachWidth: checked.loadAtEachWidth, clean }
                  : { label: 'without JavaScript', settle: async () => {}, clean },
              )),
            )
          } finally {
            problems.push(...watch.stop())
          }
        }
        expect(found, `axe violations:\n\n${found.join('\n\n')}\n`).toEqual([])
        await expectNoConsoleProblems(problems, testInfo)
      },
    )
  }
})

test.describe('a live evaluation', () => {
  const evaluationData = useEvaluationData('A11y')

  test('axe finds no violation on the live evaluation page', async ({ page, browser, baseURL, serverInfo }) => {
    const data = evaluationData()
    await signIn(page, browser, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    await page.goto(`/admin/tests/${data.testId}/evaluations?q=${encodeURIComponent(data.members.passer.name)}`)
    await page.getByRole('button', { name: `Start Evaluation of ${data.members.passer.name}` }).click()
    await expect(page).toHaveURL(/\/admin\/evaluations\/[0-9a-f-]{36}$/)
    await settle(page)
    await expectNoAxeViolations(page, 'the live evaluation @1440px')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoAxeViolations(page, 'the live evaluation @390px')
  })
})

/** Whether the focused element is inside the open modal dialog. */
const focusInsideOpenDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))

/** Tabs forward and then backward round all the dialog's controls and past them: focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusInsideOpenDialog(page)).toBe(true)
  const controls = await dialog
    .locator('a[href], button, input:not([type=hidden]), select, textarea, [tabindex="0"]')
    .count()
  expect(controls, 'the dialog has controls to tab through').toBeGreaterThan(0)
  for (const key of [...Array<string>(controls + 2).fill('Tab'), ...Array<string>(controls + 2).fill('Shift+Tab')]) {
    await page.keyboard.press(key)
    expect(await focusInsideOpenDialog(page), `focus left the dialog after ${key}`).toBe(true)
  }
}

/** The focused element draws a visible ring (an outline or a box shadow) under keyboard focus. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused()
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    }
  })
  expect(ring.focusVisible, 'matches :focus-visible').toBe(true)
  expect(ring.outline || ring.shadow, 'an outline or a box shadow shows focus').toBe(true)
}

test('the member sheet on /roster traps focus, passes axe, and gives focus back to the member link on Escape', async ({
  page,
}) => {
  await page.goto('/roster')
  await settle(page)
  const opener = page.getByTestId('roster-row').first().getByRole('link')
  const name = (await opener.textContent())!.trim()
  await opener.focus()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name })
  await expectFocusTrapped(page, sheet)
  await expect(sheet.getByRole('heading', { level: 2, name })).toBeVisible()
  await expectNoAxeViolations(page, 'the member sheet on /roster')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(opener).toBeFocused()
  await expectFocusRing(opener)
})

test('on a phone the ORBAT waitlist sheet traps focus, passes axe, and gives focus back on Escape', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('novak', '/orbat')
  await settle(page)
  const opener = page.getByTestId('waitlist-button')
  await opener.focus()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Waitlist' })
  await expectFocusTrapped(page, sheet)
  await expectNoAxeViolations(page, 'the waitlist sheet on /orbat @390px')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a URL dialog (Add Member) traps focus, passes axe, and gives focus back to its link on Escape', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/roster/members')
  await settle(page)
  const opener = page.getByRole('link', { name: 'Add Member', exact: true })
  await opener.focus()
  await expectFocusRing(opener)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add Member' })
  await expectFocusTrapped(page, dialog)
  await expectNoAxeViolations(page, 'the Add Member dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/roster\/members$/)
  await expect(opener).toBeFocused()
})

test('the admin hub audit log sheet traps focus and gives focus back to its button on Escape', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin')
  await settle(page)
  const opener = page.getByRole('button', { name: 'View full log' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Audit Log' })
  await expectFocusTrapped(page, sheet)
  await expect(sheet.getByTestId('audit-log').getByRole('listitem').first()).toBeVisible()
  await expectNoAxeViolations(page, 'the audit log sheet')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(opener).toBeFocused()
  await expectFocusRing(opener)
})

test('keyboard focus is visible on the top bar links and the first control of a page', async ({ page }) => {
  await page.goto('/')
  await settle(page)
  await page.keyboard.press('Tab')
  await expectFocusRing(page.locator(':focus'))
  await page.keyboard.press('Tab')
  await expectFocusRing(page.getByRole('banner').getByRole('link', { name: 'ORBAT', exact: true }))
})
