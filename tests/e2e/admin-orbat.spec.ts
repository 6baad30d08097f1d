import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations, WIDTHS } from './a11y.ts'
import { expect, loginAs, stubDiscordCdn, test } from './fixtures.ts'
import { expectTapTarget, PHONE, SQUADS_IN_ORDER } from './orbat-list.ts'
import { restoreOrbat, snapshotOrbat } from './orbat-snapshot.ts'
import { acceptConfirm, answerConfirm } from './page-kit.ts'

// The admin ORBAT editor with JavaScript (docs/rules/orbat.md, the editor): local edits, Save ORBAT, duplicate/delete
// with confirms, presets, Discard Changes. Tests that save take the `orbatLock` fixture and put the seeded ORBAT back
// from a snapshot of its tables at the end (tests/e2e/orbat-snapshot.ts).

interface ApiOrbat {
  squads: Array<{ id: number; name: string; pos_x: number; pos_y: number; discord_channel_id: string | null }>
  slots: Array<{
    id: number
    squad_id: number
    team: string
    role: string
    user_id: number | null
    manual_username: string | null
    required_role_id: string | null
  }>
  edges: Array<{ source: string; target: string; sourceHandle: string | null; targetHandle: string | null }>
  waypoints: unknown[]
  pax_counters: unknown[]
}

async function apiOrbat(page: Page): Promise<ApiOrbat> {
  const response = await page.request.get('/api/orbat', { headers: { 'Cache-Control': 'no-cache' } })
  expect(response.status()).toBe(200)
  return (await response.json()) as ApiOrbat
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('status').filter({ hasText: message })
}

function errorToast(page: Page, message: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: message })
}

function squadCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true })
}

function flowNode(page: Page, squad: string) {
  return page.locator('.react-flow__node', { has: squadCard(page, squad) })
}

async function openEditor(page: Page) {
  await page.goto('/admin/orbat')
  await expect(page.getByRole('heading', { level: 1, name: /ORBAT/ })).toBeVisible()
  await expect(squadCard(page, 'Alpha')).toBeVisible()
  // The no-script message is the server render's only; the editor replaced it.
  await expect(page.getByTestId('needs-javascript')).toHaveCount(0)
}

async function menu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Actions' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/**
 * Waits until the diagram stops moving: React Flow animates its fit and the pans that bring a focused card into view
 * (150-200 ms), and a measurement taken mid-flight reads a card where it is passing. Settled is the viewport's
 * transform unchanged over six frames in a row.
 */
async function viewportSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const viewport = document.querySelector<HTMLElement>('.react-flow__viewport')
              const first = viewport?.style.transform
              let frames = 0
              const step = () => {
                if (viewport?.style.transform !== first) return resolve(false)
                if (++frames >= 6) return resolve(true)
                requestAnimationFrame(step)
              }
              requestAnimationFrame(step)
            }),
        ),
      { intervals: [0] },
    )
    .toBe(true)
}

/** Fits the whole diagram in view (the canvas does not scroll), after any pan animation of a focused field ends. */
async function fitView(page: Page) {
  await viewportSettled(page)
  await page.getByRole('button', { name: 'Fit View' }).click()
  await viewportSettled(page)
}

/** Drags from a source handle to a target handle with the mouse, as a person connects two nodes. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 })
  await page.mouse.up()
}

test('an admin adds a squad with teams, slots and a spacer, connects it, saves, and /orbat shows it', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  // Many steps, each waiting for the page: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  try {
    await login('demo_admin')
    await openEditor(page)
    const pax = page.getByTestId('pax-counter')
    const totalBefore = Number((await pax.textContent())!.match(/(\d+)\s*\/\s*(\d+)/)![2])

    await menu(page, 'Add Squad')
    await expect(toast(page, 'Squad added (requires save to persist).')).toBeVisible()
    let card = squadCard(page, 'New Squad')
    await expect(card).toHaveAttribute('data-editing', 'true')
    // A new squad has a default team with one open slot, counted at once by the pax counter.
    await expect(card.getByRole('group', { name: 'Team Team 1' }).getByTestId('editor-slot')).toHaveCount(1)
    await expect(pax).toContainText(`/ ${totalBefore + 1}`)

    // Rename: empty is refused, Backspace in the field edits the text and never deletes the node.
    const name = card.getByLabel('Squad name')
    await name.fill('')
    await name.press('Enter')
    await expect(errorToast(page, 'Squad name cannot be empty.')).toBeVisible()
    await expect(name).toHaveValue('New Squad')
    await name.fill('E2E Squadx')
    await name.press('Backspace')
    await name.press('Enter')
    card = squadCard(page, 'E2E Squad')
    await expect(card).toBeVisible()

    // Team 1: a second slot with a role, a manual name and no lock; a spacer.
    const team1 = card.getByRole('group', { name: 'Team Team 1' })
    await team1.getByRole('button', { name: 'Add slot to Team 1' }).click()
    await expect(team1.getByTestId('editor-slot')).toHaveCount(2)
    const second = team1.getByTestId('editor-slot').nth(1)
    await second.getByLabel('Role', { exact: true }).fill('E2E Medic')
    await second.getByLabel('Role', { exact: true }).press('Enter')
    await second.getByLabel('Role Lock').selectOption('')
    await second.getByLabel('Assigned', { exact: true }).fill('Manual Joe')
    await second.getByLabel('Assigned', { exact: true }).press('Enter')
    await expect(pax).toContainText(`/ ${totalBefore + 2}`)
    await team1.getByRole('button', { name: 'Add spacer to Team 1' }).click()
    await team1.getByLabel('Spacer text').fill('fire support')
    await team1.getByLabel('Spacer text').press('Enter')
    await expect(team1.getByTestId('editor-spacer').getByLabel('Spacer text')).toHaveValue('FIRE SUPPORT')
    // Spacers are not slots: the total is unchanged.
    await expect(pax).toContainText(`/ ${totalBefore + 2}`)

    // A second team, renamed, moved above Team 1. (The canvas does not scroll: fit the view to reach the card's end.)
    await fitView(page)
    await card.getByRole('button', { name: '+ Add Team' }).click()
    const team2 = card.getByRole('group', { name: 'Team Team 2' })
    await team2.getByLabel('Team name').fill('E2E Recon')
    await team2.getByLabel('Team name').press('Enter')
    const recon = card.getByRole('group', { name: 'Team E2E Recon' })
    // Focusing a field zooms the canvas in on it (keyboard users): fit again to reach the rest of the card.
    await fitView(page)
    await recon.getByRole('button', { name: 'Move team E2E Recon up' }).click()
    await expect(card.getByTestId('editor-team').first()).toHaveAttribute('aria-label', 'Team E2E Recon')

    // Collapse the card and connect it to Raven (Air): drag its right (source) handle to Raven's left (target) one.
    await fitView(page)
    await card.getByRole('button', { name: 'Done editing E2E Squad' }).click()
    await expect(card.getByText('OPEN', { exact: true })).toHaveCount(2)
    await expect(card.getByText('Manual Joe')).toBeVisible()
    await fitView(page)
    const edgesBefore = await page.locator('.react-flow__edge').count()
    await connect(
      page,
      flowNode(page, 'E2E Squad').locator('.react-flow__handle-right'),
      flowNode(page, 'Raven (Air)').locator('.react-flow__handle-left'),
    )
    await expect(page.locator('.react-flow__edge')).toHaveCount(edgesBefore + 1)
    await expect(toast(page, 'Connection added (requires save to persist).')).toBeVisible()

    // Nothing is stored yet.
    expect((await apiOrbat(page)).squads.map((s) => s.name)).not.toContain('E2E Squad')

    await page.getByRole('button', { name: 'Save ORBAT' }).click()
    await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
    await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'false')
    await expect.poll(async () => (await apiOrbat(page)).squads.map((s) => s.name)).toContain('E2E Squad')

    const stored = await apiOrbat(page)
    const squad = stored.squads.find((s) => s.name === 'E2E Squad')!
    const raven = stored.squads.find((s) => s.name === 'Raven (Air)')!
    expect(squad.id).toBeGreaterThan(0)
    expect(stored.edges).toContainEqual(
      expect.objectContaining({
        source: `squad-${squad.id}`,
        target: `squad-${raven.id}`,
        sourceHandle: 'right',
        targetHandle: 'left',
      }),
    )
    const rows = stored.slots.filter((s) => s.squad_id === squad.id)
    expect(rows.map((s) => [s.team, s.role, s.manual_username])).toEqual(
      expect.arrayContaining([
        ['Team 1', 'Rifleman', null],
        ['Team 1', 'E2E Medic', 'Manual Joe'],
        ['Team 1', '---FIRE SUPPORT---', null],
        ['E2E Recon', 'Rifleman', null],
      ]),
    )

    // The public page shows it.
    await page.goto('/orbat')
    const publicCard = squadCard(page, 'E2E Squad')
    await expect(publicCard).toBeVisible()
    await expect(publicCard.getByRole('group', { name: 'E2E Recon' })).toBeVisible()
    const publicTeam1 = publicCard.getByRole('group', { name: 'Team 1', exact: true })
    await expect(publicTeam1.getByTestId('slot').filter({ hasText: 'E2E Medic' })).toContainText('Manual Joe')
    await expect(publicTeam1.getByText('FIRE SUPPORT', { exact: true })).toBeVisible()
    await expect(publicCard.getByTitle('People')).toHaveText('People: 1')
  } finally {
    await restoreOrbat(db, snapshot)
  }
})

test('duplicate and delete a squad, each delete after a confirm', async ({ page, login, db, orbatLock }) => {
  // Many steps, each waiting for the page: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  try {
    await login('demo_admin')
    await openEditor(page)
    await page.getByRole('button', { name: 'Edit Alpha', exact: true }).click()
    await squadCard(page, 'Alpha').getByRole('button', { name: 'Duplicate' }).click()
    await expect(toast(page, 'Squad duplicated (requires save to persist).')).toBeVisible()
    const copy = squadCard(page, 'Alpha (Copy)')
    await expect(copy).toBeVisible()
    // People are cleared in the copy; the original keeps them.
    await expect(copy.getByText('Brennan')).toHaveCount(0)
    // Brennan holds his slot as a member (his account): his name shows read-only.
    await expect(squadCard(page, 'Alpha').getByTestId('assigned-member').first()).toContainText('Brennan')
    const original = await flowNode(page, 'Alpha').evaluate((el) => el.style.transform)
    const duplicate = await flowNode(page, 'Alpha (Copy)').evaluate((el) => el.style.transform)
    const xy = (t: string) =>
      t
        .match(/translate\(([-\d.]+)px, ?([-\d.]+)px\)/)!
        .slice(1)
        .map(Number)
    expect(xy(duplicate)).toEqual(xy(original).map((v) => v + 40))

    await page.getByRole('button', { name: 'Save ORBAT' }).click()
    await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
    await expect.poll(async () => (await apiOrbat(page)).squads.map((s) => s.name)).toContain('Alpha (Copy)')
    const stored = await apiOrbat(page)
    const copied = stored.squads.find((s) => s.name === 'Alpha (Copy)')!
    expect(copied.discord_channel_id).toBeNull()
    const copiedSlots = stored.slots.filter((s) => s.squad_id === copied.id)
    expect(copiedSlots.length).toBe(
      stored.slots.filter((s) => s.squad_id === stored.squads.find((q) => q.name === 'Alpha')!.id).length,
    )
    expect(copiedSlots.every((s) => s.user_id === null && s.manual_username === null)).toBe(true)

    // Delete: dismissing the confirm keeps the squad, accepting it removes it.
    await page.getByRole('button', { name: 'Edit Alpha (Copy)', exact: true }).click()
    const messages: string[] = []
    const dismissed = answerConfirm(page, false)
    await squadCard(page, 'Alpha (Copy)').getByRole('button', { name: 'Delete squad Alpha (Copy)' }).click()
    messages.push(await dismissed)
    await expect(squadCard(page, 'Alpha (Copy)')).toBeVisible()
    const accepted = answerConfirm(page, true)
    await squadCard(page, 'Alpha (Copy)').getByRole('button', { name: 'Delete squad Alpha (Copy)' }).click()
    messages.push(await accepted)
    await expect(squadCard(page, 'Alpha (Copy)')).toHaveCount(0)
    expect(messages).toEqual([
      'Are you sure you want to delete the squad "Alpha (Copy)" and all its slots?',
      'Are you sure you want to delete the squad "Alpha (Copy)" and all its slots?',
    ])
    await expect(toast(page, 'Squad deleted (requires save to persist).')).toBeVisible()

    await page.getByRole('button', { name: 'Save ORBAT' }).click()
    // The first save's toast may still be showing (5 s): the newest one is this save's.
    await expect(toast(page, 'ORBAT Saved Successfully!').last()).toBeVisible()
    // /api/orbat is a snapshot the server rebuilds on change: give it a moment.
    await expect.poll(async () => (await apiOrbat(page)).squads.map((s) => s.name)).not.toContain('Alpha (Copy)')
    expect((await apiOrbat(page)).squads.map((s) => s.name)).toContain('Alpha')
  } finally {
    await restoreOrbat(db, snapshot)
  }
})

test('a saved preset loads into the editor from the Manage panel and from ?preset=, and saves', async ({
  page,
  login,
  db,
  baseURL,
  orbatLock,
}) => {
  // Many steps, each waiting for the page: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  const presetName = `E2E Preset ${Date.now()}`
  try {
    await login('demo_admin')
    const created = await page.request.post('/api/admin/orbat/presets', {
      data: { name: presetName },
      headers: { Origin: baseURL! },
    })
    expect(created.ok()).toBe(true)
    const { preset } = (await created.json()) as { preset: { id: number; name: string } }

    await openEditor(page)
    // An unsaved local change the preset overwrites.
    await page.getByRole('button', { name: 'Edit Bravo', exact: true }).click()
    await squadCard(page, 'Bravo').getByLabel('Squad name').fill('Bravo Local')
    await squadCard(page, 'Bravo').getByLabel('Squad name').press('Enter')
    await expect(squadCard(page, 'Bravo Local')).toBeVisible()

    await menu(page, 'Manage')
    const sheet = page.getByRole('dialog', { name: 'Admin Settings' })
    await expect(sheet).toBeVisible()
    await sheet.getByRole('tab', { name: 'ORBAT Presets' }).click()
    void acceptConfirm(page)
    await sheet.getByRole('button', { name: `Load ${presetName}` }).click()
    await expect(toast(page, `Preset "${presetName}" loaded (requires save to persist).`)).toBeVisible()
    await expect(squadCard(page, 'Bravo')).toBeVisible()
    await expect(squadCard(page, 'Bravo Local')).toHaveCount(0)
    // A preset has no people.
    await expect(squadCard(page, 'Command').getByText('Hawthorne')).toHaveCount(0)

    await page.getByRole('button', { name: 'Save ORBAT' }).click()
    await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
    await expect.poll(async () => (await apiOrbat(page)).slots.filter((s) => s.manual_username !== null).length).toBe(0)
    const stored = await apiOrbat(page)
    expect(stored.squads.map((s) => s.name).sort()).toEqual(
      (snapshot.squads as Array<{ name: string }>).map((s) => s.name).sort(),
    )
    expect(stored.slots.every((s) => s.manual_username === null && s.user_id === null)).toBe(true)
    expect(stored.edges.length).toBe(snapshot.orbat_edges.length)

    // The settings page without JavaScript links to /admin/orbat?preset=ID: it loads the preset and drops the param.
    await restoreOrbat(db, snapshot)
    await page.goto(`/admin/orbat?preset=${preset.id}`)
    await expect(toast(page, `Preset "${presetName}" loaded (requires save to persist).`)).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/admin/orbat' && !url.searchParams.has('preset'))
    await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'true')
    await expect(squadCard(page, 'Command').getByText('Hawthorne')).toHaveCount(0)
  } finally {
    await db`delete from orbat_presets where name = ${presetName}`
    await restoreOrbat(db, snapshot)
  }
})

test('Discard Changes reloads the ORBAT from the server', async ({ page, login }) => {
  await login('demo_admin')
  await openEditor(page)
  await menu(page, 'Add Squad')
  await expect(squadCard(page, 'New Squad')).toBeVisible()
  // Add Squad brought the new card into view; fit to reach Alpha again.
  await fitView(page)
  await page.getByRole('button', { name: 'Edit Alpha', exact: true }).click()
  await squadCard(page, 'Alpha').getByLabel('Squad name').fill('Alpha Local')
  await squadCard(page, 'Alpha').getByLabel('Squad name').press('Enter')
  await expect(squadCard(page, 'Alpha Local')).toBeVisible()
  await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'true')

  // Unsaved changes: Discard asks first; dismissing keeps them.
  const keep = answerConfirm(page, false, 'Discard your unsaved ORBAT changes and reload the ORBAT from the server?')
  await menu(page, 'Discard Changes')
  await keep
  await expect(squadCard(page, 'Alpha Local')).toBeVisible()
  await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'true')
  const discard = acceptConfirm(page)
  await menu(page, 'Discard Changes')
  await discard
  await expect(squadCard(page, 'New Squad')).toHaveCount(0)
  await expect(squadCard(page, 'Alpha')).toBeVisible()
  await expect(squadCard(page, 'Alpha Local')).toHaveCount(0)
  await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'false')
})

test('the Actions menu works from the keyboard; Delete and Delete Selected remove nodes; leaving unsaved asks first', async ({
  page,
  login,
}) => {
  await login('demo_admin')
  await openEditor(page)
  const actions = page.getByRole('button', { name: 'Actions' })
  await actions.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Add Squad' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Add Waypoint' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Waypoint added (requires save to persist).')).toBeVisible()
  const waypoints = page.getByTestId('editor-waypoint')
  const count = await waypoints.count()
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(actions).toBeFocused()
  await page.keyboard.press('Escape')

  await waypoints.last().click()
  await page.keyboard.press('Delete')
  await expect(waypoints).toHaveCount(count - 1)
  await expect(toast(page, 'Waypoint deleted (requires save to persist).')).toBeVisible()

  // Touch screens have no Delete key: Actions > Delete Selected does the same.
  await menu(page, 'Add Pax Counter')
  const paxCards = page.getByTestId('pax-counter')
  await expect(paxCards).toHaveCount(2)
  await paxCards.last().click()
  await menu(page, 'Delete Selected')
  await expect(paxCards).toHaveCount(1)
  await expect(toast(page, 'Pax counter deleted (requires save to persist).')).toBeVisible()

  await actions.click()
  await expect(page.getByRole('menuitem', { name: 'Back to Admin Hub' })).toHaveAttribute('href', '/admin')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  // Unsaved changes: leaving inside the app asks first. Each answer is awaited (the blocked navigation asks a moment
  // after the click), so a waiting answer can never be left over for the next question.
  const stay = answerConfirm(page, false, 'You have unsaved ORBAT changes. Leave without saving them?')
  await menu(page, 'Back to Admin Hub')
  await stay
  await expect(page).toHaveURL(/\/admin\/orbat$/)
  const leave = acceptConfirm(page)
  await menu(page, 'Back to Admin Hub')
  await leave
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
})

test('a slot held by a signed-up member shows the name read-only until cleared', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  // Many steps, each waiting for the page: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  void orbatLock
  await login('demo_admin')
  const [admin] = await db<Array<{ id: number }>>`select id from users where username = 'demo_admin'`
  const [slot] = await db<Array<{ id: number }>>`
    select s.id from slots s join squads q on q.id = s.squad_id
    where q.name = 'Bravo' and s.role = 'Squad Leader' and s.user_id is null and s.manual_username is null limit 1`
  await db.begin(async (tx) => {
    await tx`update slots set user_id = ${admin!.id} where id = ${slot!.id}`
    await tx`select pg_notify('orbat_changed', '')`
  })
  try {
    await openEditor(page)
    await page.getByRole('button', { name: 'Edit Bravo', exact: true }).click()
    const row = squadCard(page, 'Bravo').getByTestId('editor-slot').first()
    const member = row.getByTestId('assigned-member')
    await expect(member).not.toBeEmpty()
    await expect(row.getByLabel('Assigned', { exact: true })).toHaveText(await member.innerText())
    await row.getByRole('button', { name: 'Clear assigned' }).click()
    await expect(toast(page, 'Slot cleared (requires save to persist).')).toBeVisible()
    await expect(member).toHaveCount(0)
    await expect(row.getByLabel('Assigned', { exact: true })).toHaveValue('')
    // Typing a name makes it a manual name.
    await row.getByLabel('Assigned', { exact: true }).fill('Someone Else')
    await row.getByLabel('Assigned', { exact: true }).press('Enter')
    await expect(toast(page, 'Slot assigned (requires save to persist).')).toBeVisible()
    await expect(row.getByTestId('manual-badge')).toHaveText('manual')
    const discarded = acceptConfirm(page)
    await menu(page, 'Discard Changes')
    await discarded
    await page.getByRole('button', { name: 'Edit Bravo', exact: true }).click()
    await expect(
      squadCard(page, 'Bravo').getByTestId('editor-slot').first().getByTestId('assigned-member'),
    ).toBeVisible()
  } finally {
    await db.begin(async (tx) => {
      await tx`update slots set user_id = null where id = ${slot!.id}`
      await tx`select pg_notify('orbat_changed', '')`
    })
  }
})

test('picking a linked roster member assigns their account: one slot per person, and they can Leave it', async ({
  page,
  login,
  db,
  orbatLock,
  browser,
  baseURL,
  serverInfo,
}) => {
  test.setTimeout(60_000)
  void orbatLock
  const snapshot = await snapshotOrbat(db)
  // Novak's account exists once he has logged in (members.discord_id then matches a user).
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL })
  try {
    const novak = await context.newPage()
    await stubDiscordCdn(novak)
    await loginAs(novak, 'novak', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    await login('demo_admin')
    await openEditor(page)
    await page.getByRole('button', { name: 'Edit Bravo', exact: true }).click()
    const rows = squadCard(page, 'Bravo').getByTestId('editor-slot')
    const openRows: number[] = []
    for (let i = 0; i < (await rows.count()); i++) {
      const field = rows.nth(i).getByLabel('Assigned', { exact: true })
      if ((await field.evaluate((el) => el.tagName)) === 'INPUT' && (await field.inputValue()) === '') openRows.push(i)
    }
    const first = rows.nth(openRows[0]!)
    const role = await first.getByLabel('Role', { exact: true }).inputValue()
    await first.getByLabel('Assigned', { exact: true }).fill('Novak')
    await first.getByLabel('Assigned', { exact: true }).press('Enter')
    await expect(toast(page, 'Novak assigned (requires save to persist).')).toBeVisible()
    // (Bravo's seeded holders, Haddad and Tanaka, are members in their slots too.)
    const assigned = rows.filter({ has: page.getByTestId('assigned-member').filter({ hasText: 'Novak' }) })
    await expect(assigned.getByTestId('assigned-member')).toHaveText('Novak')
    await expect(assigned.getByTestId('manual-badge')).toHaveCount(0)

    // The same person in a second slot is refused in the editor, naming where he is.
    const second = rows.nth(openRows[1]!)
    await second.getByLabel('Assigned', { exact: true }).fill('Novak')
    await second.getByLabel('Assigned', { exact: true }).press('Enter')
    await expect(
      errorToast(page, `Novak already holds ${role} (Bravo). One person holds one slot: clear that slot first.`),
    ).toBeVisible()
    await expect(second.getByLabel('Assigned', { exact: true })).toHaveValue('')

    await page.getByRole('button', { name: 'Save ORBAT' }).click()
    await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
    const [held] = await db<Array<{ id: number; manual_username: string | null }>>`
      select s.id, s.manual_username from slots s join users u on u.id = s.user_id where u.username = 'novak'`
    expect(held).toMatchObject({ manual_username: null })

    // Novak sees his slot on /orbat with a Leave button.
    await novak.goto('/orbat')
    await expect(novak.getByRole('button', { name: `Leave ${role} in Bravo` })).toHaveCount(1)
  } finally {
    await context.close()
    await restoreOrbat(db, snapshot)
  }
})

test('Add Squad brings the new card into view, selected and on top; changes share one toast; the wheel scrolls a long card', async ({
  page,
  login,
}) => {
  await login('demo_admin')
  await openEditor(page)
  const viewport = page.locator('.react-flow__viewport')
  // Look elsewhere first: zoomed in on the far side of the diagram.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom In' }).click()
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  await page.mouse.move(pane.x + pane.width - 40, pane.y + pane.height - 40)
  await page.mouse.down()
  await page.mouse.move(pane.x + 40, pane.y + 120, { steps: 8 })
  await page.mouse.up()

  await menu(page, 'Add Squad')
  const node = flowNode(page, 'New Squad')
  await expect(node).toHaveClass(/selected/)
  await viewportSettled(page)
  const box = (await squadCard(page, 'New Squad').boundingBox())!
  const size = page.viewportSize()!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(size.width)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeLessThan(size.height / 2)
  // On top: the card's header is what a click there reaches.
  const onTop = await page.evaluate(
    ({ x, y }) =>
      Boolean(
        document.elementFromPoint(x, y)?.closest('[data-testid="editor-squad"]')?.textContent?.includes('New Squad'),
      ),
    { x: box.x + box.width / 2, y: box.y + 20 },
  )
  expect(onTop).toBe(true)

  // More changes: one toast that follows them, not a stack over the top bar.
  await menu(page, 'Add Waypoint')
  await menu(page, 'Add Waypoint')
  await expect(page.getByTestId('toast-stack').getByRole('status')).toHaveCount(1)
  await expect(toast(page, 'Waypoint added (requires save to persist). Unsaved changes: 3.')).toBeVisible()

  // In edit mode the wheel scrolls a long card instead of zooming the canvas.
  await fitView(page)
  await page.getByRole('button', { name: 'Edit Alpha', exact: true }).click()
  const edit = squadCard(page, 'Alpha').getByTestId('squad-edit-view')
  await expect(edit).toBeVisible()
  await viewportSettled(page)
  // Make the card long: a few more teams.
  for (let i = 0; i < 6; i++) await squadCard(page, 'Alpha').getByRole('button', { name: '+ Add Team' }).click()
  expect(await edit.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  const before = await viewport.getAttribute('style')
  const editBox = (await edit.boundingBox())!
  await page.mouse.move(editBox.x + editBox.width / 2, editBox.y + Math.min(editBox.height / 2, 200))
  await page.mouse.wheel(0, 400)
  await expect.poll(() => edit.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
  expect(await viewport.getAttribute('style')).toBe(before)
})

// ---- what a new admin trips over (docs/rules/orbat.md, the editor; Cards never overlap) ---------------------------

/** The drawn height of a squad card from its rows (contracts/orbat-layout.ts: the diagrams draw exactly this). */
function drawnHeight(orbat: ApiOrbat, squadId: number): number {
  const rows = orbat.slots.filter((s) => s.squad_id === squadId)
  const teams = new Set(rows.map((r) => r.team)).size
  const spacers = rows.filter((r) => r.role.startsWith('---')).length
  return 2 + 48 + 8 + (teams === 0 ? 36 : teams * 28 + (rows.length - spacers) * 44 + spacers * 24)
}

type ScreenBox = { x: number; y: number; width: number; height: number }
const apart = (a: ScreenBox, b: ScreenBox) =>
  a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5

/** Pairs of squad cards on screen that overlap, by name. */
async function overlappingCards(cards: Locator): Promise<string[]> {
  const boxes = await cards.evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect()
      return { name: el.querySelector('h2')?.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )
  return boxes.flatMap((a, i) => boxes.slice(i + 1).flatMap((b) => (apart(a, b) ? [] : [`${a.name} / ${b.name}`])))
}

/** Drags the canvas up or down by `dy` px from a spot where no node is, as a person pans it. */
async function dragPane(page: Page, dy: number) {
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  const spot = await page.evaluate(({ x, y, width, height }) => {
    for (let py = y + height - 60; py > y + 120; py -= 20)
      for (let px = x + width - 60; px > x + 60; px -= 20)
        if (document.elementFromPoint(px, py)?.classList.contains('react-flow__pane')) return { px, py }
    return null
  }, pane)
  expect(spot, 'an empty spot on the canvas').not.toBeNull()
  await page.mouse.move(spot!.px, spot!.py)
  await page.mouse.down()
  await page.mouse.move(spot!.px, spot!.py + dy / 2, { steps: 4 })
  await page.mouse.move(spot!.px, spot!.py + dy, { steps: 4 })
  await page.mouse.up()
}

/** The toasts on screen that cover part of this element. */
async function toastsOver(page: Page, target: Locator): Promise<string[]> {
  const box = (await target.boundingBox())!
  const toasts = await page.locator('.toast:not(.toast-leaving)').evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect()
      return { text: el.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )
  return toasts.filter((t) => !apart(t, box)).map((t) => t.text)
}

test.describe('at 1440 px', () => {
  test.use({ viewport: WIDTHS[0] })

  test("a new slot's default lock is marked on the card and in its edit panel until it is kept or changed; axe finds nothing", async ({
    page,
    login,
  }) => {
    await login('demo_admin')
    await openEditor(page)
    await menu(page, 'Add Squad')
    const card = squadCard(page, 'New Squad')
    await expect(card).toHaveAttribute('data-editing', 'true')
    const team = card.getByRole('group', { name: 'Team Team 1' })
    await team.getByRole('button', { name: 'Add slot to Team 1' }).click()
    const slots = team.getByTestId('editor-slot')
    await expect(slots).toHaveCount(2)
    // Each new slot says, in words beside its lock, that the lock came by default.
    const note = 'Default lock — check it: only members with Combat Medic can sign up here.'
    for (const slot of await slots.all()) {
      await expect(slot.getByTestId('default-lock')).toContainText(note)
      await expect(slot.getByLabel('Role Lock')).toHaveValue('Combat Medic')
      await expect(slot.getByLabel('Role Lock')).toHaveAccessibleDescription(note)
    }
    await expectNoAxeViolations(page, 'the ORBAT editor with default locks @1440px')

    // The collapsed card shows it on the slot rows, in place of the grey lock line.
    await card.getByRole('button', { name: 'Done editing New Squad' }).click()
    const marks = card.getByTestId('default-lock')
    await expect(marks).toHaveCount(2)
    await expect(marks.first()).toHaveText(/Default lock — check it\s*:?\s*Combat Medic/)
    await expect(marks.first()).toBeVisible()

    // Kept on one, changed on the other: no marks left.
    await card.getByRole('button', { name: 'Edit New Squad' }).click()
    await slots.first().getByRole('button', { name: 'Keep the lock Combat Medic on Rifleman' }).click()
    await expect(slots.first().getByTestId('default-lock')).toHaveCount(0)
    await expect(slots.first().getByLabel('Role Lock')).toHaveValue('Combat Medic')
    await slots.nth(1).getByLabel('Role Lock').selectOption('')
    await expect(card.getByTestId('default-lock')).toHaveCount(0)
    await card.getByRole('button', { name: 'Done editing New Squad' }).click()
    await expect(card.getByTestId('default-lock')).toHaveCount(0)
    await expect(card.getByTestId('slot').first()).toContainText('Combat Medic')
  })

  test('Add Squad puts the card in free space; after a save and reload no two cards overlap, on the editor and on /orbat', async ({
    page,
    login,
    db,
    orbatLock,
  }) => {
    test.setTimeout(60_000)
    void orbatLock
    const snapshot = await snapshotOrbat(db)
    try {
      await login('demo_admin')
      await openEditor(page)
      const cards = page.locator('.react-flow__node-squad')
      await menu(page, 'Add Squad')
      await expect(squadCard(page, 'New Squad')).toBeVisible()
      await fitView(page)
      expect(await overlappingCards(cards)).toEqual([])

      // A duplicate lands 40 px off its original (as the editor always did): the save moves it clear, and says so.
      await page.getByRole('button', { name: 'Edit Alpha', exact: true }).click()
      await squadCard(page, 'Alpha').getByRole('button', { name: 'Duplicate' }).click()
      await expect(squadCard(page, 'Alpha (Copy)')).toBeVisible()
      await page.getByRole('button', { name: /^Save ORBAT/ }).click()
      await expect(toast(page, 'ORBAT Saved Successfully! Moved so that no cards overlap: Alpha (Copy).')).toBeVisible()
      await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'false')

      await page.reload()
      await expect(squadCard(page, 'New Squad')).toBeVisible()
      await fitView(page)
      expect(await overlappingCards(cards)).toEqual([])
      // Card sizes as the save reckons them are the sizes the editor draws.
      const stored = await apiOrbat(page)
      for (const squad of stored.squads) {
        const height = await flowNode(page, squad.name).evaluate((el) => (el as HTMLElement).offsetHeight)
        expect(height, squad.name).toBe(drawnHeight(stored, squad.id))
      }
      // Its Edit button is on top, where a click lands.
      await squadCard(page, 'New Squad').getByRole('button', { name: 'Edit New Squad' }).click()
      await expect(squadCard(page, 'New Squad')).toHaveAttribute('data-editing', 'true')

      await page.goto('/orbat')
      const publicCards = page.getByTestId('squad-card')
      await expect(publicCards).toHaveCount(stored.squads.length)
      await page.getByRole('button', { name: 'Fit View' }).click()
      await viewportSettled(page)
      expect(await overlappingCards(publicCards)).toEqual([])
      for (const squad of stored.squads) {
        const height = await squadCard(page, squad.name).evaluate((el) => (el as HTMLElement).offsetHeight)
        expect(height, squad.name).toBe(drawnHeight(stored, squad.id))
      }
    } finally {
      await restoreOrbat(db, snapshot)
    }
  })

  test('edits share one toast with the latest change and the count, Save ORBAT shows the count, and no toast covers the card being edited', async ({
    page,
    login,
  }) => {
    await login('demo_admin')
    await openEditor(page)
    await page.getByRole('button', { name: 'Edit Bravo', exact: true }).click()
    let card = squadCard(page, 'Bravo')
    // Panned so the card's top sits where the toasts appear (just under the top bar), as an admin may leave it.
    await viewportSettled(page)
    await dragPane(page, 70 - (await card.boundingBox())!.y)
    expect(Math.abs((await card.boundingBox())!.y - 70)).toBeLessThan(4)
    const stack = page.getByTestId('toast-stack')
    const save = page.getByRole('button', { name: /^Save ORBAT/ })
    await expect(save).toHaveText('Save ORBAT')

    const edits: Array<[string, () => Promise<void>]> = [
      [
        'Squad renamed',
        async () => {
          await card.getByLabel('Squad name').fill('Bravo Two')
          await card.getByLabel('Squad name').press('Enter')
          card = squadCard(page, 'Bravo Two')
        },
      ],
      // Bravo is in the public waitlist (the demo unit).
      ['Squad hidden from the public waitlist', () => card.getByLabel('Show in Public Waitlist').uncheck()],
      ['Slot added', () => card.getByRole('button', { name: 'Add slot to Bravo HQ' }).click()],
      [
        'Role lock changed',
        async () => void (await card.getByTestId('editor-slot').first().getByLabel('Role Lock').selectOption('')),
      ],
      [
        'Team renamed',
        async () => {
          await card.getByLabel('Team name').first().fill('Bravo Lead')
          await card.getByLabel('Team name').first().press('Enter')
        },
      ],
      ['Slot moved', () => card.getByTestId('editor-slot').nth(1).getByRole('button', { name: 'Move up' }).click()],
    ]
    for (const [index, [what, edit]] of edits.entries()) {
      await edit()
      const count = index + 1
      await expect(stack.getByRole('status')).toHaveCount(1)
      await expect(stack.getByRole('status')).toContainText(
        `${what} (requires save to persist). Unsaved changes: ${count}.`,
      )
      await expect(save).toHaveText(`Save ORBAT (${count})`)
      await expect(save).toHaveAccessibleName(`Save ORBAT (${count} unsaved ${count === 1 ? 'change' : 'changes'})`)
      // The card's name, Duplicate and Delete stay in the clear (the canvas moves the card below the toast if need be).
      await expect.poll(() => toastsOver(page, card), { message: `after "${what}"` }).toEqual([])
      await expect(card.getByLabel('Squad name')).toBeInViewport()
    }
    await card.getByRole('button', { name: 'Duplicate' }).click()
    await expect(squadCard(page, 'Bravo Two (Copy)')).toBeVisible()
    await expect(stack.getByRole('status')).toHaveCount(1)
  })
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  test('the editor is a list of squads, teams and slots with 44 px controls that saves through Save ORBAT; axe finds nothing', async ({
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
      const list = page.getByTestId('orbat-list-editor')
      await expect(list).toBeVisible()
      await expect(page.locator('.react-flow')).toHaveCount(0)
      await expect(list).toContainText('Moving squads and connecting them needs the diagram')
      await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      await expect(list.getByRole('heading', { level: 2 })).toHaveText(SQUADS_IN_ORDER)
      // The page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await expectNoAxeViolations(page, 'the ORBAT editor list @390px')

      const before = await apiOrbat(page)
      const bravo = squadCard(page, 'Bravo')
      const row = bravo.getByTestId('editor-slot').first()
      for (const control of [
        bravo.getByLabel('Squad name'),
        bravo.getByRole('button', { name: 'Duplicate' }),
        row.getByLabel('Role Lock'),
        row.getByRole('button', { name: 'Move down' }),
        row.getByLabel('Assigned', { exact: true }),
      ])
        await expectTapTarget(control)

      await row.getByLabel('Assigned', { exact: true }).fill('Phone Joe')
      await row.getByLabel('Assigned', { exact: true }).press('Enter')
      await row.getByLabel('Role Lock').selectOption('Rifleman')
      await bravo.getByLabel('Squad name').fill('Bravo Phone')
      await bravo.getByLabel('Squad name').press('Enter')
      await expect(squadCard(page, 'Bravo Phone')).toBeVisible()
      // Save ORBAT and Actions sit at the bottom, clear of the toasts at the top.
      const save = page.getByRole('button', { name: 'Save ORBAT (3 unsaved changes)' })
      await expect(save).toBeInViewport()
      expect(await toastsOver(page, save)).toEqual([])
      await save.tap()
      await expect(toast(page, 'ORBAT Saved Successfully!')).toBeVisible()
      await expect(page.getByTestId('orbat-editor')).toHaveAttribute('data-dirty', 'false')

      await expect.poll(async () => (await apiOrbat(page)).squads.map((s) => s.name)).toContain('Bravo Phone')
      const after = await apiOrbat(page)
      const squad = after.squads.find((s) => s.name === 'Bravo Phone')!
      const saved = after.slots.find((s) => s.squad_id === squad.id && s.manual_username === 'Phone Joe')
      expect(saved).toMatchObject({ role: 'Squad Leader', required_role_id: 'Rifleman' })
      // The layout is the diagram's: the list moved nothing.
      expect(after.squads.map((s) => [s.id, s.pos_x, s.pos_y])).toEqual(
        before.squads.map((s) => [s.id, s.pos_x, s.pos_y]),
      )
    } finally {
      await restoreOrbat(db, snapshot)
    }
  })
})
