import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, loginAs, stubDiscordCdn, test } from './fixtures.ts'
import { acceptConfirm } from './page-kit.ts'
import {
  diagramZoom,
  enabledButtons,
  expectTapTarget,
  listSlot,
  orbatList,
  PHONE,
  SQUADS_IN_ORDER,
  toast,
  yourSlot,
} from './orbat-list.ts'

// The ORBAT on a phone, with JavaScript: below `md` /orbat is a list of the same live data, the member's slot pinned on
// top, a squad filter, a Diagram / List toggle that is remembered, a diagram that opens readable, and no enabled action
// that the server would refuse. Tests that change the shared ORBAT take the `orbatLock` fixture.

test.use({ viewport: PHONE, hasTouch: true })

/** The page is hydrated and connected to the live stream (Server-Sent Events). */
async function openLiveOrbat(page: Page, path = '/orbat') {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'ORBAT' })).toBeVisible()
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
}

const diagram = (page: Page) => page.getByRole('application', { name: 'Order of battle diagram' })

test('a member finds an open slot in the list, signs up with one tap, sees it pinned on top, and leaves', async ({
  page,
  login,
  orbatLock,
}) => {
  void orbatLock
  await login('reyes')
  await openLiveOrbat(page)

  // The list, not the diagram: squads as cards in the diagram's reading order.
  const list = orbatList(page)
  await expect(list).toBeVisible()
  await expect(diagram(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(SQUADS_IN_ORDER)

  // The squad filter narrows the list to Alpha (in the URL, so a reload or a shared link keeps it).
  await list.getByLabel('Squad', { exact: true }).selectOption({ label: 'Alpha' })
  await expect(page).toHaveURL(/\/orbat\?squad=\d+$/)
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Alpha'])

  const row = listSlot(page, 'Alpha', 'Alpha HQ', 'Medic')
  await expect(row).toContainText('OPEN')
  await expect(row).toContainText('Requires Combat Medic')
  const signUp = row.getByRole('button', { name: 'Sign up for Medic in Alpha' })
  await expectTapTarget(signUp)
  await signUp.tap()

  await expect(toast(page, 'Successfully signed up!')).toBeVisible()
  await expect(row).toContainText('Reyes')
  await expect(row.getByText('OPEN', { exact: true })).toHaveCount(0)
  const pinned = yourSlot(page)
  await expect(pinned).toHaveText(/^Your slot: Medic · Alpha HQ · Alpha\s*Leave$/)
  await expect(pinned).toBeInViewport()
  // Pinned above the filter and the squads; the filter is still on.
  expect((await pinned.boundingBox())!.y).toBeLessThan(
    (await list.getByLabel('Squad', { exact: true }).boundingBox())!.y,
  )
  await expect(page).toHaveURL(/\/orbat\?squad=\d+$/)

  const leave = pinned.getByRole('button', { name: 'Leave Medic in Alpha' })
  await expectTapTarget(leave)
  void acceptConfirm(page)
  await leave.tap()
  await expect(toast(page, 'You have left the slot.')).toBeVisible()
  await expect(pinned).toHaveCount(0)
  await expect(row).toContainText('OPEN')
  await expect(row.getByRole('button', { name: 'Sign up for Medic in Alpha' })).toBeEnabled()
})

test('the list updates live when somebody signs up in another browser', async ({
  page,
  browser,
  baseURL,
  serverInfo,
  orbatLock,
}) => {
  void orbatLock
  await openLiveOrbat(page)
  await page.evaluate(() => {
    ;(window as unknown as { sameDocument: string }).sameDocument = 'yes'
  })
  const row = listSlot(page, 'Command', 'Attachments', 'JTAC')
  await expect(row).toContainText('OPEN')

  const context = await browser.newContext({ serviceWorkers: 'block', baseURL, viewport: PHONE, hasTouch: true })
  const problems: string[] = []
  try {
    await stubDiscordCdn(context)
    const other = await context.newPage()
    other.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await loginAs(other, 'novak', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    await openLiveOrbat(other)
    const signedUpAt = Date.now()
    await listSlot(other, 'Command', 'Attachments', 'JTAC')
      .getByRole('button', { name: 'Sign up for JTAC in Command' })
      .tap()
    await expect(row).toContainText('Novak', { timeout: 2_000 })
    const seenAfterMs = Date.now() - signedUpAt
    await expect(row.getByText('OPEN', { exact: true })).toHaveCount(0)
    // Anonymous: nobody's Leave.
    await expect(row.getByRole('button')).toHaveCount(0)

    void acceptConfirm(other)
    await yourSlot(other).getByRole('button', { name: 'Leave JTAC in Command' }).tap()
    await expect(row).toContainText('OPEN', { timeout: 2_000 })
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: string }).sameDocument)).toBe('yes')
    test
      .info()
      .annotations.push({ type: 'live latency', description: `sign-up seen in the list after ${seenAfterMs} ms` })
    expect(problems, 'the other page logged errors').toEqual([])
  } finally {
    await context.close()
  }
})

test('Diagram / List: the choice is remembered across reloads, and the diagram opens at a readable zoom', async ({
  page,
  context,
  orbatLock,
}) => {
  void orbatLock
  await openLiveOrbat(page)
  await expectTapTarget(listSlot(page, 'Command', 'HQ', 'Radio Operator'))

  await page.getByRole('button', { name: 'Diagram', exact: true }).tap()
  await expect(diagram(page)).toBeVisible()
  await expect(orbatList(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Diagram', exact: true })).toHaveAttribute('aria-pressed', 'true')
  expect((await context.cookies()).find((cookie) => cookie.name === 'orbat_view')?.value).toBe('diagram')
  await expect(page.locator('.orbat-prefit')).toHaveCount(0)
  // Readable (0.75x at least, not the 0.25x a fit of the whole ORBAT gives on a phone), from the top-left.
  expect(await diagramZoom(page)).toBeGreaterThanOrEqual(0.75)
  await expect(page.getByRole('article', { name: 'Command', exact: true })).toBeInViewport({ ratio: 0.5 })
  await expect(page.getByRole('button', { name: 'Fit View' })).toBeVisible()

  await page.reload()
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
  await expect(diagram(page)).toBeVisible()
  await expect(orbatList(page)).toHaveCount(0)

  await page.getByRole('button', { name: 'List', exact: true }).tap()
  await expect(orbatList(page)).toBeVisible()
  await expect(diagram(page)).toHaveCount(0)
  await page.reload()
  await expect(orbatList(page)).toBeVisible()
  expect((await context.cookies()).find((cookie) => cookie.name === 'orbat_view')?.value).toBe('list')
})

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the diagram is the default and its first view is readable: 0.75x from the top-left, zoom controls kept', async ({
    page,
    orbatLock,
  }) => {
    void orbatLock
    await openLiveOrbat(page)
    await expect(diagram(page)).toBeVisible()
    await expect(orbatList(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Diagram', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.orbat-prefit')).toHaveCount(0)
    // The whole demo ORBAT would fit at about 0.5x here (text 5-6 px); the first view stays at 0.75x.
    expect(await diagramZoom(page)).toBeCloseTo(0.75, 2)
    await expect(page.getByRole('article', { name: 'Command', exact: true })).toBeInViewport()
    await expect(page.getByRole('article', { name: 'Alpha', exact: true })).toBeInViewport({ ratio: 0.5 })

    // Fit View still shows everything, smaller.
    await page.getByRole('button', { name: 'Fit View' }).click()
    await expect.poll(() => diagramZoom(page)).toBeLessThan(0.75)
    await expect(page.getByRole('article', { name: 'Raven (Air)', exact: true })).toBeInViewport()
  })
})

test.describe('actions that cannot succeed are not offered', () => {
  test("a banned member's /orbat and /trainings show the reason, and no enabled action that would fail", async ({
    page,
    login,
    request,
    orbatLock,
  }) => {
    void orbatLock
    const { slots } = (await (await request.get('/api/orbat')).json()) as {
      slots: Array<{ role: string; user_id: number | null; manual_username: string | null }>
    }
    const open = slots.filter(
      (s) => !s.role.startsWith('---') && s.user_id === null && s.manual_username === null,
    ).length
    await login('banned_blake')
    await openLiveOrbat(page)

    // The list: every open slot says Banned on a disabled control; the reason above the squads.
    const list = orbatList(page)
    await expect(list.getByText('Banned members cannot sign up.', { exact: true })).toBeVisible()
    const refused = list.getByRole('button', { name: /^Sign up for .+: Banned members cannot sign up\.$/ })
    await expect(refused).toHaveCount(open)
    for (const button of await refused.all()) await expect(button).toBeDisabled()
    await expect(refused.first()).toHaveText('Banned')
    expect(await enabledButtons(page)).toEqual(['List', 'Diagram'])

    // The waitlist: Join Waitlist disabled, with the reason.
    await page.getByTestId('waitlist-button').tap()
    const sheet = page.getByRole('dialog', { name: 'Waitlist' })
    await expect(sheet.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled()
    await expect(sheet.getByText('Banned members cannot join the waitlist.', { exact: true })).toBeVisible()
    await expect(sheet.getByRole('button', { name: 'Join Waitlist' })).toHaveAccessibleDescription(
      'Banned members cannot join the waitlist.',
    )
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()

    // The diagram: the same.
    await page.getByRole('button', { name: 'Diagram', exact: true }).tap()
    await expect(diagram(page)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Sign up for .+: Banned members cannot sign up\.$/ })).toHaveCount(
      open,
    )
    expect(
      (await enabledButtons(page)).filter(
        (name) => !['List', 'Diagram', 'Zoom In', 'Zoom Out', 'Fit View'].includes(name),
      ),
    ).toEqual([])

    // Trainings: Sign Up disabled with the reason, on every upcoming training (past ones offer no Sign Up at all).
    await page.goto('/trainings')
    const trainings = page.getByTestId('training')
    const past = page.locator('#past-trainings').getByTestId('training')
    await expect(trainings.first()).toBeVisible()
    const count = (await trainings.count()) - (await past.count())
    expect(count).toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toHaveCount(count)
    for (const button of await page.getByRole('button', { name: 'Sign Up', exact: true }).all()) {
      await expect(button).toBeDisabled()
      await expect(button).toHaveAccessibleDescription('Banned members cannot sign up for trainings.')
    }
    expect(await enabledButtons(page)).toEqual([])
  })

  test('a member without an eligible role is told why instead of pressing Join Waitlist; role-locked slots name the role', async ({
    page,
    login,
    orbatLock,
  }) => {
    void orbatLock
    await login('recruit_lee')
    await openLiveOrbat(page)

    // Role-locked slots: the role is named for everyone; for Lee a disabled Role required. The unlocked JTAC is his.
    const medic = listSlot(page, 'Command', 'HQ', 'Platoon Medic')
    await expect(medic).toContainText('Requires Combat Medic')
    const refused = medic.getByRole('button', {
      name: 'Sign up for Platoon Medic in Command: This slot is locked to Combat Medic. You do not have the required Discord role.',
    })
    await expect(refused).toBeDisabled()
    await expect(refused).toHaveText('Role required')
    await expect(
      listSlot(page, 'Command', 'Attachments', 'JTAC').getByRole('button', { name: 'Sign up for JTAC in Command' }),
    ).toBeEnabled()

    await page.getByTestId('waitlist-button').tap()
    const sheet = page.getByRole('dialog', { name: 'Waitlist' })
    await expect(sheet.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled()
    await expect(
      sheet.getByText('You need an eligible Discord role to join the waitlist.', { exact: true }),
    ).toBeVisible()
    await expect(sheet.getByLabel('Squad preference')).toBeDisabled()
  })
})
