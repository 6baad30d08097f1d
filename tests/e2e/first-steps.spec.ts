import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { toast } from './page-kit.ts'

// What a new admin and a new member meet first in the newer areas, as the demo unit shows them (with JavaScript; the
// pages without it: first-steps.nojs.spec.ts): Grant Award within reach of a member's name, the demo's slot holders
// as members (LOA on the ORBAT, squads on the activity page), the recruiters' comment box, the phone layouts of the
// member tabs and the activity table, the ORBAT history's diff, and the texts that misled.

const PHONE = { width: 390, height: 844 }

/** The element's right edge is inside the viewport and inside `frame`. */
async function expectInside(element: Locator, frame: Locator) {
  const [box, outer] = await Promise.all([element.boundingBox(), frame.boundingBox()])
  expect(box && outer, 'both are on screen').toBeTruthy()
  expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5)
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0)
}

test('Grant Award is one click from a member: their name in Admin > Members, their record, their roster sheet', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/roster/members?term=Sato')
  await page.getByRole('link', { name: 'Sato', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Service record: Sato' })).toBeVisible()
  await page.getByTestId('admin-member-links').getByRole('link', { name: 'Grant Award' }).click()
  await expect(page.getByRole('dialog', { name: 'Grant Award to Sato' })).toBeVisible()

  // The roster's sheet (an admin viewing it) links there too.
  await page.setViewportSize(PHONE)
  await page.goto('/roster?term=Sato')
  await page.getByTestId('roster-row').filter({ hasText: 'Sato' }).getByRole('cell').nth(2).click()
  const sheet = page.getByRole('dialog', { name: 'Sato' })
  await expect(sheet.getByRole('link', { name: 'Grant Award' })).toBeVisible()
  // The member tabs keep their counts inside the strip on a phone.
  const strip = sheet.getByRole('tablist', { name: 'Member details' })
  for (const tab of await strip.getByRole('tab').all()) await expectInside(tab, strip)
})

test('the demo ORBAT is held by members: Sato on leave shows LOA in his slot, and the activity page knows squads', async ({
  page,
  login,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/orbat')
  const sato = page.locator('[data-testid=slot]:visible').filter({ hasText: 'Sato' })
  await expect(sato.getByTestId('loa-badge')).toBeVisible()

  await login('demo_admin', '/admin/activity?sort=name&dir=asc')
  const brennan = page.getByTestId('activity-member').filter({ has: page.getByRole('link', { name: 'Brennan' }) })
  await expect(brennan).toContainText('Alpha')
  // On a phone each member is a card: every figure on screen, nothing scrolls sideways.
  await expect(brennan.getByText('Reliability', { exact: true })).toBeVisible()
  await expectInside(brennan.getByText('Weeks', { exact: true }), page.locator('body'))
  await expectNoSidewaysScroll(page)
})

test('recruitment: the comment box empties after a comment, the page lines up with the others and leads back', async ({
  page,
  login,
  db,
}) => {
  const [application] = await db<Array<{ id: number }>>`
    select id from applications where status = 'submitted' order by id limit 1`
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin', '/admin/backups')
  const backups = await page.getByRole('heading', { level: 1, name: 'Backups' }).boundingBox()
  await page.goto(`/admin/recruitment?application=${application!.id}`)
  await expect(page.getByRole('link', { name: '← Back to Admin Hub' })).toBeVisible()
  const heading = await page.getByRole('heading', { level: 1, name: 'Recruitment' }).boundingBox()
  // The same column as the other admin pages (theirs are 64 rem wide or less: within 100 px of each other).
  expect(Math.abs(heading!.x - backups!.x), 'the title lines up with the other admin pages').toBeLessThan(100)

  const text = `E2E comment ${Date.now()}`
  const box = page.getByRole('textbox', { name: 'Comment' })
  await box.fill(text)
  await page.getByRole('button', { name: 'Add comment' }).click()
  await expect(toast(page, 'Comment added.')).toBeVisible()
  await expect(page.getByTestId('comments')).toContainText(text)
  await expect(box).toHaveValue('')
  await db`delete from application_comments where text = ${text}`
})

test('ORBAT history: headings apart from slots, locks in words, and a restore shows the version it made', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  void orbatLock
  // The demo's three versions (other tests save more after them).
  const versions = await db<Array<{ id: number }>>`select id from orbat_versions order by id limit 3`
  await login('demo_admin', `/admin/orbat/history?version=${versions[0]!.id}`)
  const diff = page.getByTestId('version-diff')
  await expect(diff).toContainText('Heading “FIRE SUPPORT” (Command, Attachments)')
  await expect(diff).not.toContainText('---')
  await page.goto(`/admin/orbat/history?version=${versions[2]!.id}`)
  await expect(page.getByTestId('version-diff')).toContainText('lock: none → Rifleman')
})

test('texts: Search by on the roster, the join page and the application form editor, the rows per page', async ({
  page,
  login,
}) => {
  await page.goto('/roster')
  await expect(page.getByText('Search by', { exact: true })).toBeVisible()
  const rows = page.getByRole('combobox', { name: 'Rows per page' })
  // The whole number shows beside the select's arrow ("30", not "3").
  const fits = await rows.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select)
    const canvas = document.createElement('canvas').getContext('2d')!
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const text = canvas.measureText(select.options[select.selectedIndex]!.text).width
    return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text
  })
  expect(fits, 'room left beside the selected size').toBeGreaterThanOrEqual(8)

  await page.goto('/join')
  await expect(page.getByRole('region', { name: 'About the unit' })).toContainText('23:00 UTC')

  await login('demo_admin', '/admin/recruitment/form')
  const question = page.getByTestId('new-question-row').first()
  await expect(question.getByLabel('Options (one per line)')).toBeHidden()
  await question.getByLabel('Kind').selectOption('choice')
  await expect(question.getByLabel('Options (one per line)')).toBeVisible()
})

test('the attendance chart on /account has a key one can see', async ({ page, login }) => {
  await login('reyes', '/account')
  await expect(page.getByTestId('chart-key').first()).toBeVisible()
  await expect(page.getByTestId('chart-key').first()).toContainText('Attended')
})
