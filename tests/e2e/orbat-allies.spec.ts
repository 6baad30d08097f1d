import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './a11y.ts'
import { expect, loginAs, stubDiscordCdn, test } from './fixtures.ts'
import { addAlly, makeMbekiGuest, refusedSignUp, removeAlly, type TestAlly } from './orbat-allies.ts'
import { expectTapTarget, PHONE } from './orbat-list.ts'
import { restoreOrbat, snapshotOrbat } from './orbat-snapshot.ts'

// Joint operations on the ORBAT with JavaScript (docs/rules/orbat.md, Reservations for allied units): an admin reserves
// a squad for an allied unit in the editor, /orbat shows it, a member is told why they cannot take it, and the unit's
// guest takes it and is shown with the unit's tag; on a phone the list editor reserves a slot. Each test holds the
// `orbatLock` fixture and puts the ORBAT's tables back from a snapshot.

const DESKTOP = { width: 1440, height: 900 } as const
const RESERVED = 'This slot is reserved for Task Force Rhino.'
const GUESTS_ONLY = 'Guests of Task Force Rhino can only take slots reserved for Task Force Rhino.'

function squadCard(page: Page, squad: string) {
  return page.getByRole('article', { name: squad, exact: true })
}

/** One slot row of /orbat: the squad's team, the row whose role line is exactly `role`. */
function slotRow(page: Page, squad: string, team: string, role: string) {
  return squadCard(page, squad)
    .getByRole('group', { name: team, exact: true })
    .getByTestId('slot')
    .filter({ has: page.locator('p', { hasText: new RegExp(`^${role.replace(/[()]/g, '\\$&')}$`) }) })
}

function toast(page: Page, message: string) {
  return page.getByRole('status').filter({ hasText: message })
}

async function apiSlots(page: Page) {
  const response = await page.request.get('/api/orbat', { headers: { 'Cache-Control': 'no-cache' } })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as {
    squads: Array<{ id: number; name: string; reserved_for: number | null }>
    slots: Array<{ id: number; squad_id: number; role: string; own_reserved_for: number | null }>
  }
  return body
}

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP })

  test('an admin reserves a squad for an allied unit; a member is told why, its guest signs up with the tag', async ({
    page,
    browser,
    baseURL,
    serverInfo,
    login,
    db,
    orbatLock,
  }) => {
    test.setTimeout(90_000)
    void orbatLock
    const snapshot = await snapshotOrbat(db)
    let ally: TestAlly | undefined
    try {
      ally = await addAlly(db, 'Task Force Rhino', 'TFR')
      await login('demo_admin', '/admin/orbat')
      const bravo = squadCard(page, 'Bravo')
      await bravo.getByRole('button', { name: 'Edit Bravo' }).click()
      await bravo.getByLabel('Squad reserved for').selectOption({ label: 'TFR · Task Force Rhino' })
      await expect(toast(page, 'Squad reserved for TFR (requires save to persist).')).toBeVisible()
      await expect(bravo.getByTestId('reserved-badge')).toHaveText(/Reserved · TFR/)
      await expectNoAxeViolations(page, 'the ORBAT editor with reservations @1440px')
      await page.getByRole('button', { name: 'Save ORBAT' }).click()
      await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
      const stored = await apiSlots(page)
      expect(stored.squads.find((s) => s.name === 'Bravo')?.reserved_for).toBe(ally.id)

      // A member (the admin is one) sees the tag on every slot of the squad, and why the open ones are not theirs.
      await page.goto('/orbat')
      const gunner = slotRow(page, 'Bravo', 'Weapons Team', 'Machine Gunner')
      await expect(gunner.getByTestId('reserved-badge')).toHaveAttribute('title', 'Reserved for Task Force Rhino')
      await expect(gunner.getByText('Reserved for Task Force Rhino')).toHaveCount(1)
      const refused = refusedSignUp(gunner, 'Machine Gunner in Bravo', RESERVED)
      await expect(refused).toBeDisabled()
      await expect(refused).toHaveText('Reserved')
      await expect(slotRow(page, 'Alpha', 'Alpha HQ', 'Medic').getByTestId('reserved-badge')).toHaveCount(0)
      await expectNoAxeViolations(page, '/orbat with a reserved squad, a member @1440px')

      // The guest: a person off the roster who joined the allied unit.
      const guestContext = await browser.newContext({ baseURL, viewport: DESKTOP })
      try {
        await stubDiscordCdn(guestContext)
        const guest = await guestContext.newPage()
        await loginAs(guest, 'mbeki', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
        await makeMbekiGuest(db, ally)
        await guest.goto('/orbat')
        await expect(guest.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
        await expect(
          refusedSignUp(slotRow(guest, 'Alpha', 'Alpha HQ', 'Medic'), 'Medic in Alpha', GUESTS_ONLY),
        ).toHaveText('Members only')
        const row = slotRow(guest, 'Bravo', 'Fireteam 1', 'Autorifleman')
        await row.getByRole('button', { name: 'Sign up for Autorifleman in Bravo', exact: true }).click()
        await expect(toast(guest, 'Successfully signed up!')).toBeVisible()
        await expect(row).toContainText('Mbeki [TFR]')
        await expectNoAxeViolations(guest, '/orbat, a guest in a reserved slot @1440px')
        // The member's page hears of it live.
        await expect(slotRow(page, 'Bravo', 'Fireteam 1', 'Autorifleman')).toContainText('Mbeki [TFR]')
      } finally {
        await guestContext.close()
      }
    } finally {
      await restoreOrbat(db, snapshot)
      await removeAlly(db, ally)
    }
  })
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  test('the list editor reserves a slot for an allied unit with a 44 px control, and Save ORBAT stores it', async ({
    page,
    login,
    db,
    orbatLock,
  }) => {
    void orbatLock
    const snapshot = await snapshotOrbat(db)
    let ally: TestAlly | undefined
    try {
      ally = await addAlly(db, 'Task Force Rhino', 'TFR')
      await login('demo_admin', '/admin/orbat')
      const list = page.getByTestId('orbat-list-editor')
      const row = list.getByRole('article', { name: 'Alpha', exact: true }).getByTestId('editor-slot').nth(1)
      const reservedFor = row.getByLabel('Reserved for', { exact: true })
      await expectTapTarget(reservedFor)
      await reservedFor.selectOption({ label: 'TFR · Task Force Rhino' })
      await expect(toast(page, 'Slot reserved for TFR (requires save to persist).')).toBeVisible()
      await page.getByRole('button', { name: 'Save ORBAT (1 unsaved change)' }).tap()
      await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
      const { squads, slots } = await apiSlots(page)
      const alpha = squads.find((s) => s.name === 'Alpha')!
      const medic = slots.find((s) => s.squad_id === alpha.id && s.role === 'Medic')
      expect(medic?.own_reserved_for).toBe(ally.id)
    } finally {
      await restoreOrbat(db, snapshot)
      await removeAlly(db, ally)
    }
  })
})
