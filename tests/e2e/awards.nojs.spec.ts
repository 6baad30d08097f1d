import path from 'node:path'
import { expect, test, type E2ESql } from './fixtures.ts'
import { axeAtBothWidths, toast } from './page-kit.ts'

// Awards without JavaScript (docs/rules/personnel.md, Awards; every admin form works with JavaScript off): the Awards
// tab's dialog is a page state, its multipart form uploads the image, a validation failure shows inline (400); Grant
// Award and Revoke work from the member sheet and return to it; the ribbon shows in the member sheet, the public
// roster's row and the member's page, at 1440 and 390 px; deleting the award asks on the confirm step with its number
// of grants. One login; axe once per state and width. Everything it makes is named "E2E Awards NoJS ..." and removed.

test.describe.configure({ timeout: 120_000 })

const PREFIX = 'E2E Awards NoJS'
const AWARD = `${PREFIX} Heart`
const MEMBER = `${PREFIX} Trooper`
const IMAGE = path.resolve('db/seed/assets/awards/purple-heart.png')

async function removeTestData(db: E2ESql) {
  await db`delete from members where ingame_name like ${`${PREFIX}%`}`
  await db`delete from awards where name like ${`${PREFIX}%`}`
}

test.beforeEach(async ({ db }) => removeTestData(db))
test.afterEach(async ({ db }) => removeTestData(db))

test('an admin defines an award with an image and grants it; the ribbon shows in the sheet and the roster', async ({
  page,
  login,
  db,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const [member] = await db<Array<{ id: number }>>`
    insert into members (ingame_name, rank, join_date) values (${MEMBER}, 'JNCO', '2025-02-01') returning id`
  const memberId = member!.id
  await login('demo_admin')

  // Add Award: a blank name is refused inline (400), then the award is saved with its uploaded image.
  await page.goto('/admin/roster/awards')
  await page.getByRole('link', { name: 'Add Award' }).click()
  await expect(page).toHaveURL(/dialog=add-award/)
  const form = page.getByRole('form', { name: 'Add award' })
  await form.getByRole('button', { name: 'Add Award' }).click()
  await expect(page.getByRole('form', { name: 'Add award' })).toContainText('Award name is required.')
  await page.getByRole('form', { name: 'Add award' }).getByLabel('Name').fill(AWARD)
  await page.getByRole('form', { name: 'Add award' }).getByLabel('Precedence').fill('2')
  await page.getByRole('form', { name: 'Add award' }).getByLabel('Upload an image').setInputFiles(IMAGE)
  await page.getByRole('form', { name: 'Add award' }).getByRole('button', { name: 'Add Award' }).click()
  await expect(toast(page, 'Award added.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/roster\/awards$/)
  const row = page.getByTestId('award-row').filter({ hasText: AWARD })
  await expect(row.getByRole('img', { name: AWARD })).toHaveAttribute(
    'src',
    /^\/api\/tests\/images\/[0-9a-f]{64}\.png$/,
  )

  // Grant Award from the member sheet; it returns to the sheet.
  await page.goto(`/admin/roster/members?edit=${memberId}`)
  await page.getByRole('link', { name: 'Grant Award' }).click()
  await expect(page).toHaveURL(new RegExp(`dialog=grant-award&member=${memberId}`))
  const grant = page.getByRole('form', { name: `Grant an award to ${MEMBER}` })
  await grant.getByRole('combobox', { name: 'Award' }).selectOption({ label: AWARD })
  await grant.getByLabel('Citation').fill('Patched up the squad under fire.')
  await grant.getByLabel('Announce in the promotion channel').check()
  await axeAtBothWidths(page, 'the grant dialog')
  await grant.getByRole('button', { name: 'Grant Award' }).click()
  await expect(toast(page, `${AWARD} awarded to ${MEMBER}.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`edit=${memberId}$`))
  const sheetAwards = page.getByTestId('member-sheet-awards')
  await expect(
    sheetAwards.getByRole('list', { name: `Awards of ${MEMBER}` }).getByRole('img', { name: AWARD }),
  ).toBeVisible()
  await expect(sheetAwards).toContainText('Patched up the squad under fire.')
  await axeAtBothWidths(page, 'the member sheet with an award')

  // The public roster's row and the member's page show the rack, at both widths.
  await page.goto(`/roster?term=${encodeURIComponent(MEMBER)}`)
  const rosterRow = page.getByTestId('roster-row').filter({ hasText: MEMBER })
  const rowRack = () => rosterRow.getByRole('list', { name: `Awards of ${MEMBER}` }).filter({ visible: true })
  await expect(rowRack().getByRole('img', { name: AWARD })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(rowRack().getByRole('img', { name: AWARD })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1440, height: 900 })
  await rosterRow.getByRole('link', { name: MEMBER }).click()
  await expect(page).toHaveURL(new RegExp(`/roster/${memberId}$`))
  await expect(
    page
      .getByTestId('member-details')
      .getByRole('list', { name: `Awards of ${MEMBER}` })
      .getByRole('img', { name: AWARD }),
  ).toBeVisible()

  // Revoke asks on the confirm step, then returns to the sheet.
  await page.goto(`/admin/roster/members?edit=${memberId}`)
  await page.getByRole('button', { name: new RegExp(`^Revoke ${AWARD} of `) }).click()
  await expect(page.getByRole('alertdialog')).toContainText(`Revoke ${AWARD} from ${MEMBER}? It leaves their record.`)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(toast(page, 'Award revoked.')).toBeVisible()
  await expect(page.getByTestId('member-sheet-awards')).toContainText('No awards yet.')

  // Delete asks on the confirm step and says how many grants the award has.
  await db`insert into award_grants (member_id, award_id, award_name, date)
           select ${memberId}, id, name, '2026-01-01' from awards where name = ${AWARD}`
  await page.goto('/admin/roster/awards')
  await row.getByRole('button', { name: `Delete ${AWARD}` }).click()
  await expect(page.getByRole('alertdialog')).toContainText(
    `Are you sure you want to delete the award "${AWARD}"? It has been granted 1 time; members keep it in their record under its name.`,
  )
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Award' }).click()
  await expect(toast(page, 'Award deleted.')).toBeVisible()
  await expect(row).toHaveCount(0)
  const [kept] = await db<Array<{ award_id: number | null; award_name: string }>>`
    select award_id, award_name from award_grants where member_id = ${memberId}`
  expect(kept).toEqual({ award_id: null, award_name: AWARD })
})
