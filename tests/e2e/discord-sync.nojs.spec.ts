import { expect, test } from './fixtures.ts'
import { MILSIM, novakRoles, withNovakMissingMilsim } from './discord-sync-helpers.ts'

// /admin/discord/sync without JavaScript: Apply posts, the page asks on its confirm step, Confirm applies and the
// page shows the result (a full page round trip). Each test takes `orbatLock` and puts the stand-in's roles back.

test('Apply asks on the confirm step, then applies and shows the result', async ({
  page,
  login,
  serverInfo,
  orbatLock,
}) => {
  void orbatLock
  await withNovakMissingMilsim(serverInfo.standInUrl, async () => {
    await login('demo_admin', '/admin/discord/sync')
    const row = page.getByRole('table', { name: 'Role changes' }).getByRole('row').filter({ hasText: 'Novak' })
    await expect(row).toContainText(`+ ${MILSIM.name}`)

    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/\/admin\/discord\/sync\?confirm=apply-role-sync$/)
    const step = page.getByRole('alertdialog')
    await expect(step).toContainText(/Apply \d+ role changes? to \d+ members? in Discord\?/)
    await step.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('sync-result')).toContainText(/Role sync finished: \d+ changes? applied\./)
    await expect(page.getByText('Discord matches the roster: nothing to change.')).toBeVisible()
    expect(await novakRoles(serverInfo.standInUrl)).toContain(MILSIM.id)
  })
})

test('Cancel on the confirm step changes nothing', async ({ page, login, serverInfo, orbatLock }) => {
  void orbatLock
  await withNovakMissingMilsim(serverInfo.standInUrl, async () => {
    await login('demo_admin')
    await page.goto('/admin/discord/sync?confirm=apply-role-sync')
    await page.getByRole('alertdialog').getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/admin\/discord\/sync$/)
    await expect(
      page.getByRole('table', { name: 'Role changes' }).getByRole('row').filter({ hasText: 'Novak' }),
    ).toBeVisible()
    expect(await novakRoles(serverInfo.standInUrl)).not.toContain(MILSIM.id)
  })
})
