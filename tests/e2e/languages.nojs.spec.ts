import en from '#contracts/i18n/en.json' with { type: 'json' }
import fr from '#contracts/i18n/fr.json' with { type: 'json' }
import type { Page } from '@playwright/test'
import { signIn } from './a11y.ts'
import { expect, test, topBar, type DemoUsername } from './fixtures.ts'
import { listSlot, PHONE } from './orbat-list.ts'
import { submit, toast } from './page-kit.ts'

// A person's own language without JavaScript (docs/rules/languages.md): the account page's form posts, and the redirect
// back answers the page in the language just saved, with the flash toast in it, and the roster, a member's profile, the join page and the tests follow it. (With
// JavaScript: languages.spec.ts.)

// Nobody else signs in as this newcomer (fixtures.ts); the language is cleared afterwards even if the test failed.
const person: DemoUsername = 'dasilva'
test.afterEach(async ({ db }) => {
  await db`update users set language = null where username = ${person}`
})

test('on a desktop, saving Français answers the account page and the roster in French; following the browser again answers it in English', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login(person, '/account')

  const english = page.getByRole('form', { name: en.account.language.title })
  await english.getByLabel(en.account.language.label).selectOption({ label: 'Français' })
  expect(
    await submit(page, english.getByRole('button', { name: en.account.language.save, exact: true })),
    'the post redirects back',
  ).toBe(302)
  await expect(page).toHaveURL('/account')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.account.title)
  await expect(toast(page, fr.account.language.saved)).toBeVisible()
  await expect(topBar(page).getByRole('button', { name: fr.shell.logout, exact: true })).toBeVisible()
  const french = page.getByRole('form', { name: fr.account.language.title })
  await expect(french.getByLabel(fr.account.language.label)).toHaveValue('fr')

  // The roster answers in French too: its GET search form, its table and the pager's Apply (no JavaScript to apply a
  // new size by itself).
  await page.goto('/roster?type=rank')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.roster.title)
  const search = page.getByRole('search', { name: fr.roster.search.label })
  await expect(search.getByRole('searchbox')).toHaveAttribute('placeholder', fr.roster.search.byRank)
  await expect(search.getByLabel(fr.roster.search.searchBy)).toHaveValue('rank')
  await expect(page.getByRole('columnheader', { name: fr.roster.table.eventScore })).toBeVisible()
  await expect(page.getByRole('button', { name: fr.kit.pager.apply, exact: true })).toBeVisible()
  // A member's profile: its headings, its tabs (links without JavaScript) and its timeline's kinds.
  await page.getByRole('link', { name: 'Reyes', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: fr.member.profile.attendance })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: fr.member.profile.serviceRecord })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`^${fr.member.details.events}`) })).toBeVisible()
  await expect(page.getByRole('link', { name: fr.member.profile.back })).toHaveAttribute('href', '/roster')
  // The join page (this newcomer is not on the roster): the form in French, and an empty one refused in French.
  await page.goto('/join')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.join.title)
  const application = page.getByRole('form', { name: fr.join.applicationLabel })
  expect(await submit(page, application.getByRole('button', { name: fr.join.send })), 'refused').toBe(400)
  await expect(
    page.getByText(fr.join.messages.answerMissing.replace('{label}', 'How old are you?'), { exact: true }),
  ).toBeVisible()
  // The tests: each card's facts and the button the member's standing allows, in French.
  await page.goto('/tests')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.tests.heading)
  const card = page.getByTestId('test-card').first()
  await expect(card.getByText(fr.tests.facts.requiredScore)).toBeVisible()
  const { takeNamed: _take, reviewNamed: _review, ...buttons } = fr.tests.actions
  const oneOf = Object.values(buttons).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  await expect(card.getByRole('button').or(card.getByRole('link'))).toHaveText(new RegExp(`^(${oneOf.join('|')})$`))
  await page.goto('/account')

  // The browser asks for English (Playwright's default locale, en-US).
  const followBrowser = fr.account.language.followBrowser.replace('{language}', 'English')
  await french.getByLabel(fr.account.language.label).selectOption({ label: followBrowser })
  expect(
    await submit(page, french.getByRole('button', { name: fr.account.language.save, exact: true })),
    'the post redirects back',
  ).toBe(302)
  await expect(page).toHaveURL('/account')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.account.title)
  await expect(toast(page, en.account.language.saved)).toBeVisible()
  await expect(topBar(page).getByRole('button', { name: en.shell.logout, exact: true })).toBeVisible()
  await expect(english.getByLabel(en.account.language.label)).toHaveValue('')
})

test('without JavaScript a member whose browser asks for French takes a slot and leaves it through the confirm step, answered in French', async ({
  browser,
  baseURL,
  serverInfo,
  orbatLock,
}) => {
  void orbatLock
  const context = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false, viewport: PHONE })
  try {
    const page = await context.newPage()
    await signIn(page, browser, 'reyes', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    await page.goto('/orbat?squad=' + (await squadId(page, 'Alpha')))
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    const row = listSlot(page, 'Alpha', 'Alpha HQ', 'Medic')
    await expect(row).toContainText(fr.kit.orbat.open)
    expect(await submit(page, row.getByRole('button', { name: 'S’inscrire comme Medic dans Alpha' }))).toBe(302)
    await expect(toast(page, fr.orbatAnswers.signedUp)).toBeVisible()
    const mine = page.getByRole('region', { name: fr.orbat.list.yourSlot })
    await expect(mine).toContainText(`${fr.orbat.list.yourSlotLead} Medic`)

    // Leave posts unconfirmed: the page asks in French, with the slot named in French words.
    await submit(page, mine.getByRole('button', { name: 'Quitter Medic dans Alpha' }))
    const confirm = page.getByRole('alertdialog', { name: fr.orbat.leaveConfirm })
    await expect(confirm).toContainText('Medic dans Alpha')
    expect(await submit(page, confirm.getByRole('button', { name: fr.orbat.leave, exact: true }))).toBe(302)
    await expect(toast(page, fr.orbatAnswers.leftSlot)).toBeVisible()
    await expect(row).toContainText(fr.kit.orbat.open)
    // The waitlist panel (a page of its own without JavaScript) in French.
    await page.goto('/orbat?sheet=waitlist')
    const panel = page.getByRole('complementary', { name: fr.orbat.waitlist })
    await expect(panel.getByRole('button', { name: fr.orbat.waitlistPanel.join, exact: true })).toBeVisible()
    await expect(panel.getByRole('link', { name: fr.orbat.close })).toHaveAttribute('href', '/orbat')
  } finally {
    await context.close()
  }
})

/** A squad's id, read from the list's squad filter. */
async function squadId(page: Page, name: string): Promise<string> {
  await page.goto('/orbat')
  return page.locator('#orbat-squad-filter option', { hasText: name }).first().getAttribute('value') as Promise<string>
}
