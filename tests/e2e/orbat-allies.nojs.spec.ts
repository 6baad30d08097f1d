import type { Page } from '@playwright/test'
import { axeViolationsAtEachWidth } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { addAlly, makeMbekiGuest, refusedSignUp, removeAlly, reserveSquad, type TestAlly } from './orbat-allies.ts'
import { enabledButtons, listSlot, orbatList, PHONE, toast } from './orbat-list.ts'
import { withOrbatPutBack } from './orbat-snapshot.ts'

// Joint operations on /orbat without JavaScript, on a phone (docs/rules/orbat.md, Reservations for allied units): the
// server render shows a reserved slot's tag, a member the reason instead of a Sign up that would fail, and a guest of
// the allied unit only their unit's slots to take; the guest signs up with a plain form post and shows with the tag.

test.use({ viewport: PHONE })

const UNIT = 'Joint Task Force Kilo'
const RESERVED = `This slot is reserved for ${UNIT}.`
const GUESTS_ONLY = `Guests of ${UNIT} can only take slots reserved for ${UNIT}.`

async function expectNoAxe(page: Page, where: string) {
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

test('a reserved squad: a member sees the tag and the reason, the guest takes a slot and shows with the tag', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  test.setTimeout(90_000)
  void orbatLock
  let ally: TestAlly | undefined
  await withOrbatPutBack(db, async () => {
    try {
      ally = await addAlly(db, UNIT, 'JTK')
      await reserveSquad(db, 'Bravo', ally)

      await login('reyes', '/orbat')
      const gunner = listSlot(page, 'Bravo', 'Weapons Team', 'Machine Gunner')
      await expect(gunner.getByTestId('reserved-badge')).toContainText('JTK')
      await expect(gunner.getByText(`Reserved for ${UNIT}`)).toHaveCount(1)
      await expect(refusedSignUp(gunner, 'Machine Gunner in Bravo', RESERVED)).toBeDisabled()
      // No button that would fail: nothing in Bravo can be pressed.
      const bravo = orbatList(page).getByRole('article', { name: 'Bravo', exact: true })
      expect(
        await bravo
          .getByRole('button')
          .evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).length),
      ).toBe(0)
      await expectNoAxe(page, '/orbat with a reserved squad, a member (no JavaScript)')

      await login('mbeki')
      await makeMbekiGuest(db, ally)
      await page.goto('/orbat')
      await expect(orbatList(page).getByText(GUESTS_ONLY)).toBeVisible()
      await expect(
        refusedSignUp(listSlot(page, 'Alpha', 'Alpha HQ', 'Medic'), 'Medic in Alpha', GUESTS_ONLY),
      ).toHaveText('Members only')
      // The guest may press only the sign-ups of the slots reserved for their unit.
      for (const name of await enabledButtons(page))
        if (name.startsWith('Sign up for')) expect(name, 'an enabled sign-up').toMatch(/ in Bravo$/)
      const row = listSlot(page, 'Bravo', 'Fireteam 1', 'Autorifleman')
      await row.getByRole('button', { name: 'Sign up for Autorifleman in Bravo', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/orbat' && url.search === '')
      await expect(toast(page, 'Successfully signed up!')).toBeVisible()
      await expect(row).toContainText('Mbeki [JTK]')
      await expectNoAxe(page, '/orbat, a guest in a reserved slot (no JavaScript)')
    } finally {
      await removeAlly(db, ally)
    }
  })
})
