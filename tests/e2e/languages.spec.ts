import type { Page } from '@playwright/test'
import cs from '#contracts/i18n/cs.json' with { type: 'json' }
import de from '#contracts/i18n/de.json' with { type: 'json' }
import en from '#contracts/i18n/en.json' with { type: 'json' }
import es from '#contracts/i18n/es.json' with { type: 'json' }
import fr from '#contracts/i18n/fr.json' with { type: 'json' }
import pl from '#contracts/i18n/pl.json' with { type: 'json' }
import ru from '#contracts/i18n/ru.json' with { type: 'json' }
import type { LanguageCode } from '#contracts/languages.ts'
import { CHECKED_PAGES, checkPage, expectNoAxeViolations, signIn, WIDTHS } from './a11y.ts'
import {
  expect,
  expectNoConsoleProblems,
  stubDiscordCdn,
  test,
  topBar,
  waitForHydration,
  watchConsole,
  type DemoUsername,
} from './fixtures.ts'
import { listSlot, orbatList, yourSlot } from './orbat-list.ts'
import { clippedInTopBar, toast } from './page-kit.ts'

// Languages (docs/rules/languages.md), with JavaScript: a person's own choice saved on /account turns the whole page,
// top bar included, into that language without a reload; a visitor's browser language decides the hub, the roster and
// the error screen, which axe finds clean in every language at both widths; the pseudo-language (about 40% longer than
// English) fits a phone. The texts come from the catalogs. Without JavaScript: languages.nojs.spec.ts.

/** The catalogs' screens these tests read (other namespaces may be under way in English first). */
type Texts = Pick<
  typeof en,
  | 'manifest'
  | 'shell'
  | 'home'
  | 'account'
  | 'roster'
  | 'kit'
  | 'orbat'
  | 'orbatRefusals'
  | 'orbatAnswers'
  | 'adminHub'
  | 'adminSettings'
>
const TEXTS = { en, de, fr, pl, ru, cs, es } satisfies Record<LanguageCode, Texts>

/** The locale a visitor's browser is set to, which it asks for in Accept-Language. */
/** A browser locale per language but English (tests/e2e/a11y.spec.ts checks the English hub and error screen). */
const BROWSER_LOCALES = {
  de: 'de-DE',
  fr: 'fr-FR',
  pl: 'pl-PL',
  ru: 'ru-RU',
  cs: 'cs-CZ',
  es: 'es-ES',
} satisfies Record<Exclude<LanguageCode, 'en'>, string>

const PHONE = { width: 390, height: 844 } as const

/** A text of the pseudo-language: no letter left plain, and the padding that makes it some 40% longer. */
const PSEUDO = /^[^A-Za-z]*·+$/

/** The signed-out top bar's links, in order, in a catalog's words. */
const signedOutLinks = (texts: Texts) => [
  texts.shell.nav.orbat,
  texts.shell.nav.tests,
  texts.shell.nav.library,
  texts.shell.nav.admin,
  texts.shell.nav.join,
]

/** The account page's "follow my browser" option, for a browser that asks for English. */
const followEnglishBrowser = (texts: Texts) => texts.account.language.followBrowser.replace('{language}', 'English')

const html = (page: Page) => page.locator('html')
const h1 = (page: Page) => page.getByRole('heading', { level: 1 })

test.describe("a person's own language", () => {
  // Nobody else signs in as this newcomer (fixtures.ts); the language is cleared afterwards even if the test failed.
  const person: DemoUsername = 'quinn.r'
  test.afterEach(async ({ db }) => {
    await db`update users set language = null where username = ${person}`
  })

  test('on a phone, saving Deutsch turns the page and the top bar German without a reload; following the browser again turns them English', async ({
    page,
    login,
  }) => {
    await page.setViewportSize(PHONE)
    await login(person, '/account')
    await page.evaluate(() => ((window as { __marker?: number }).__marker = 1))

    const section = page.getByRole('form', { name: en.account.language.title })
    await section.getByLabel(en.account.language.label).selectOption({ label: 'Deutsch' })
    await section.getByRole('button', { name: en.account.language.save, exact: true }).click()
    await expect(toast(page, de.account.language.saved)).toBeVisible()
    await expect(html(page)).toHaveAttribute('lang', 'de')
    await expect(h1(page)).toHaveText(de.account.title)
    await expect(page).toHaveTitle(de.account.pageTitle)
    // At a phone's width Logout is an icon: its name is the translated word.
    await expect(topBar(page).getByRole('button', { name: de.shell.logout, exact: true })).toBeVisible()
    await expect(topBar(page).getByRole('link', { name: de.shell.yourAccount, exact: true })).toBeVisible()
    const german = page.getByRole('form', { name: de.account.language.title })
    await expect(german.getByLabel(de.account.language.label)).toHaveValue('de')
    await expect(page.getByRole('region', { name: de.account.data.title })).toBeVisible()
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker), 'no full page load').toBe(1)

    // The hub (a client-side navigation brings its texts with its data) speaks German too.
    await topBar(page).getByRole('link', { name: de.shell.brand }).click()
    await expect(h1(page)).toHaveText(de.home.title)
    await expect(page.getByRole('main').getByRole('heading', { name: de.home.cards.orbat.title })).toBeVisible()

    await topBar(page).getByRole('link', { name: de.shell.yourAccount, exact: true }).click()
    await expect(h1(page)).toHaveText(de.account.title)
    await german.getByLabel(de.account.language.label).selectOption({ label: followEnglishBrowser(de) })
    await german.getByRole('button', { name: de.account.language.save, exact: true }).click()
    await expect(toast(page, en.account.language.saved)).toBeVisible()
    await expect(html(page)).toHaveAttribute('lang', 'en')
    await expect(h1(page)).toHaveText(en.account.title)
    await expect(topBar(page).getByRole('button', { name: en.shell.logout, exact: true })).toBeVisible()
    await expect(section.getByLabel(en.account.language.label)).toHaveValue('')
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker), 'no full page load').toBe(1)
  })
})

// The hub, the roster and the error screen in each language, for a visitor whose browser asks for it: a test and a
// browser context per language, whose locale sets its Accept-Language. Each page is loaded once, checked at 1440 px,
// then resized to 390 px and checked again (none reads the width as it starts).
const hub = CHECKED_PAGES.find((checked) => checked.name === 'hub')!
const notFound = CHECKED_PAGES.find((checked) => checked.name === 'not found')!
const roster = CHECKED_PAGES.find((checked) => checked.name === 'roster')!

/** At a phone's width (the page loaded): nothing scrolls sideways and nothing in the top bar is cut off. */
async function expectFitsThePhone(page: Page, where: string) {
  expect.soft(await clippedInTopBar(page), `cut off in the top bar of ${where}`).toEqual([])
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }))
  expect.soft(widths.page, `${where} does not scroll sideways`).toBeLessThanOrEqual(widths.window)
}

for (const [code, locale] of Object.entries(BROWSER_LOCALES) as [Exclude<LanguageCode, 'en'>, string][]) {
  test(`a visitor whose browser asks for ${locale} sees the hub, the roster and the error screen in it; axe finds nothing on them at 1440 and 390 px, and the top bar fits the phone`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const texts = TEXTS[code]
    const found: string[] = []
    const context = await browser.newContext({ locale })
    try {
      const page = await context.newPage()
      const watch = watchConsole(page, [])
      const check = async (path: string, checked: typeof hub) =>
        found.push(
          ...(await checkPage(page, path, baseURL!, checked, WIDTHS, {
            label: `(${locale})`,
            settle: waitForHydration,
            clean: new Set(),
          })),
        )

      await check('/', hub)
      // Now at 390 px, where Tests leaves the signed-out bar to Join (app/components/top-bar.tsx).
      await expect.soft(html(page)).toHaveAttribute('lang', code)
      await expect.soft(h1(page)).toHaveText(texts.home.title)
      const nav = topBar(page).getByRole('navigation', { name: texts.shell.nav.label })
      await expect
        .soft(nav.getByRole('link'))
        .toHaveText(signedOutLinks(texts).filter((link) => link !== texts.shell.nav.tests))
      await expect.soft(topBar(page).getByRole('link', { name: texts.shell.login, exact: true })).toBeVisible()
      await expectFitsThePhone(page, `the hub (${locale})`)
      // The installed app's manifest says what it is in the language too.
      const manifestHref = `/manifest.${code}.webmanifest`
      await expect.soft(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestHref)
      const manifest = (await (await page.request.get(manifestHref)).json()) as { lang: string; description: string }
      expect.soft(manifest).toMatchObject({ lang: code, description: texts.manifest.description })
      await page.setViewportSize(WIDTHS[0])
      await expect.soft(nav.getByRole('link'), '@1440px').toHaveText(signedOutLinks(texts))

      // The roster: its search, its table's headings and its pager in the language; a join date as it writes a day.
      await check('/roster', roster)
      await expect.soft(h1(page)).toHaveText(texts.roster.title)
      await expect.soft(page.getByRole('search', { name: texts.roster.search.label })).toBeVisible()
      await expect.soft(page.getByRole('columnheader', { name: texts.roster.table.joinDate })).toBeVisible()
      await expect.soft(page.getByRole('navigation', { name: texts.kit.pager.label })).toBeVisible()
      await expectFitsThePhone(page, `the roster (${locale})`)

      await check('/no-such-page', notFound)
      await expect.soft(html(page)).toHaveAttribute('lang', code)
      await expect.soft(h1(page)).toHaveText(texts.shell.error.title)
      await expect.soft(page.getByTestId('error-status')).toHaveText(texts.shell.error.notFound)
      await expect
        .soft(page.getByRole('main').getByRole('link', { name: texts.shell.error.backHome }))
        .toHaveAttribute('href', '/')
      expect.soft(found, `axe violations:\n\n${found.join('\n\n')}\n`).toEqual([])
      await expectNoConsoleProblems(watch.stop(), testInfo)
    } finally {
      await context.close()
    }
  })
}

test('a member whose browser asks for German takes a slot on the phone ORBAT in German: the list, its badges, the toasts, the leave question and the waitlist sheet; axe finds nothing at 390 and 1440 px', async ({
  browser,
  db,
  baseURL,
  serverInfo,
  orbatLock,
}, testInfo) => {
  void orbatLock
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE })
  try {
    await stubDiscordCdn(context)
    const page = await context.newPage()
    const watch = watchConsole(page, [])
    await signIn(page, browser, 'reyes', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    await page.goto('/orbat')
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
    await expect(html(page)).toHaveAttribute('lang', 'de')
    await expect(page).toHaveTitle(de.orbat.pageTitle)
    await expect(page.getByRole('button', { name: de.orbat.view.list, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const [waiting] = await db<{ count: number }[]>`select count(*)::int as count from waitlist_entries`
    await expect(page.getByTestId('waitlist-button')).toHaveText(
      de.orbat.waitlistButton.replace('{count}', String(waiting!.count)),
    )

    // An open, role-locked slot in German; the unit's own words (the role, the lock's name) as the unit wrote them.
    await orbatList(page).getByLabel(de.orbat.list.squad, { exact: true }).selectOption({ label: 'Alpha' })
    const row = listSlot(page, 'Alpha', 'Alpha HQ', 'Medic')
    await expect(row).toContainText(de.kit.orbat.open)
    await expect(row).toContainText(de.kit.orbat.requires.replace('{lock}', 'Combat Medic'))
    await expectNoAxeViolations(page, 'the German ORBAT list @390px')
    await row.getByRole('button', { name: 'Für Medic in Alpha anmelden', exact: true }).click()
    await expect(toast(page, de.orbatAnswers.signedUp)).toBeVisible()
    const mine = page.getByRole('region', { name: de.orbat.list.yourSlot })
    await expect(mine).toContainText(`${de.orbat.list.yourSlotLead} Medic`)
    await expect(yourSlot(page)).toHaveCount(0)

    // Leaving asks first, in German, with German buttons.
    await mine.getByRole('button', { name: 'Medic in Alpha verlassen', exact: true }).click()
    const question = page.getByTestId('confirm-dialog')
    await expect(question.locator('p').first()).toHaveText(de.orbat.leaveConfirm)
    await question.getByRole('button', { name: de.orbat.confirm, exact: true }).click()
    await expect(toast(page, de.orbatAnswers.leftSlot)).toBeVisible()
    await expect(row).toContainText(de.kit.orbat.open)

    // The waitlist sheet: its form and its list in German.
    await page.getByTestId('waitlist-button').click()
    const sheet = page.getByRole('dialog', { name: de.orbat.waitlist })
    await expect(sheet.getByLabel(de.orbat.waitlistPanel.preference)).toBeVisible()
    await expect(sheet.getByRole('button', { name: de.orbat.waitlistPanel.join, exact: true })).toBeVisible()
    await expectNoAxeViolations(page, 'the German waitlist sheet @390px')
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expectFitsThePhone(page, 'the German ORBAT')

    // At 1440 px the diagram, its pax counter and its badges in German.
    await page.setViewportSize(WIDTHS[0])
    await page.getByRole('button', { name: de.orbat.view.diagram, exact: true }).click()
    await expect(page.getByRole('application', { name: de.orbat.diagram.label })).toBeVisible()
    await expect(page.getByRole('region', { name: de.kit.orbat.paxCounter })).toContainText(de.kit.orbat.openOfTotal)
    await expectNoAxeViolations(page, 'the German ORBAT diagram @1440px')
    await expectNoConsoleProblems(watch.stop(), testInfo)
  } finally {
    await context.close()
  }
})

test("an admin whose browser asks for German reads the Leave tab and the recruitment pipeline in German at 390 px (an application's details too); axe finds nothing", async ({
  browser,
  baseURL,
  serverInfo,
}, testInfo) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE })
  try {
    await stubDiscordCdn(context)
    const page = await context.newPage()
    const watch = watchConsole(page, [])
    await signIn(page, browser, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })

    // The Leave tab: its filter, its rows' phases (the member page's words) and the time zone's line in German.
    await page.goto('/admin/roster/leave?status=all')
    await waitForHydration(page)
    await expect(html(page)).toHaveAttribute('lang', 'de')
    await expect(page).toHaveTitle(de.adminLeave.title)
    const filter = page.getByRole('navigation', { name: de.adminLeave.filters.label })
    await expect(filter.getByRole('link', { name: new RegExp(`^${de.adminLeave.filters.pending}`) })).toBeVisible()
    await expect(filter.getByRole('link', { name: de.adminLeave.filters.all, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByText(/^Die Tage gelten in der Zeitzone der Einheit/)).toBeVisible()
    const phases = Object.values(de.account.leave.phase)
    for (const phase of await page.getByTestId('leave-phase').allTextContents()) expect.soft(phases).toContain(phase)
    await expect(page.getByRole('link', { name: de.adminLeave.download })).toBeVisible()
    await expectNoAxeViolations(page, 'the German Leave tab @390px')
    await expectFitsThePhone(page, 'the German Leave tab')

    // The pipeline: the page, its tabs, the status groups and a card in German; an application's details open.
    await page.goto('/admin/recruitment')
    await waitForHydration(page)
    await expect(page).toHaveTitle(de.adminRecruitment.pageTitle)
    await expect(h1(page)).toHaveText(de.adminRecruitment.title)
    await expect(page.getByRole('link', { name: de.adminRecruitment.tabs.form, exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: de.applications.status.accepted, exact: true })).toBeVisible()
    const card = page.getByTestId('application-card').first()
    await expect(card).toContainText('Discord-Konto')
    await expectNoAxeViolations(page, 'the German pipeline @390px')
    await expectFitsThePhone(page, 'the German pipeline')
    await card.getByRole('link').click()
    const detail = page.getByRole('dialog', { name: /^Bewerbung: / })
    await expect(detail.getByRole('heading', { name: de.adminRecruitment.detail.answers })).toBeVisible()
    await expect(detail.getByLabel(de.adminRecruitment.assign.label)).toBeVisible()
    await expect(detail.getByRole('button', { name: de.adminRecruitment.comments.submit })).toBeVisible()
    await expect(detail.getByRole('link', { name: de.adminRecruitment.detail.close })).toBeVisible()
    await expectNoAxeViolations(page, "the German application's details @390px")
    await expectNoConsoleProblems(watch.stop(), testInfo)
  } finally {
    await context.close()
  }
})

test('an admin whose browser asks for German reads the admin hub and Admin Settings > General in German on a phone; axe finds nothing at 390 px', async ({
  browser,
  baseURL,
  serverInfo,
}, testInfo) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE, timezoneId: 'Europe/Berlin' })
  try {
    await stubDiscordCdn(context)
    const page = await context.newPage()
    const watch = watchConsole(page, [])
    await signIn(page, browser, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })

    // The hub: its cards, the activity lists and the audit log's download form; the entries are the log's own words.
    await page.goto('/admin')
    await waitForHydration(page)
    await expect(html(page)).toHaveAttribute('lang', 'de')
    await expect(page).toHaveTitle(de.adminHub.pageTitle)
    await expect(h1(page)).toHaveText(de.adminHub.title)
    await expect(page.getByRole('link', { name: new RegExp(de.adminHub.cards.settings.title) })).toBeVisible()
    await expect(page.getByRole('heading', { name: de.adminHub.activity.title })).toBeVisible()
    await expect(page.getByRole('region', { name: de.adminHub.activity.user })).toBeVisible()
    await expect(page.getByRole('button', { name: de.adminHub.download.submit })).toBeVisible()
    await expectNoAxeViolations(page, 'the German admin hub @390px')
    await expectFitsThePhone(page, 'the German admin hub')

    // Admin Settings > General: the tabs, the time lock, the unit's zone, language and leave, in German.
    await page.goto('/admin/settings/general')
    await waitForHydration(page)
    await expect(page).toHaveTitle(de.adminSettings.pageTitles.general)
    await expect(h1(page)).toHaveText(de.adminSettings.title)
    const tabs = page.getByRole('navigation', { name: de.adminSettings.title }).getByRole('link')
    await expect(tabs).toHaveText(Object.values(de.adminSettings.tabs))
    await expect(page.getByRole('region', { name: de.adminSettings.general.timeLock.title })).toContainText(
      de.adminSettings.general.timeLock.descriptionViewer.replace('{zone}', 'Europe/Berlin'),
    )
    await expect(page.getByLabel(de.adminSettings.general.timeLock.month)).toContainText('Januar')
    await expect(page.getByRole('button', { name: de.adminSettings.general.timeLock.set })).toBeVisible()
    await expect(page.getByRole('form', { name: de.adminSettings.general.timeZone.title })).toBeVisible()
    await expect(page.getByRole('button', { name: de.adminSettings.general.language.save })).toBeVisible()
    await expect(page.getByRole('button', { name: de.adminSettings.general.leave.save })).toBeVisible()
    await expectNoAxeViolations(page, 'Admin Settings > General in German @390px')
    await expectFitsThePhone(page, 'Admin Settings > General in German')
    await expectNoConsoleProblems(watch.stop(), testInfo)
  } finally {
    await context.close()
  }
})

test('the pseudo-language on a phone, signed in: the hub, the account page, the ORBAT, the roster, a member, the tests, the join page and the error screen fit (nothing scrolls sideways, nothing in the top bar is cut off)', async ({
  browser,
  db,
  baseURL,
  serverInfo,
}, testInfo) => {
  // Chromium asks for a locale it does not know as it is: Accept-Language: qps-ploc. The member signs in through a
  // context of the test's own locale (the login checks the English top bar); the session cookie is copied over.
  const context = await browser.newContext({ locale: 'qps-ploc', viewport: PHONE })
  try {
    await stubDiscordCdn(context)
    const page = await context.newPage()
    const watch = watchConsole(page, [])
    await signIn(page, browser, 'reyes', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    const [reyes] = await db<{ id: number }[]>`select id from members where ingame_name = 'Reyes'`
    for (const path of [
      '/',
      '/account',
      '/orbat',
      '/roster',
      `/roster/${reyes!.id}`,
      '/tests',
      '/join',
      '/no-such-page',
    ]) {
      await page.goto(path)
      await waitForHydration(page)
      await expect.soft(html(page), path).toHaveAttribute('lang', 'qps-ploc')
      // Every letter accented (a text left in English would show plain letters), then the padding: the heading, the
      // member's four links and Logout.
      // (A member's page is headed by their name: its section headings then.)
      const heading = path.startsWith('/roster/') ? page.getByRole('heading', { level: 2 }).first() : h1(page)
      await expect.soft(heading, path).toHaveText(PSEUDO)
      await expect.soft(topBar(page).getByRole('navigation').getByRole('link'), path).toHaveText(Array(4).fill(PSEUDO))
      await expect.soft(topBar(page).getByRole('button', { name: PSEUDO }), path).toBeVisible()
      await expectFitsThePhone(page, path)
    }
    await expectNoConsoleProblems(watch.stop(), testInfo)
  } finally {
    await context.close()
  }
})
