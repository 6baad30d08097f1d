import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// The public personnel pages without JavaScript (chromium-nojs project): the roster's filters and paging are a GET form
// and links (all state in the URL), a row links to the full member page, training sign-up and leave are form posts
// answered with a redirect and a flash toast, and the library search is a GET form.

const PREFIX = 'E2E Roster NoJS'

function rows(page: Page) {
  return page.getByTestId('roster-row')
}

function summary(page: Page) {
  return page.getByTestId('roster-summary')
}

test('the roster filters and pages through its GET form and links', async ({ page, db }) => {
  // Other spec files add and remove members while this runs: the counts are read from the page, the paging checked.
  const [count] = await db<{ n: number }[]>`select count(*)::int as n from members where not is_banned`
  expect(count!.n).toBeGreaterThan(30)
  await page.goto('/roster')
  await expect(page.getByRole('heading', { level: 1, name: 'Company Roster' })).toBeVisible()
  await expect(summary(page)).toHaveText(/^Showing 1 to 30 of \d+ results$/)

  // Next / Previous are plain links carrying the state.
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/roster\?page=2$/)
  await expect(summary(page)).toHaveText(/^Showing 31 to (\d+) of \1 results$/)
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(summary(page)).toHaveText(/^Showing 1 to 30 of \d+ results$/)

  // The page size needs its Apply button without JavaScript.
  await page.getByRole('combobox', { name: 'Rows' }).selectOption('100')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/[?&]limit=100\b/)
  await expect(summary(page)).toHaveText(/^Showing 1 to (\d+) of \1 results$/)

  // The filter form: by rank, with a qualification; the page size is kept.
  await page.getByRole('searchbox', { name: 'Search' }).fill('SNCO')
  await page.getByRole('combobox', { name: 'Search by' }).selectOption('rank')
  await page.getByRole('combobox', { name: 'Qualification' }).selectOption({ label: 'Marksman' })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/[?&]term=SNCO\b/)
  await expect(page).toHaveURL(/[?&]type=rank\b/)
  await expect(page).toHaveURL(/[?&]limit=100\b/)
  await expect(rows(page)).toHaveText([/Tanaka/])

  // A shared URL shows the same filtered page, with the controls set from it.
  await page.goto('/roster?type=name&term=o&limit=60&page=1')
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('o')
  await expect(page.getByRole('combobox', { name: 'Search by' })).toHaveValue('name')
  await expect(page.getByRole('combobox', { name: 'Rows' })).toHaveValue('60')
  for (const name of await rows(page).locator('td:first-child').allTextContents())
    expect(name.toLowerCase()).toContain('o')

  // A page past the end goes to the last page.
  await page.goto('/roster?page=99')
  await expect(page).toHaveURL(/\/roster\?page=2$/)
  await expect(summary(page)).toHaveText(/^Showing 31 to (\d+) of \1 results$/)

  await page.goto('/roster?term=nobody-by-this-name')
  await expect(page.getByRole('cell', { name: 'No members found' })).toBeVisible()
  await expect(summary(page)).toHaveText('Showing 0 to 0 of 0 results')
})

test('a roster row links to the member page; its tabs are links; unknown and banned members are a 404', async ({
  page,
  db,
}) => {
  await page.goto('/roster?term=Reyes')
  await rows(page).getByRole('link', { name: 'Reyes' }).click()
  await expect(page).toHaveURL(/\/roster\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reyes' })).toBeVisible()
  const details = page.getByTestId('member-details')
  await expect(details.getByText('Total Event Score', { exact: true })).toBeVisible()
  await expect(details).toContainText('24.50')
  await expect(details).toContainText('Combat Medic')

  const tabs = page.getByRole('navigation', { name: 'Member details' })
  await expect(tabs.getByRole('link')).toHaveText([/Qualifications/, /Events/, /Trainings/])
  await tabs.getByRole('link', { name: /Events/ }).click()
  await expect(page).toHaveURL(/\/roster\/\d+\?tab=events$/)
  await expect(details).toContainText('Operation Red Tide')
  await expect(tabs.getByRole('link', { name: /Events/ })).toHaveAttribute('aria-current', 'page')
  await tabs.getByRole('link', { name: /Trainings/ }).click()
  await expect(details).toContainText('No trainings attended yet.')

  const missing = await page.goto('/roster/987654')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByTestId('error-status')).toContainText('404 — this page does not exist')

  const [blake] = await db<{ id: number }[]>`select id from members where ingame_name = 'Blake' and is_banned`
  const banned = await page.goto(`/roster/${blake!.id}`)
  expect(banned?.status()).toBe(404)
  await expect(page.getByTestId('error-status')).toContainText('404 — this page does not exist')
})

test('training sign-up and leave are form posts with a flash toast', async ({ page, login, db }) => {
  const name = `${PREFIX} Training ${Date.now()}`
  const [training] = await db<{ id: number }[]>`
    insert into trainings (name, description, date) values (${name}, 'Seeded by the roster no-JS test.', now() + interval '4 days') returning id`
  try {
    // Signed out: a login link that comes back to the page.
    await page.goto('/trainings')
    const row = page.getByRole('article', { name })
    await expect(row.getByRole('link', { name: 'Login to Sign Up' })).toHaveAttribute(
      'href',
      '/auth/discord?returnTo=%2Ftrainings',
    )
    // No script sets the time-zone cookie: the server renders the unit's time zone (America/New_York).
    await expect(row.locator('time')).toHaveText(/ E[SD]T$/)

    await login('reyes', '/trainings')
    await expect(row.getByTestId('signup-count')).toHaveText('0 signed up')
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/trainings'),
      row.getByRole('button', { name: `Sign Up for ${name}` }).click(),
    ])
    expect(post.postData()).toContain('intent=signup')
    await expect(page).toHaveURL(/\/trainings$/)
    await expect(page.getByRole('status').filter({ hasText: `You have signed up for ${name}.` })).toBeVisible()
    await expect(row.getByTestId('signup-count')).toHaveText('1 signed up')
    await row.getByText('Details and attendees').click()
    await expect(row.getByRole('list', { name: `Attendees of ${name}` })).toHaveText('Reyes')

    await row.getByRole('button', { name: `Leave ${name}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `You have left ${name}.` })).toBeVisible()
    await expect(row.getByTestId('signup-count')).toHaveText('0 signed up')
    await row.getByText('Details and attendees').click()
    await expect(row).toContainText('No one has signed up yet.')
  } finally {
    await db`delete from trainings where id = ${training!.id}`
  }
})

test('the library search is a GET form', async ({ page }) => {
  await page.goto('/library')
  const cards = page.getByTestId('library-card')
  await expect(cards.first()).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('radio')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/library\?q=radio$/)
  await expect(cards).toHaveText([/Radio Communications Guide/])
  await expect(cards.first()).toHaveAttribute('rel', 'noopener noreferrer')

  await page.goto('/library?q=nothing-matches-this')
  await expect(page.getByText('No documents found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('nothing-matches-this')
})
