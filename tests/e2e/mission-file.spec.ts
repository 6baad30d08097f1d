import fs from 'node:fs'
import { binarize } from '../harness/rapify.ts'
import { expectNoAxeViolations, WIDTHS } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { MISSION } from './mission.ts'
import { restoreOrbat, snapshotOrbat } from './orbat-snapshot.ts'
import { acceptConfirm, answerConfirm } from './page-kit.ts'

// The mission file round trip with JavaScript (docs/rules/orbat.md, The mission file), on a desktop and a phone: from
// the editor's Actions menu, upload the test mission, preview, apply (which asks first, naming the members it frees),
// and the public ORBAT shows its squads; export downloads the file with the slot ids written in; the same mission
// binarized previews alike with a note saying so, and its export downloads as text. The seeded ORBAT is put back
// afterwards.

test('upload, preview, apply, the public ORBAT shows the mission; export downloads it', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  test.setTimeout(90_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  try {
    await login('demo_admin')
    for (const size of WIDTHS) {
      // The seeded ORBAT with its members at each width, so that Apply has held slots to free and asks first.
      await restoreOrbat(db, snapshot)
      await page.setViewportSize(size)
      await page.goto('/admin/orbat')
      await page.getByRole('button', { name: 'Actions' }).first().click()
      await page.getByRole('menuitem', { name: 'Import from mission file' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Mission File' })).toBeVisible()

      await page
        .locator('#import')
        .getByLabel(/Mission file/)
        .setInputFiles(MISSION)
      await page.getByRole('button', { name: 'Preview Import' }).click()
      await expect(page.getByTestId('mission-summary')).toHaveText('6 squads · 20 slots · 1 unit not placed')
      const squads = page.getByRole('list', { name: 'Proposed squads' })
      await expect(squads.getByRole('heading', { name: 'Charlie "Ghost"' })).toBeVisible()
      await expect(page.getByTestId('mission-skipped')).toContainText('HC1 (HeadlessClient_F)')
      await expect(page.getByTestId('mission-freed')).toContainText('will be freed')
      await expectNoAxeViolations(page, `mission file preview at ${size.width} px`)

      // Apply asks first, naming whom it frees: a no changes nothing, a yes applies.
      const apply = page.getByRole('button', { name: 'Apply', exact: true })
      const question = answerConfirm(page, false)
      await apply.click()
      expect(await question).toMatch(/^Apply frees 8 members' slots: Hawthorne, Castellano, /)
      await expect(page).toHaveURL(/\/admin\/orbat\/mission$/)
      void acceptConfirm(page)
      await apply.click()
      await expect(page).toHaveURL(/\/admin\/orbat$/)
      await expect(page.getByRole('status').getByText('ORBAT Saved Successfully!')).toBeVisible()
      await page.goto('/orbat')
      for (const name of ['Platoon HQ', 'Alpha 1-1', 'Bravo 1-2', 'Zulu'])
        await expect(page.getByTestId('squad-card').filter({ hasText: name, visible: true }).first()).toBeVisible()
    }

    await page.goto('/admin/orbat/mission#export')
    await page.locator('#export').getByLabel('Mission file to update').setInputFiles(MISSION)
    const download = page.waitForEvent('download')
    await page.locator('#export').getByRole('button', { name: 'Export' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('mission.sqm')
    const text = await new Response((await file.createReadStream()) as unknown as ReadableStream).text()
    expect(text.match(/name="tfhq_slot_\d+";/g)).toHaveLength(20)

    const binarized = {
      name: 'mission.sqm',
      mimeType: 'application/octet-stream',
      buffer: binarize(fs.readFileSync(MISSION)),
    }
    await page
      .locator('#import')
      .getByLabel(/Mission file/)
      .setInputFiles(binarized)
    await page.getByRole('button', { name: 'Preview Import' }).click()
    await expect(page.getByTestId('mission-summary')).toHaveText('6 squads · 20 slots · 1 unit not placed')
    await expect(page.getByTestId('mission-binarized')).toContainText('This mission.sqm is binarized')
    await page.locator('#export').getByLabel('Mission file to update').setInputFiles(binarized)
    const textDownload = page.waitForEvent('download')
    await page.locator('#export').getByRole('button', { name: 'Export' }).click()
    const fromBinarized = await new Response(
      (await (await textDownload).createReadStream()) as unknown as ReadableStream,
    ).text()
    expect(fromBinarized.startsWith('version=')).toBe(true)
    expect(fromBinarized.match(/name="tfhq_slot_\d+";/g)).toHaveLength(20)
  } finally {
    await restoreOrbat(db, snapshot)
  }
})
