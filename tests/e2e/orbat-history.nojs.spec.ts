import { axeViolationsAtEachWidth, WIDTHS } from './a11y.ts'
import { heldSlotCount, importMission, newestVersion, saveAsItStands } from './mission.ts'
import { withOrbatPutBack } from './orbat-snapshot.ts'
import { expect, test } from './fixtures.ts'

// The ORBAT's memory without JavaScript (docs/rules/orbat-history.md), run at a phone's width with axe at 390 and
// 1440 px on each page (without scripts the layout is CSS alone: axeViolationsAtEachWidth): the history list and a
// version's diff, Restore asked on the page's confirm step (undoing an import: it names and puts back the members the
// import freed), an operation's frozen ORBAT as a diagram and a list, and Fill from the ORBAT in the Attendance
// dialog. (Undo in the diagram editor needs JavaScript: orbat-history.spec.ts.)

test.describe.configure({ timeout: 120_000 })

const size = WIDTHS[1]
test(`history, diff, restore on the confirm step; frozen ORBAT; Fill from the ORBAT (${size.width} px)`, async ({
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
    // An import frees the seeded members' slots; restoring the version before it asks on the page, naming who it
    // puts back, and puts them back.
    const before = await saveAsItStands(page, baseURL!)
    const held = await heldSlotCount(db)
    await importMission(page, baseURL!)
    // The import's version shows what it changed; the version before it, who a restore puts back (its own diff may
    // be empty: the ORBAT as it stood).
    const imported = await newestVersion(db)
    await page.goto(`/admin/orbat/history?version=${imported}`)
    await expect(page.getByRole('region', { name: `Version ${imported}` }).getByTestId('version-diff')).toBeVisible()
    await page.goto(`/admin/orbat/history?version=${before}`)
    await expect(page.getByRole('region', { name: `Version ${before}` })).toBeVisible()
    await expect(page.getByTestId('version-reseat')).toContainText(/Hawthorne, .+: put back/)
    expect(await axeViolationsAtEachWidth(page)).toEqual([])
    await page.getByRole('button', { name: `Restore version ${before}` }).click()
    const question = page.getByRole('alertdialog')
    await expect(question).toContainText(`Restore version ${before}?`)
    await expect(question).toContainText(/Puts back: .*Hawthorne in /)
    expect(await axeViolationsAtEachWidth(page)).toEqual([])
    await question.getByRole('button', { name: 'Restore' }).click()
    await expect(page.getByText(`Version ${before} restored.`)).toBeVisible()
    await expect(page.getByText(/Put back: .*Hawthorne/)).toBeVisible()
    expect(await heldSlotCount(db)).toBe(held)

    const [event] = await db<{ id: number; name: string }[]>`
    select e.id, e.name from events e join event_orbat_snapshots s on s.event_id = e.id order by e.date desc limit 1`
    await page.goto(`/roster/events/${event!.id}/orbat`)
    await expect(page.getByTestId('frozen-diagram')).toContainText('Reyes')
    await page.getByRole('link', { name: 'List', exact: true }).click()
    await expect(page.getByTestId('frozen-list')).toContainText('Reyes')
    expect(await axeViolationsAtEachWidth(page)).toEqual([])

    await page.goto(`/admin/roster/events?dialog=attendance&event=${event!.id}`)
    await page.getByRole('dialog').getByRole('link', { name: 'Fill from the ORBAT' }).click()
    await expect(page.getByRole('dialog').getByRole('status')).toContainText('who held a slot in the frozen ORBAT')
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Reyes', exact: true })).toBeChecked()
  })
})

test('the member sees the slot they held on /account and their service record', async ({ page, login }) => {
  await login('reyes', '/account')
  await expect(page.getByTestId('held-slots')).toContainText('You held Medic, Alpha HQ')
  await page.goto('/account/record')
  await expect(page.getByText(/You held Medic, Alpha HQ in Operation Red Tide/)).toBeVisible()
})
