import type { Browser, Page } from '@playwright/test'
import { ALLY_MESSAGES } from '#contracts/allies.ts'
import en from '#contracts/i18n/en.json' with { type: 'json' }
import pl from '#contracts/i18n/pl.json' with { type: 'json' }
import { axeViolationsAtEachWidth } from './a11y.ts'
import { expect, stubDiscordCdn, waitForHydration, type E2ESql } from './fixtures.ts'
import { acceptConfirm, submit, toast } from './page-kit.ts'

// The joint operations journey (docs/rules/joint-operations.md), shared by allies.spec.ts (JavaScript on, 390 px) and
// allies.nojs.spec.ts (off, 1440 px): from the admin hub to Allied units; Add allied unit refuses a bad release inline,
// then adds the unit; its invite link is read (and, with JavaScript, copied); a new Discord user from another community
// opens the link, logs in, comes back and joins as a guest, lands on the ORBAT and reads their standing on /account; the
// admin sees them among the unit's guests and removes them (confirmed); Rotate invite link makes the old link a 404;
// Edit makes the reservations never released; Delete (confirmed) removes the unit. axe checks each page state that
// tests/e2e/a11y.ts does not: the join button, the guest's /account, the list with a guest.

export interface Journey {
  js: boolean
}

type Urls = { baseURL: string; standInUrl: string }

/** What one run makes: unique per project, so the two runs never meet. */
function runOf(js: boolean) {
  const which = js ? 'js' : 'nojs'
  return {
    name: `E2E Allies ${which}`,
    tag: js ? 'E2EJ' : 'E2EN',
    guest: { id: `88000000000000000${js ? 1 : 2}`, username: `e2e_ally_${which}`, name: `Ally Guest ${which}` },
  }
}

/** Removes what a run made (also after a failure): its allied unit and its guest's user. */
export async function cleanUpAllies(db: E2ESql, js: boolean) {
  const run = runOf(js)
  await db`delete from allied_units where name = ${run.name}`
  await db`delete from users where discord_id = ${run.guest.id}`
}

/** A Discord user of another community on the stand-in: not in the unit's server, no roles, not on the roster. */
async function newDiscordUser(standInUrl: string, user: ReturnType<typeof runOf>['guest']) {
  const made = await fetch(`${standInUrl}/__control/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id: user.id,
      username: user.username,
      global_name: user.name,
      roles: [],
      inGuild: false,
      description: 'E2E allied guest',
    }),
  })
  expect(made.status).toBe(201)
}

async function expectClean(page: Page, where: string) {
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

/** Answers the app's confirm: with JavaScript its dialog, without it the page's confirm step. */
async function confirmed(page: Page, journey: Journey, click: () => Promise<void>, question: RegExp, yes: string) {
  if (journey.js) {
    const answered = acceptConfirm(page, question)
    await click()
    await answered
    return
  }
  await click()
  const step = page.getByRole('alertdialog')
  await expect(step).toContainText(question)
  await submit(page, step.getByRole('button', { name: yes, exact: true }))
}

export async function alliesJourney(page: Page, browser: Browser, urls: Urls, journey: Journey) {
  const run = runOf(journey.js)
  await newDiscordUser(urls.standInUrl, run.guest)

  // From the admin hub to Allied units; Add allied unit.
  await page.goto('/admin')
  await page.getByRole('link', { name: /^Allied units/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Allied units' })).toBeVisible()
  await page.getByRole('link', { name: 'Add allied unit', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add allied unit' })
  await dialog.getByLabel('Name').fill(run.name)
  await dialog.getByLabel('Tag').fill(run.tag)
  await dialog.getByLabel('Release hours before the operation').fill('soon')
  await dialog.getByRole('button', { name: 'Add allied unit', exact: true }).click()
  await expect(dialog.getByText(/^The release must be a whole number of hours/)).toBeVisible()
  await dialog.getByLabel('Release hours before the operation').fill('24')
  await dialog.getByLabel('Invite link life in days').fill('7')
  await dialog.getByRole('button', { name: 'Add allied unit', exact: true }).click()
  await expect(toast(page, ALLY_MESSAGES.created)).toBeVisible()
  const card = page.getByTestId('allied-unit').filter({ has: page.getByRole('heading', { name: run.name }) })
  await expect(card.getByTestId('ally-tag')).toHaveText(run.tag)
  await expect(card.getByTestId('ally-release')).toHaveText('Released 24 h before the operation')
  await expect(card.getByTestId('ally-guest-count')).toHaveText('0 guests')
  await expect(card.getByTestId('ally-expiry')).toContainText('The link works until')

  // The invite link: readable text, and with JavaScript a Copy button that copies exactly it.
  const linkField = card.getByRole('textbox', { name: `Invite link of ${run.name}` })
  const link = await linkField.inputValue()
  expect(link).toMatch(/\/allies\/join\/[A-Za-z0-9_-]{24}$/)
  if (journey.js) {
    await page.evaluate(() => {
      const copied = window as { copiedText?: string }
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void (copied.copiedText = text) },
      })
    })
    await card.getByRole('button', { name: `Copy Invite link of ${run.name}` }).click()
    await expect(toast(page, 'Copied.')).toBeVisible()
    expect(await page.evaluate(() => (window as { copiedText?: string }).copiedText)).toBe(link)
  }
  const invitePath = new URL(link).pathname

  // A player of the allied unit opens the link in their own browser, logs in, and joins. Without JavaScript theirs
  // asks for Polish (another community, another language): the invite page, its answer and their account say it so.
  const texts = journey.js ? en : pl
  const context = await browser.newContext({
    ...(journey.js ? {} : { locale: 'pl-PL' }),
    javaScriptEnabled: journey.js,
    viewport: page.viewportSize()!,
    serviceWorkers: 'block',
    baseURL: urls.baseURL,
  })
  await stubDiscordCdn(context)
  const guest = await context.newPage()
  try {
    await guest.goto(invitePath)
    await expect(guest.getByRole('heading', { level: 1 })).toContainText(run.name)
    await expect(guest.getByTestId('ally-tag')).toHaveText(run.tag)
    // (Its axe check signed out is tests/e2e/a11y.ts's, as is the admin's list without guests.)
    await expect(guest.getByText(texts.allyJoin.invitation)).toBeVisible()
    await guest.getByRole('link', { name: texts.allyJoin.login }).click()
    await guest.waitForURL(
      (url) => url.origin === new URL(urls.standInUrl).origin && url.pathname === '/oauth2/authorize',
    )
    await guest.getByRole('button', { name: new RegExp(`@${run.guest.username}\\b`) }).click()
    await guest.waitForURL((url) => url.pathname === invitePath)
    if (journey.js) await waitForHydration(guest)
    const join = guest.getByRole('button', { name: texts.allyJoin.join.replace('{unit}', run.name) })
    await expect(join).toBeVisible()
    await expectClean(guest, `${invitePath} signed in`)
    await join.click()
    await guest.waitForURL((url) => url.pathname === '/orbat')
    await expect(toast(guest, texts.allyJoin.messages.joined.replaceAll('{unit}', run.name))).toBeVisible()

    // Their account says whose guest they are.
    await guest.goto('/account')
    const heading = texts.account.guest.title.replace('{name}', run.name).replace('{tag}', run.tag)
    await expect(guest.getByRole('heading', { name: heading })).toBeVisible()
    await expect(guest.getByTestId('guest-standing')).toContainText(
      texts.account.guest.standing.replaceAll('{name}', run.name).replaceAll('{tag}', run.tag),
    )
    await expectClean(guest, '/account as a guest')
  } finally {
    await context.close()
  }

  // The admin finds them among the unit's guests, and removes them.
  await page.goto('/admin/allied-units')
  await card.getByRole('link', { name: `${run.name}’s guests` }).click()
  const guests = page.getByTestId('ally-guests')
  await expect(guests.getByRole('heading', { name: `${run.name}’s guests` })).toBeVisible()
  const row = guests.getByTestId('ally-guest').filter({ hasText: run.guest.name })
  await expect(row.getByTestId('guest-slot')).toHaveText('No slot')
  await expect(card.getByTestId('ally-guest-count')).toHaveText('1 guest')
  await expectClean(page, '/admin/allied-units with a guest')
  await confirmed(
    page,
    journey,
    () => row.getByRole('button', { name: `Remove guest ${run.guest.name}` }).click(),
    new RegExp(`^Remove ${run.guest.name} as a guest of `),
    'Remove guest',
  )
  await expect(toast(page, ALLY_MESSAGES.guestRemoved)).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(card.getByTestId('ally-guest-count')).toHaveText('0 guests')

  // Rotate invite link: a new link; the old one is a 404.
  await card.getByRole('link', { name: `Rotate the invite link of ${run.name}` }).click()
  const rotate = page.getByRole('dialog', { name: 'Rotate invite link' })
  await expect(rotate.getByTestId('rotate-question')).toContainText('The old link stops working at once')
  await rotate.getByRole('button', { name: 'Rotate invite link', exact: true }).click()
  await expect(toast(page, ALLY_MESSAGES.rotated)).toBeVisible()
  await expect(linkField).not.toHaveValue(link)
  await expect(card.getByTestId('ally-expiry')).toHaveText('The link has no end.')
  expect((await page.request.get(invitePath)).status()).toBe(404)

  // Edit: never released.
  await card.getByRole('link', { name: `Edit ${run.name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit allied unit' })
  await expect(edit.getByLabel('Release hours before the operation')).toHaveValue('24')
  await edit.getByLabel('Release hours before the operation').fill('')
  await edit.getByRole('button', { name: 'Save Changes', exact: true }).click()
  await expect(toast(page, ALLY_MESSAGES.saved)).toBeVisible()
  await expect(card.getByTestId('ally-release')).toHaveText('Never released')

  // Delete, confirmed.
  await confirmed(
    page,
    journey,
    () => card.getByRole('button', { name: `Delete ${run.name}` }).click(),
    new RegExp(`^Delete ${run.name} \\[`),
    'Delete',
  )
  await expect(toast(page, ALLY_MESSAGES.deleted)).toBeVisible()
  await expect(card).toHaveCount(0)
}
