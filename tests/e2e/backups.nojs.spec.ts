import { axeViolationsAtEachWidth } from './a11y.ts'
import { test } from './backups.ts'
import { expect } from './fixtures.ts'
import { toast } from './page-kit.ts'

// /admin/backups without JavaScript, at 1440 px: the page says how backups are made here, and Back up now is a plain
// form post that comes back to the page with its toast. axe at 1440 and 390 px. (With JavaScript: backups.spec.ts.)

test('the page says how backups are made; Back up now posts and comes back with the toast (1440 px)', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin', '/admin/backups')
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible()
  const how = page.getByRole('region', { name: 'How backups are made here' })
  await expect(how).toContainText("Every day at 03:00, on the unit's clock")
  await expect(how).toContainText('The newest of each of the last 7 days, 4 weeks and 6 months')
  await expect(how).toContainText('set BACKUP_COMMAND')

  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(page).toHaveURL(/\/admin\/backups$/)
  await expect(toast(page, 'Backup started: it appears in the list when complete.')).toBeVisible()

  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/backups:\n\n${found.join('\n\n')}\n`).toEqual([])
})
