import { axeViolations } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { restoreOrbat, snapshotOrbat } from './orbat-snapshot.ts'

// The mission file round trip without JavaScript (docs/rules/orbat.md, The mission file): the editor's fallback
// links the page, whose forms post the file, show the preview and apply it; export is a plain download.

const MISSION = 'tests/fixtures/mission/mission.sqm'

test('without JavaScript: upload, preview, apply, the public ORBAT shows the mission; export downloads it', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  test.setTimeout(60_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  try {
    await login('demo_admin', '/admin/orbat')
    await page.getByRole('link', { name: 'Mission File (import and export)' }).click()
    await page
      .locator('#import')
      .getByLabel(/Mission file/)
      .setInputFiles(MISSION)
    await page.getByRole('button', { name: 'Preview Import' }).click()
    await expect(page.getByTestId('mission-summary')).toHaveText('6 squads · 20 slots · 1 unit not placed')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/orbat$/)
    await page.goto('/orbat')
    await expect(
      page.getByTestId('squad-card').filter({ hasText: 'Charlie "Ghost"', visible: true }).first(),
    ).toBeVisible()

    await page.goto('/admin/orbat/mission')
    await page.locator('#export').getByLabel('Mission file to update').setInputFiles(MISSION)
    const download = page.waitForEvent('download')
    await page.locator('#export').getByRole('button', { name: 'Export' }).click()
    expect((await download).suggestedFilename()).toBe('mission.sqm')
  } finally {
    await restoreOrbat(db, snapshot)
  }
})
