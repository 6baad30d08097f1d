import { expect, test } from './fixtures.ts'
import { MILSIM, novakRoles, withNovakMissingMilsim } from './discord-sync-helpers.ts'
import { acceptConfirm } from './page-kit.ts'

// /admin/discord/sync with JavaScript (docs/rules/discord.md, the role sync): the dry run names who gains and loses
// which role, Apply asks in the browser's confirm, then shows the result and the healed (empty) list.
// Apply changes the shared stand-in: each such test takes `orbatLock` (one at a time) and puts the roles back.

test('the dry run lists a role removed by hand; Apply heals it and shows the result', async ({
  page,
  login,
  serverInfo,
  orbatLock,
}) => {
  void orbatLock
  await withNovakMissingMilsim(serverInfo.standInUrl, async () => {
    await login('demo_admin', '/admin/discord/sync')
    await expect(page.getByRole('heading', { level: 1, name: 'Discord Role Sync' })).toBeVisible()
    await expect(page.getByRole('link', { name: '← Back to Discord' })).toHaveAttribute('href', '/admin/discord')
    const row = page.getByRole('table', { name: 'Role changes' }).getByRole('row').filter({ hasText: 'Novak' })
    await expect(row).toContainText(`+ ${MILSIM.name}`)
    await expect(page.getByTestId('sync-summary')).toContainText('guild members checked')

    const asked = acceptConfirm(page)
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('sync-result')).toContainText(/Role sync finished: \d+ changes? applied\./)
    expect(await asked).toMatch(/^Apply \d+ role changes? to \d+ members? in Discord\?$/)
    await expect(page.getByText('Discord matches the roster: nothing to change.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
    expect(await novakRoles(serverInfo.standInUrl)).toContain(MILSIM.id)
  })
})

test('a member is refused', async ({ page, login }) => {
  await login('novak', '/admin/discord/sync')
  await expect(page.getByTestId('access-denied')).toBeVisible()
})
