import type { Page } from '@playwright/test'
import { expect, stubDiscordCdn, test, type E2ESql } from './fixtures.ts'

// The public personnel pages with JavaScript: the roster's live search, filters and paging in the URL, the member sheet
// (tabs, ORBAT image modal), training sign-up and leave through a fetcher with toasts, and the library's live search.
// Rows these tests add carry the E2E Roster prefix and are removed again.

const PREFIX = 'E2E Roster JS'
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

function rows(page: Page) {
  return page.getByTestId('roster-row')
}

function summary(page: Page) {
  return page.getByTestId('roster-summary')
}

function toast(page: Page, message: string) {
  return page.getByRole('status').filter({ hasText: message })
}

async function activeMembers(db: E2ESql): Promise<number> {
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from members where not is_banned`
  return row!.n
}

test.describe('roster', () => {
  test('searches as you type (debounced, in the URL), filters by rank and qualification, and pages', async ({
    page,
    db,
  }) => {
    await page.goto('/roster')
    await expect(page.getByRole('heading', { level: 1, name: 'Company Roster' })).toBeVisible()
    // Other spec files add and remove members while this runs: the counts are read from the page, the paging checked.
    expect(await activeMembers(db)).toBeGreaterThan(30)
    await expect(summary(page)).toHaveText(/^Showing 1 to 30 of \d+ results$/)
    await expect(rows(page)).toHaveCount(30)
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Rank', 'Awards', 'Join Date', 'Event Score'])
    // Scores with 2 decimals.
    await expect(rows(page).filter({ hasText: 'Reyes' })).toContainText('24.50')

    // Paging: Next, then Previous; the page is in the URL.
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]page=2\b/)
    await expect(summary(page)).toHaveText(/^Showing 31 to (\d+) of \1 results$/)
    await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Previous' }).click()
    await expect(summary(page)).toHaveText(/^Showing 1 to 30 of \d+ results$/)

    // Page size.
    await page.getByRole('combobox', { name: 'Rows' }).selectOption('60')
    await expect(page).toHaveURL(/[?&]limit=60\b/)
    await expect(summary(page)).toHaveText(/^Showing 1 to (\d+) of \1 results$/)
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)

    // Typing updates the URL by itself (no Enter), replacing the history entry.
    const historyBefore = await page.evaluate(() => history.length)
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.pressSequentially('reye', { delay: 40 })
    await expect(page).toHaveURL(/[?&]term=reye\b/)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first()).toContainText('Reyes')
    await expect(summary(page)).toHaveText('Showing 1 to 1 of 1 results')
    expect(await page.evaluate(() => history.length)).toBe(historyBefore)
    await expect(search).toBeFocused()

    await search.fill('no such member here')
    await expect(page.getByRole('cell', { name: 'No members found' })).toBeVisible()
    await expect(summary(page)).toHaveText('Showing 0 to 0 of 0 results')

    // By rank.
    await search.fill('')
    await page.getByRole('combobox', { name: 'Search by' }).selectOption('rank')
    await expect(page).toHaveURL(/[?&]type=rank\b/)
    await search.fill('nco')
    await expect(page).toHaveURL(/[?&]term=nco\b/)
    const ncos = await db<{ n: number }[]>`select count(*)::int as n from members where rank = 'NCO' and not is_banned`
    await expect(rows(page)).toHaveCount(ncos[0]!.n)
    for (const badge of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(badge).toBe('NCO')

    // Qualification filter together with the rank search: NCO medics.
    await page.getByRole('combobox', { name: 'Qualification' }).selectOption({ label: 'Combat Medic' })
    await expect(page).toHaveURL(/[?&]qualification=\d+/)
    await expect(rows(page)).toHaveText([/Haddad/, /Reyes/])

    // The URL is the whole state: a reload shows the same filtered page.
    await page.reload()
    await expect(search).toHaveValue('nco')
    await expect(page.getByRole('combobox', { name: 'Search by' })).toHaveValue('rank')
    await expect(page.getByRole('combobox', { name: 'Qualification' }).locator('option:checked')).toHaveText(
      'Combat Medic',
    )
    await expect(page.getByRole('combobox', { name: 'Rows' })).toHaveValue('60')
    await expect(rows(page)).toHaveText([/Haddad/, /Reyes/])
  })

  test('a row opens the member sheet with Rank, Join Date, Total Event Score and the three tabs', async ({
    page,
    db,
  }) => {
    const eventName = `${PREFIX} Op ${Date.now()}`
    const imageUrl = 'https://images.example.test/orbat.png'
    await page.route('https://images.example.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
    )
    const [event] = await db<{ id: number }[]>`
      insert into events (name, date, orbat_image_url) values (${eventName}, now() - interval '1 day', ${imageUrl}) returning id`
    await db`insert into event_attendance (event_id, member_id) select ${event!.id}, id from members where ingame_name = 'Reyes'`
    try {
      await page.goto('/roster?term=Reyes')
      await rows(page).filter({ hasText: 'Reyes' }).getByRole('cell').nth(2).click()

      const sheet = page.getByRole('dialog', { name: 'Reyes' })
      await expect(sheet).toBeVisible()
      // The page did not navigate: the sheet is filled by a fetcher.
      await expect(page).toHaveURL(/\/roster\?term=Reyes$/)
      const details = sheet.getByTestId('member-details')
      await expect(details.getByText('Rank', { exact: true })).toBeVisible()
      await expect(details.getByText('Join Date', { exact: true })).toBeVisible()
      await expect(details.getByText('Total Event Score', { exact: true })).toBeVisible()
      await expect(details).toContainText('NCO')
      await expect(details).toContainText('24.50')

      const tabs = sheet.getByRole('tab')
      await expect(tabs).toHaveText([/Qualifications/, /Events/, /Trainings/])
      await expect(sheet.getByRole('tab', { name: /Qualifications/ })).toHaveAttribute('aria-selected', 'true')
      await expect(sheet.getByRole('tabpanel')).toContainText('Combat Medic')
      await expect(sheet.getByRole('tabpanel')).toContainText('Fireteam Leader')

      await sheet.getByRole('tab', { name: /Events/ }).click()
      await expect(sheet.getByRole('tabpanel')).toContainText('Operation Red Tide')
      await expect(sheet.getByRole('tabpanel')).toContainText(eventName)

      // An event with an ORBAT image opens it in a modal on top of the sheet.
      await sheet.getByRole('link', { name: `View ORBAT of ${eventName}` }).click()
      const imageDialog = page.getByRole('dialog', { name: `ORBAT of ${eventName}` })
      await expect(imageDialog).toBeVisible()
      await expect(imageDialog.getByRole('img', { name: `ORBAT of ${eventName}` })).toHaveAttribute('src', imageUrl)
      await imageDialog.getByRole('button', { name: 'Close image' }).click()
      await expect(imageDialog).toBeHidden()
      await expect(sheet).toBeVisible()

      await sheet.getByRole('tab', { name: /Trainings/ }).click()
      await expect(sheet.getByRole('tabpanel')).toContainText('No trainings attended yet.')

      // Another member replaces the content; Escape closes the sheet.
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()
      await page.goto('/roster?term=Quinn')
      await rows(page).first().getByRole('link', { name: 'Quinn' }).click()
      const quinn = page.getByRole('dialog', { name: 'Quinn' })
      await quinn.getByRole('tab', { name: /Trainings/ }).click()
      await expect(quinn.getByRole('tabpanel')).toContainText('Fireteam Leader Course')
    } finally {
      await db`delete from events where id = ${event!.id}`
    }
  })
})

test.describe('trainings', () => {
  test('signed out: the BMT and General sections, local times and Login to Sign Up', async ({ browser, baseURL }) => {
    // A reader in New York on a first visit: the server renders the unit's zone, the page switches to the reader's
    // own after hydration, without a warning.
    const context = await browser.newContext({
      serviceWorkers: 'block',
      baseURL,
      timezoneId: 'America/New_York',
      locale: 'en-US',
    })
    await stubDiscordCdn(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    try {
      await page.goto('/trainings')
      await expect(page.getByRole('heading', { level: 2, name: 'BMT Trainings' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'General Trainings' })).toBeVisible()
      const bmt = page.getByRole('article', { name: 'Basic Military Training: Session A' })
      await expect(bmt.getByText('BMT', { exact: true })).toBeVisible()
      const time = bmt.locator('time')
      await expect(time).toHaveAttribute('data-local', 'true')
      await expect(time).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M E[SD]T$/)
      await expect(bmt.getByTestId('signup-count')).toHaveText(/^\d+ signed up$/)
      const login = bmt.getByRole('link', { name: 'Login to Sign Up' })
      await expect(login).toHaveAttribute('href', '/auth/discord?returnTo=%2Ftrainings')
      await bmt.getByText('Details and attendees').click()
      await expect(bmt.getByRole('list', { name: /Attendees of/ })).toContainText('Lee')
      await expect(bmt).toContainText('Weapon handling, formations and radio basics.')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('a member signs up and leaves: toasts with the server message, then fresh data', async ({ page, login, db }) => {
    const name = `${PREFIX} Training ${Date.now()}`
    const [training] = await db<{ id: number }[]>`
      insert into trainings (name, description, date) values (${name}, 'Seeded by the roster e2e test.', now() + interval '3 days') returning id`
    try {
      await login('reyes', '/trainings')
      const row = page.getByRole('article', { name })
      await expect(row.getByTestId('signup-count')).toHaveText('0 signed up')
      await row.getByText('Details and attendees').click()
      await expect(row).toContainText('No one has signed up yet.')

      const scrollBefore = await page.evaluate(() => window.scrollY)
      await row.getByRole('button', { name: `Sign Up for ${name}` }).click()
      await expect(toast(page, `You have signed up for ${name}.`)).toBeVisible()
      await expect(row.getByTestId('signup-count')).toHaveText('1 signed up')
      await expect(row.getByRole('list', { name: `Attendees of ${name}` })).toHaveText('Reyes')
      await expect(page).toHaveURL(/\/trainings$/)
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(2)

      await row.getByRole('button', { name: `Leave ${name}` }).click()
      await expect(toast(page, `You have left ${name}.`)).toBeVisible()
      await expect(row.getByTestId('signup-count')).toHaveText('0 signed up')
      await expect(row).toContainText('No one has signed up yet.')
      await expect(row.getByRole('button', { name: `Sign Up for ${name}` })).toBeVisible()
    } finally {
      await db`delete from trainings where id = ${training!.id}`
    }
  })

  test('a training names its first five attendees; Show all lists every one', async ({ page, db }) => {
    const name = `${PREFIX} Crowded ${Date.now()}`
    const [training] = await db<{ id: number }[]>`
      insert into trainings (name, date) values (${name}, now() + interval '3 days') returning id`
    try {
      await db`insert into training_signups (training_id, member_id)
               select ${training!.id}, id from members where not is_banned order by id limit 8`
      await page.goto('/trainings')
      const row = page.getByRole('article', { name })
      await expect(row.getByTestId('signup-count')).toHaveText('8 signed up')
      await row.getByText('Details and attendees').click()
      const attendees = row.getByRole('list', { name: `Attendees of ${name}` }).getByRole('listitem')
      await expect(attendees).toHaveCount(5)
      await row.getByRole('link', { name: `Show all 8 attendees of ${name}` }).click()
      await expect(page).toHaveURL(new RegExp(`signups=${training!.id}#training-${training!.id}$`))
      await expect(attendees).toHaveCount(8)
      await expect(row.getByRole('link', { name: /^Show all/ })).toHaveCount(0)
    } finally {
      await db`delete from trainings where id = ${training!.id}`
    }
  })

  test('a sign-up the server refuses shows its error', async ({ page, login, db }) => {
    const name = `${PREFIX} Gone ${Date.now()}`
    const [training] = await db<{ id: number }[]>`
      insert into trainings (name, date) values (${name}, now() + interval '3 days') returning id`
    try {
      await login('reyes', '/trainings')
      const row = page.getByRole('article', { name })
      await expect(row).toBeVisible()
      // Deleted behind the page's back.
      await db`delete from trainings where id = ${training!.id}`
      await row.getByRole('button', { name: `Sign Up for ${name}` }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'Training not found.' })).toBeVisible()
      await expect(page.getByRole('article', { name })).toHaveCount(0)
    } finally {
      await db`delete from trainings where id = ${training!.id}`
    }
  })
})

test('the library filters as you type; cards open the document in a new tab', async ({ page, db }) => {
  const [count] = await db<{ n: number }[]>`select count(*)::int as n from knowledge_packets`
  await page.goto('/library')
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible()
  const cards = page.getByTestId('library-card')
  await expect(cards).toHaveCount(count!.n)

  const search = page.getByRole('searchbox', { name: 'Search documents' })
  await expect(search).toHaveAttribute('placeholder', 'Search documents...')
  await search.pressSequentially('MEDIC')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Combat Medic Handbook')
  await expect(cards.first()).toHaveAttribute('target', '_blank')
  await expect(cards.first()).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(cards.first()).toHaveAttribute('href', /^https:\/\/docs\.google\.com\//)
  await expect(page).toHaveURL(/\/library\?q=MEDIC$/)

  await search.fill('zzz-nothing')
  await expect(page.getByText('No documents found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()

  await search.fill('')
  await expect(cards).toHaveCount(count!.n)
  await expect(page).toHaveURL(/\/library$/)
})
