import { axeViolations, WIDTHS } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { MISSION } from './mission.ts'
import { restoreOrbat, snapshotOrbat } from './orbat-snapshot.ts'

// The mission file round trip without JavaScript (docs/rules/orbat.md, The mission file): the editor's fallback
// links the page, whose forms post the file, show the preview and apply it (asking first on the page, naming the members
// it frees); export is a plain download.

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
    // Apply frees the seeded members' slots: the page asks first, naming them.
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    const question = page.getByRole('alertdialog')
    await expect(question).toContainText(/Apply frees 8 members' slots: Hawthorne, Castellano, /)
    await expect(page.getByTestId('mission-summary')).toHaveText('6 squads · 20 slots · 1 unit not placed')
    for (const size of [...WIDTHS].reverse()) {
      await page.setViewportSize(size)
      await expect(question.getByRole('button', { name: 'Apply' })).toBeInViewport()
      expect(await axeViolations(page)).toEqual([])
    }
    await question.getByRole('button', { name: 'Apply' }).click()
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
