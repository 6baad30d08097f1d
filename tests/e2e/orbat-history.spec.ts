import type { Page } from '@playwright/test'
import { expectNoAxeViolations, WIDTHS } from './a11y.ts'
import { withOrbatPutBack } from './orbat-snapshot.ts'
import { expect, test, type E2ESql } from './fixtures.ts'

// The ORBAT's memory with JavaScript (docs/rules/orbat-history.md), at 1440 and 390 px: the history list and a
// version's diff, Restore with the browser's confirm, Undo Last Save in the editor (its confirm too), an operation's
// frozen ORBAT and Fill from the ORBAT in the Attendance dialog. Each test that restores puts the ORBAT's tables back
// as they were (tests/e2e/orbat-snapshot.ts).

test.describe.configure({ timeout: 120_000 })

const newestVersion = async (db: E2ESql) =>
  (await db<{ id: number }[]>`select id from orbat_versions order by at desc, id desc limit 1`)[0]!.id
const frozenEvent = async (db: E2ESql) =>
  (
    await db<{ id: number; name: string }[]>`
      select e.id, e.name from events e join event_orbat_snapshots s on s.event_id = e.id order by e.date desc limit 1`
  )[0]!

async function acceptNextConfirm(page: Page, text: string | RegExp) {
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toMatch(text)
    await dialog.accept()
  })
}

for (const size of WIDTHS) {
  test(`history, diff and restore with a confirm (${size.width} px)`, async ({ page, login, db, orbatLock }) => {
    void orbatLock
    await withOrbatPutBack(db, async () => {
      await page.setViewportSize(size)
      await login('demo_admin')
      const newest = await newestVersion(db)
      await page.goto('/admin/orbat/history')
      await expect(page.getByRole('heading', { name: 'ORBAT History' })).toBeVisible()
      const rows = page.getByTestId('version-row')
      await expect(rows.first()).toContainText(`Version ${newest}`)
      await expectNoAxeViolations(page, `orbat history ${size.width}`)

      const older = (
        await db<{ id: number }[]>`select id from orbat_versions where id < ${newest} order by id desc limit 1`
      )[0]!.id
      await page.getByRole('link', { name: `Version ${older}`, exact: true }).click()
      await expect(page.getByRole('region', { name: `Version ${older}` })).toBeVisible()
      await expect(page.getByTestId('version-diff')).toBeVisible()
      await acceptNextConfirm(page, `Restore version ${older}?`)
      await page.getByRole('button', { name: `Restore version ${older}` }).click()
      await expect(page.getByText(`Version ${older} restored.`)).toBeVisible()
      await expect(rows.first()).toContainText(`Restored version ${older}`)

      // Back as it was.
      await page.goto(`/admin/orbat/history?version=${newest}`)
      await acceptNextConfirm(page, `Restore version ${newest}?`)
      await page.getByRole('button', { name: `Restore version ${newest}` }).click()
      await expect(page.getByText(`Version ${newest} restored.`)).toBeVisible()
    })
  })
}

test('Undo Last Save in the editor asks, then puts the ORBAT back', async ({ page, login, db, orbatLock }) => {
  void orbatLock
  await withOrbatPutBack(db, async () => {
    await login('demo_admin')
    const before = await newestVersion(db)
    const [previous] = await db<
      { id: number }[]
    >`select id from orbat_versions where id < ${before} order by id desc limit 1`
    await page.goto('/admin/orbat')
    await expect(page.getByTestId('orbat-editor')).toBeVisible()
    page.once('dialog', (dialog) => dialog.dismiss())
    await page.getByRole('button', { name: 'Undo Last Save' }).click()
    await expect.poll(() => newestVersion(db)).toBe(before)
    await acceptNextConfirm(page, 'Undo the last save?')
    await page.getByRole('button', { name: 'Undo Last Save' }).click()
    await expect(page.getByText(`Last save undone. Version ${previous!.id} restored.`)).toBeVisible()
    await expect.poll(() => newestVersion(db)).toBeGreaterThan(before)
    // Undo again: the undone save comes back (the version before the newest is the one just undone).
    await acceptNextConfirm(page, 'Undo the last save?')
    await page.getByRole('button', { name: 'Undo Last Save' }).click()
    await expect(page.getByText(`Last save undone. Version ${before} restored.`)).toBeVisible()
  })
})

for (const size of WIDTHS) {
  test(`an operation's frozen ORBAT and Fill from the ORBAT (${size.width} px)`, async ({ page, login, db }) => {
    await page.setViewportSize(size)
    await login('demo_admin')
    const event = await frozenEvent(db)
    await page.goto('/admin/roster/events')
    await page
      .getByRole('link', { name: `ORBAT of ${event.name}` })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: `${event.name}: the ORBAT` })).toBeVisible()
    await expect(page.getByTestId('frozen-diagram').getByRole('region', { name: 'Alpha' })).toContainText('Reyes')
    await page.getByRole('link', { name: 'List', exact: true }).click()
    await expect(page.getByTestId('frozen-list')).toContainText('Reyes')

    await page.goto(`/admin/roster/events?dialog=attendance&event=${event.id}`)
    const dialog = page.getByRole('dialog')
    const holders = await db<{ name: string }[]>`
      select m.ingame_name as name from event_orbat_holders h join members m on m.id = h.member_id
      where h.event_id = ${event.id}`
    await dialog.getByRole('link', { name: 'Fill from the ORBAT' }).click()
    await expect(dialog.getByRole('status')).toContainText('who held a slot in the frozen ORBAT')
    for (const { name } of holders) await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeChecked()
    await expectNoAxeViolations(page, `attendance filled ${size.width}`)
    // Nothing recorded until Save Attendance: closing leaves attendance as it was.
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
  })
}
