import path from 'node:path'
import { expect, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, axeAtBothWidths, toast } from './page-kit.ts'

// Awards with JavaScript (docs/rules/personnel.md, Awards): an admin defines an award with an uploaded image on the
// Awards tab, grants it twice to a member from the member sheet (announced in the promotion channel), the ribbon shows
// in the member sheet, the public roster's row and its member sheet with the count, at 1440 and 390 px; deleting the
// award asks first with its number of grants and the member keeps it by name. One login; axe once per state and width.
// Everything it makes is named "E2E Awards JS ..." and removed afterwards.

test.describe.configure({ timeout: 120_000 })

const PREFIX = 'E2E Awards JS'
const AWARD = `${PREFIX} Star`
const MEMBER = `${PREFIX} Trooper`
const IMAGE = path.resolve('db/seed/assets/awards/medal-of-valor.png')

async function removeTestData(db: E2ESql) {
  await db`delete from members where ingame_name like ${`${PREFIX}%`}`
  await db`delete from awards where name like ${`${PREFIX}%`}`
}

test.beforeEach(async ({ db }) => removeTestData(db))
test.afterEach(async ({ db }) => removeTestData(db))

test('an admin defines an award with an image, grants it twice, and the ribbon shows in the sheet and the roster', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const [member] = await db<Array<{ id: number }>>`
    insert into members (ingame_name, rank, join_date) values (${MEMBER}, 'NCO', '2025-01-01') returning id`
  const memberId = member!.id
  await login('demo_admin')

  // Define the award with an uploaded image.
  await page.goto('/admin/roster/awards')
  await page.getByRole('link', { name: 'Add Award' }).click()
  const addDialog = page.getByRole('dialog', { name: 'Add Award' })
  await addDialog.getByLabel('Name').fill(AWARD)
  await addDialog.getByLabel('Description').fill('For e2e gallantry.')
  await addDialog.getByLabel('Precedence').fill('1')
  await addDialog.getByLabel('Upload an image').setInputFiles(IMAGE)
  await addDialog.getByRole('button', { name: 'Add Award' }).click()
  await expect(toast(page, 'Award added.')).toBeVisible()
  const row = page.getByTestId('award-row').filter({ hasText: AWARD })
  await expect(row.getByRole('img', { name: AWARD })).toHaveAttribute(
    'src',
    /^\/api\/tests\/images\/[0-9a-f]{64}\.png$/,
  )
  await expect(row).toContainText('Not granted yet')

  // Grant it twice from the member sheet, the second time announced.
  await page.goto(`/admin/roster/members?edit=${memberId}`)
  const sheet = page.getByRole('dialog', { name: `Edit Member: ${MEMBER}` })
  await expect(sheet.getByTestId('member-sheet-awards')).toContainText('No awards yet.')
  for (const [citation, announce] of [
    ['Held the ridge.', false],
    ['Held it again.', true],
  ] as const) {
    await page
      .getByRole('dialog', { name: `Edit Member: ${MEMBER}` })
      .getByRole('link', { name: 'Grant Award' })
      .click()
    const grant = page.getByRole('dialog', { name: `Grant Award to ${MEMBER}` })
    await grant.getByRole('combobox', { name: 'Award' }).selectOption({ label: AWARD })
    await grant.getByLabel('Citation').fill(citation)
    if (announce) {
      await grant.getByLabel('Announce in the promotion channel').check()
      await axeAtBothWidths(page, 'the grant dialog')
    }
    await grant.getByRole('button', { name: 'Grant Award' }).click()
    await expect(toast(page, `${AWARD} awarded to ${MEMBER}.`)).toBeVisible()
  }
  const rack = sheet.getByRole('list', { name: `Awards of ${MEMBER}` })
  await expect(rack.getByRole('img', { name: `${AWARD}, 2 times` })).toBeVisible()
  await expect(sheet.getByTestId('award-grant')).toHaveCount(2)
  await expect(sheet.getByTestId('award-grant').first()).toContainText('Held it again.')
  await axeAtBothWidths(page, 'the member sheet with awards')

  // The public roster: the row's rack, and the member sheet's, at both widths.
  await page.goto(`/roster?term=${encodeURIComponent(MEMBER)}`)
  const rosterRow = page.getByTestId('roster-row').filter({ hasText: MEMBER })
  const rowRack = rosterRow.getByRole('list', { name: `Awards of ${MEMBER}` }).filter({ visible: true })
  await expect(rowRack.getByRole('img', { name: `${AWARD}, 2 times` })).toBeVisible()
  await expect(rowRack.getByRole('img', { name: `${AWARD}, 2 times` })).toHaveAttribute('title', `${AWARD}, 2 times`)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(rowRack.getByRole('img', { name: `${AWARD}, 2 times` })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1440, height: 900 })
  await rosterRow.getByRole('link', { name: MEMBER }).click()
  const publicSheet = page.getByTestId('member-details')
  await expect(
    publicSheet.getByRole('list', { name: `Awards of ${MEMBER}` }).getByRole('img', { name: `${AWARD}, 2 times` }),
  ).toBeVisible()

  // Deleting the award asks first with its number of grants; the member keeps it by name (a drawn ribbon).
  await page.goto('/admin/roster/awards')
  void acceptConfirm(
    page,
    `Are you sure you want to delete the award "${AWARD}"? It has been granted 2 times; members keep it in their record under its name.`,
  )
  await row.getByRole('button', { name: `Delete ${AWARD}` }).click()
  await expect(toast(page, 'Award deleted.')).toBeVisible()
  await expect(row).toHaveCount(0)
  await page.goto(`/admin/roster/members?edit=${memberId}`)
  await expect(
    page.getByRole('list', { name: `Awards of ${MEMBER}` }).getByRole('img', { name: `${AWARD}, 2 times` }),
  ).toBeVisible()
})
