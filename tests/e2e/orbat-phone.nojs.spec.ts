import { expect, test } from './fixtures.ts'
import {
  enabledButtons,
  expectTapTarget,
  listSlot,
  orbatList,
  PHONE,
  SQUADS_IN_ORDER,
  toast,
  yourSlot,
} from './orbat-list.ts'

// The ORBAT on a phone without JavaScript (chromium-nojs project): CSS shows the list below `md` with no script,
// sign-up is one form post, the pinned slot's Leave goes through the page's confirmation, the squad filter is a GET
// form, the Diagram / List toggle is a form post that the server remembers in a cookie, and a banned member's page
// offers nothing that would fail. Tests that change the ORBAT take the `orbatLock` fixture.

test.use({ viewport: PHONE })

const LEAVE_CONFIRM = 'Are you sure you want to leave this slot?'

test('without JavaScript a member filters the list, signs up with one tap, sees the slot pinned, and leaves', async ({
  page,
  login,
  orbatLock,
}) => {
  void orbatLock
  await login('reyes', '/orbat')
  const list = orbatList(page)
  await expect(list).toBeVisible()
  await expect(page.getByRole('application', { name: 'Order of battle diagram' })).toBeHidden()
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(SQUADS_IN_ORDER)

  await list.getByLabel('Squad', { exact: true }).selectOption({ label: 'Bravo' })
  await list.getByRole('button', { name: 'Show' }).click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.searchParams.has('squad'))
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Bravo'])

  const row = listSlot(page, 'Bravo', 'Fireteam 1', 'Autorifleman')
  await expect(row).toContainText('OPEN')
  const signUp = row.getByRole('button', { name: 'Sign up for Autorifleman in Bravo' })
  await expectTapTarget(signUp)
  const [post] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/orbat'),
    signUp.click(),
  ])
  expect((await post.response())?.status()).toBe(302)
  await page.waitForURL((url) => url.pathname === '/orbat' && url.searchParams.has('squad'))
  await expect(toast(page, 'Successfully signed up!')).toBeVisible()
  await expect(row).toContainText('Reyes')
  const pinned = yourSlot(page)
  await expect(pinned).toHaveText(/^Your slot: Autorifleman · Fireteam 1 · Bravo\s*Leave$/)
  await expect(pinned).toBeInViewport()

  // Leave from the pinned card: the page asks first, and comes back to the filtered list.
  await pinned.getByRole('button', { name: 'Leave Autorifleman in Bravo' }).click()
  const confirm = page.getByRole('alertdialog', { name: LEAVE_CONFIRM })
  await expect(confirm).toBeInViewport()
  await expect(confirm).toContainText('Autorifleman in Bravo')
  await confirm.getByRole('button', { name: 'Leave' }).click()
  await page.waitForURL(
    (url) => url.pathname === '/orbat' && url.searchParams.has('squad') && !url.searchParams.has('leave'),
  )
  await expect(toast(page, 'You have left the slot.')).toBeVisible()
  await expect(pinned).toHaveCount(0)
  await expect(row).toContainText('OPEN')
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Bravo'])
})

test('without JavaScript the Diagram / List toggle posts, and the server renders the remembered view', async ({
  page,
  context,
  orbatLock,
}) => {
  void orbatLock
  await page.goto('/orbat')
  await expect(orbatList(page)).toBeVisible()
  await page.getByRole('button', { name: 'Diagram', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/orbat')
  await expect(page.getByRole('article', { name: 'Command', exact: true })).toBeVisible()
  await expect(orbatList(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Diagram', exact: true })).toHaveAttribute('aria-pressed', 'true')
  expect((await context.cookies()).find((cookie) => cookie.name === 'orbat_view')?.value).toBe('diagram')
  // Before any script the CSS places the diagram readable (0.75x), not fitted to 0.25x.
  const zoom = await page
    .locator('.react-flow__viewport')
    .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a)
  expect(zoom).toBeGreaterThanOrEqual(0.75)

  await page.getByRole('button', { name: 'List', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/orbat')
  await expect(orbatList(page)).toBeVisible()
  await expect(page.locator('.react-flow')).toHaveCount(0)
})

test("without JavaScript a banned member's /orbat and /trainings offer no action that would fail", async ({
  page,
  login,
}) => {
  await login('banned_blake', '/orbat')
  await expect(orbatList(page).getByText('Banned members cannot sign up.', { exact: true })).toBeVisible()
  await expect(
    orbatList(page)
      .getByRole('button', { name: /^Sign up for .+: Banned members cannot sign up\.$/ })
      .first(),
  ).toBeDisabled()
  // Without JavaScript the squad filter has its Show button: an action that works.
  expect(await enabledButtons(page)).toEqual(['List', 'Diagram', 'Show'])

  await page.getByTestId('waitlist-button').click()
  const panel = page.getByRole('complementary', { name: 'Waitlist' })
  await expect(panel.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled()
  await expect(panel.getByText('Banned members cannot join the waitlist.', { exact: true })).toBeVisible()

  await page.goto('/trainings')
  await expect(page.getByTestId('training').first()).toBeVisible()
  await expect(page.getByTestId('signup-refusal').first()).toHaveText('Banned members cannot sign up for trainings.')
  expect(await enabledButtons(page)).toEqual([])
})
