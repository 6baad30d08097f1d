import type { Page } from '@playwright/test'
import { expectNoAxeViolations, WIDTHS } from './a11y.ts'
import { heldSlotCount, importMission, newestVersion, saveAsItStands } from './mission.ts'
import { withOrbatPutBack } from './orbat-snapshot.ts'
import { expect, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, answerConfirm } from './page-kit.ts'

// The ORBAT's memory with JavaScript (docs/rules/orbat-history.md), at 390 px: the history list and a
// version's diff, Restore with the browser's confirm (undoing an import: it names and puts back the members the import
// freed), Undo Last Save in the editor (its confirm too), an operation's
// frozen ORBAT and Fill from the ORBAT in the Attendance dialog. Each test that restores puts the ORBAT's tables back
// as they were (tests/e2e/orbat-snapshot.ts).

test.describe.configure({ timeout: 120_000 })

const frozenEvent = async (db: E2ESql) =>
  (
    await db<{ id: number; name: string }[]>`
      select e.id, e.name from events e join event_orbat_snapshots s on s.event_id = e.id order by e.date desc limit 1`
  )[0]!

async function acceptNextConfirm(page: Page, text: string | RegExp) {
  void acceptConfirm(page, typeof text === 'string' ? new RegExp(`^${text.replace(/[.?]/g, '\\$&')}`) : text)
}

// With JavaScript at the phone's width only: the no-JS journey checks axe at both widths on every state, and the
// a11y spec each page's desktop layout with JavaScript.
for (const size of [WIDTHS[1]]) {
  test(`history, diff and restore with a confirm that puts members back (${size.width} px)`, async ({
    page,
    login,
    db,
    orbatLock,
    baseURL,
  }) => {
    void orbatLock
    await withOrbatPutBack(db, async () => {
      await page.setViewportSize(size)
      await login('demo_admin')
      // An import frees the seeded members' slots; restoring the version before it puts them back, and says so first.
      const before = await saveAsItStands(page, baseURL!)
      const held = await heldSlotCount(db)
      await importMission(page, baseURL!)
      expect(await heldSlotCount(db)).toBeLessThan(held)
      const newest = await newestVersion(db)
      await page.goto('/admin/orbat/history')
      await expect(page.getByRole('heading', { name: 'ORBAT History' })).toBeVisible()
      const rows = page.getByTestId('version-row')
      await expect(rows.first()).toContainText(`Version ${newest}`)
      await expectNoAxeViolations(page, `orbat history ${size.width}`)

      // The import's version shows what it changed; the version before it, who a restore puts back (its own diff
      // may be empty: the ORBAT as it stood).
      await page.getByRole('link', { name: `Version ${newest}`, exact: true }).click()
      await expect(page.getByRole('region', { name: `Version ${newest}` }).getByTestId('version-diff')).toBeVisible()
      await page.getByRole('link', { name: `Version ${before}`, exact: true }).click()
      await expect(page.getByRole('region', { name: `Version ${before}` })).toBeVisible()
      await expect(page.getByTestId('version-reseat')).toContainText(/Hawthorne, .+: put back/)
      await acceptNextConfirm(page, new RegExp(`^Restore version ${before}\\?.* Puts back: .*Hawthorne in `))
      await page.getByRole('button', { name: `Restore version ${before}` }).click()
      await expect(page.getByText(`Version ${before} restored.`)).toBeVisible()
      await expect(page.getByText(/Put back: .*Hawthorne/)).toBeVisible()
      await expect(rows.first()).toContainText(`Restored version ${before}`)
      // The page shows the version the restore made (the ORBAT now), with no Restore of its own.
      const made = await newestVersion(db)
      await expect(page).toHaveURL(new RegExp(`version=${made}$`))
      await expect(page.getByRole('region', { name: `Version ${made}` })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Restore version / })).toHaveCount(0)
      expect(await heldSlotCount(db)).toBe(held)
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
    // The question comes once the version to go back to is read: a no changes nothing.
    const asked = answerConfirm(page, false, /^Undo the last save\?/)
    await page.getByRole('button', { name: 'Undo Last Save' }).click()
    await asked
    await expect(page.getByRole('button', { name: 'Undo Last Save' })).toBeEnabled()
    expect(await newestVersion(db)).toBe(before)
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

// With JavaScript at the phone's width only: the no-JS journey checks axe at both widths on every state, and the
// a11y spec each page's desktop layout with JavaScript.
for (const size of [WIDTHS[1]]) {
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
