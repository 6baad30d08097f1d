import type { Page } from '@playwright/test'
import { expect, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, answerConfirm, toast } from './page-kit.ts'

// Roster admin with JavaScript (docs/rules/roster.md): the tab layout, the member list's search and paging, an admin
// adding, editing, banning, unbanning and deleting a member in the dialogs, qualifications, and the Promotions tab
// (thresholds, run). Everything a test creates is named "E2E Roster ..." and removed afterwards.

test.describe.configure({ timeout: 90_000 })

const PREFIX = 'E2E Roster JS'

function memberRow(page: Page, name: string) {
  return page.getByTestId('member-row').filter({ has: page.getByRole('rowheader', { name }) })
}

async function removeTestData(db: E2ESql) {
  await db`delete from members where ingame_name like ${`${PREFIX}%`}`
  await db`delete from qualifications where name like ${`${PREFIX}%`}`
}

/**
 * Promotion tests change global state (thresholds, the announcement channel): one at a time across the JS and no-JS
 * projects, and put back afterwards.
 */
async function withPromotionState(db: E2ESql, run: () => Promise<void>) {
  const held = await db.reserve()
  try {
    await held`select pg_advisory_lock(7202691, 1)`
    const thresholds = await held<
      Array<{ from_rank: string; to_rank: string; required_score: number }>
    >`select from_rank, to_rank, required_score from promotion_thresholds`
    const [channel] = await held<
      Array<{ value: string }>
    >`select value from settings where key = 'promotion_channel_id'`
    try {
      await run()
    } finally {
      await db.begin(async (tx) => {
        await tx`delete from promotion_thresholds`
        for (const t of thresholds) {
          await tx`insert into promotion_thresholds (from_rank, to_rank, required_score) values (${t.from_rank}, ${t.to_rank}, ${t.required_score})`
        }
        await tx`insert into settings (key, value) values ('promotion_channel_id', ${channel?.value ?? ''}) on conflict (key) do update set value = excluded.value`
      })
    }
  } finally {
    await held`select pg_advisory_unlock(7202691, 1)`.catch(() => {})
    held.release()
  }
}

test('/admin/roster opens Members; the tabs are links named by the last path segment', async ({ page, login }) => {
  await login('demo_admin', '/admin')
  await page
    .getByRole('link', { name: /Roster/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/admin\/roster\/members$/)
  const tabs = page.getByRole('navigation', { name: 'Roster admin' }).getByRole('link')
  await expect(tabs).toHaveText([
    'Members',
    'Events',
    'Trainings',
    'Qualifications',
    'Awards',
    'Promotions',
    'Leave',
    'Import',
  ])
  await expect(tabs.filter({ hasText: 'Members' })).toHaveAttribute('aria-current', 'page')
  await tabs.filter({ hasText: 'Qualifications' }).click()
  await expect(page).toHaveURL(/\/admin\/roster\/qualifications$/)
  await expect(tabs.filter({ hasText: 'Qualifications' })).toHaveAttribute('aria-current', 'page')
  await tabs.filter({ hasText: 'Promotions' }).click()
  await expect(page.getByRole('region', { name: 'Promotion Thresholds' })).toBeVisible()
})

test('a non-admin sees Access Denied on the roster admin', async ({ page, login }) => {
  await login('reyes', '/admin/roster/members')
  await expect(page.getByTestId('access-denied')).toBeVisible()
})

test('the member list searches by name, Discord ID and qualification, shows the banned, and pages', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/roster/members')
  const summary = page.getByTestId('paging-summary')
  await expect(summary).toHaveText(/^Showing 1 to 30 of \d+ results$/)
  const total = Number(/of (\d+) results/.exec((await summary.textContent()) ?? '')?.[1])
  expect(total).toBeGreaterThan(30)

  // Other tests add and remove members meanwhile: the totals are read, not fixed.
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(summary).toHaveText(/^Showing 31 to (\d+) of \1 results$/)
  await page.getByLabel('Rows per page').selectOption('60')
  await expect(summary).toHaveText(/^Showing 1 to (\d+) of \1 results$/)
  await expect(page).toHaveURL(/limit=60/)
  await expect(page).not.toHaveURL(/page=2/)

  await page.getByRole('searchbox').fill('rey')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(memberRow(page, 'Reyes')).toBeVisible()

  // Selects search at once with JavaScript.
  await page.getByRole('searchbox').fill('800000000000000002')
  await page.getByLabel('Search By').selectOption('discord_id')
  await expect(page).toHaveURL(/type=discord_id/)
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(memberRow(page, 'Reyes')).toBeVisible()

  await page.getByRole('searchbox').fill('')
  await page.getByLabel('Search By').selectOption('name')
  await page.getByLabel('Qualification').selectOption({ label: 'Rotary Wing Pilot' })
  await expect(page.getByTestId('member-row')).toHaveCount(3)
  await expect(memberRow(page, 'Kowalski')).toBeVisible()

  await page.getByLabel('Qualification').selectOption({ label: 'All Qualifications' })
  await page.getByLabel('Only Show Banned').check()
  await expect(page).toHaveURL(/is_banned=true/)
  await expect(memberRow(page, 'Blake')).toBeVisible()
  await expect(memberRow(page, 'Reyes')).toHaveCount(0)
})

test('the member search searches as you type: debounced, in the URL, replacing the history entry', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/roster/members')
  const historyBefore = await page.evaluate(() => history.length)
  const box = page.getByRole('searchbox')
  await box.pressSequentially('kowal', { delay: 40 })
  await expect(page).toHaveURL(/[?&]term=kowal\b/)
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(memberRow(page, 'Kowalski')).toBeVisible()
  // The box keeps the focus and what was typed; no history entry per keystroke.
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('kowal')
  expect(await page.evaluate(() => history.length)).toBe(historyBefore)
})

test('an admin adds, edits, bans, unbans and deletes a member in the dialogs', async ({ page, login, db }) => {
  const name = `${PREFIX} ${Date.now()}`
  try {
    await login('demo_admin', '/admin/roster/members')

    // Add Member: the required fields, the Denied reason, then a valid member.
    await page.getByRole('link', { name: 'Add Member' }).click()
    const add = page.getByRole('dialog', { name: 'Add Member' })
    await expect(add).toBeVisible()
    await add.getByLabel('Join Date').fill('')
    await add.getByLabel('Status').selectOption('Denied')
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(add.getByText('In-Game Name is required.')).toBeVisible()
    await expect(add.getByText('Join Date is required.')).toBeVisible()
    await add.getByLabel('In-Game Name').fill(name)
    await add.getByLabel('Join Date').fill('2026-01-15')
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(add.getByText('Please provide a reason for the denial.')).toBeVisible()
    await expect(add.getByText('In-Game Name is required.')).toHaveCount(0)

    await add.getByLabel('Status').selectOption('Active')
    await expect(add.getByLabel('Reason for Denial')).toHaveCount(0)
    await add.getByLabel('In-Game Name').fill(name)
    await add.getByLabel('Join Date').fill('2026-01-15')
    await add.getByLabel('Rank').selectOption('JNCO')
    await add.getByLabel('Discord ID').fill('not-a-number')
    await add.getByRole('checkbox', { name: 'Marksman', exact: true }).check()
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(add.getByText('The Discord ID must contain digits only.')).toBeVisible()
    await add.getByLabel('Discord ID').fill('')
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(toast(page, 'Member added!')).toBeVisible()
    await expect(add).toHaveCount(0)

    await page.getByRole('searchbox').fill(name)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const row = memberRow(page, name)
    await expect(row).toBeVisible()
    await expect(row.getByText('JNCO')).toBeVisible()

    // Edit: every field plus the lists; the qualification ticked on Add is ticked here.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit Member: ${name}` })
    await expect(edit.getByRole('checkbox', { name: 'Marksman', exact: true })).toBeChecked()
    await edit.getByLabel('Hidden Score').fill('2.5')
    await edit.getByLabel('Notes').fill('Edited by the browser test.')
    await edit.getByRole('checkbox', { name: 'Marksman', exact: true }).uncheck()
    await edit.getByRole('checkbox', { name: 'JTAC', exact: true }).check()
    await edit.getByRole('checkbox', { name: /Operation Red Tide/ }).check()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Member updated!')).toBeVisible()
    await expect(row.getByText('Edited by the browser test.')).toBeVisible()
    // One event attended (+1) and the hidden score 2.5.
    await expect(row.getByRole('cell', { name: '3.50' })).toBeVisible()
    const [stored] = await db<Array<{ quals: string[] }>>`
      select array_agg(q.name order by q.name) as quals from members m
      join member_qualifications mq on mq.member_id = m.id join qualifications q on q.id = mq.qualification_id
      where m.ingame_name = ${name}`
    expect(stored?.quals).toEqual(['JTAC'])

    // Ban from the row: the dialog has the member picked; it saves only with a reason.
    await row.getByRole('link', { name: `Ban ${name}` }).click()
    const ban = page.getByRole('dialog', { name: 'Ban a Member' })
    await expect(ban.getByRole('combobox')).toHaveValue(/^\d+$/)
    await ban.getByRole('button', { name: 'Ban Member' }).click()
    await expect(ban.getByText('Please provide a reason for the ban.')).toBeVisible()
    await ban.getByLabel('Reason for Ban').fill('Browser test ban.')
    await ban.getByRole('button', { name: 'Ban Member' }).click()
    await expect(toast(page, 'Member banned.')).toBeVisible()
    await expect(row).toHaveCount(0)

    await page.getByLabel('Only Show Banned').check()
    await expect(row.getByText('Browser test ban.')).toBeVisible()
    await row.getByRole('button', { name: `Unban ${name}` }).click()
    await expect(toast(page, 'Member unbanned.')).toBeVisible()
    await expect(row).toHaveCount(0)
    await page.getByLabel('Only Show Banned').uncheck()
    await expect(row).toBeVisible()

    // Delete asks first; dismissing keeps the member.
    const dismissed = answerConfirm(page, false)
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await dismissed
    await expect(row).toBeVisible()
    void acceptConfirm(page, new RegExp(`delete ${name}`))
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Member deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
    expect(await db`select 1 from members where ingame_name = ${name}`).toHaveLength(0)
  } finally {
    await removeTestData(db)
  }
})

test('Ban a Member needs a member from the active list and a reason; Graduate BMTs needs a selection', async ({
  page,
  login,
  db,
}) => {
  const name = `${PREFIX} BMT ${Date.now()}`
  try {
    await db`insert into members (ingame_name, rank, join_date) values (${name}, 'BMT', '2026-10-01')`
    await login('demo_admin', '/admin/roster/members')

    await page.getByRole('link', { name: 'Ban a Member' }).click()
    const ban = page.getByRole('dialog', { name: 'Ban a Member' })
    // The active list only: the banned Blake is not offered.
    await expect(ban.getByRole('combobox').locator('option', { hasText: 'Reyes' })).toHaveCount(1)
    await expect(ban.getByRole('combobox').locator('option', { hasText: 'Blake' })).toHaveCount(0)
    await ban.getByRole('button', { name: 'Ban Member' }).click()
    await expect(ban.getByText('Please select a valid member from the list.')).toBeVisible()
    await expect(ban.getByText('Please provide a reason for the ban.')).toBeVisible()
    // Escape closes the dialog.
    await page.keyboard.press('Escape')
    await expect(ban).toHaveCount(0)
    await expect(page).toHaveURL(/\/admin\/roster\/members$/)

    await page.getByRole('link', { name: 'Graduate BMTs' }).click()
    const graduate = page.getByRole('dialog', { name: 'Graduate BMTs' })
    await graduate.getByRole('button', { name: 'Graduate Selected' }).click()
    await expect(graduate.getByText('Please select at least one BMT to graduate.')).toBeVisible()
    await graduate.getByRole('checkbox', { name: new RegExp(name) }).check()
    await graduate.getByLabel('Completion Date').fill('2026-11-20')
    await graduate.getByRole('button', { name: 'Graduate Selected' }).click()
    await expect(toast(page, 'Members promoted to JNCO!')).toBeVisible()
    const [member] = await db<Array<{ rank: string }>>`select rank from members where ingame_name = ${name}`
    expect(member?.rank).toBe('JNCO')
  } finally {
    await removeTestData(db)
  }
})

test('an admin adds, edits and deletes a qualification', async ({ page, login, db }) => {
  const name = `${PREFIX} Qual ${Date.now()}`
  try {
    await login('demo_admin', '/admin/roster/qualifications')
    await page.getByRole('link', { name: 'Add Qualification' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Qualification' })
    await dialog.getByRole('button', { name: 'Add Qualification' }).click()
    await expect(dialog.getByText('Qualification name is required.')).toBeVisible()
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Description').fill('Added by the browser test.')
    await dialog.getByLabel('Discord Role').selectOption({ label: '@Pilot' })
    await dialog.getByRole('button', { name: 'Add Qualification' }).click()
    await expect(toast(page, 'Qualification added successfully.')).toBeVisible()

    const row = page.getByTestId('qualification-row').filter({ hasText: name })
    await expect(row.getByText('Discord role: 910000000000000005')).toBeVisible()
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit Qualification: ${name}` })
    await expect(edit.getByLabel('Name')).toHaveValue(name)
    await expect(edit.getByLabel('Discord Role')).toHaveValue('910000000000000005')
    await edit.getByLabel('Discord Role').selectOption('')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Qualification updated successfully.')).toBeVisible()
    await expect(row.getByText('No Discord role')).toBeVisible()

    void acceptConfirm(page, new RegExp(`delete the qualification "${name}"`))
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Qualification deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  } finally {
    await removeTestData(db)
  }
})

test('thresholds take whole numbers; Run Promotions lists who moved up, or says none were eligible', async ({
  page,
  login,
  db,
}) => {
  const name = `${PREFIX} Promo ${Date.now()}`
  await withPromotionState(db, async () => {
    try {
      // Only this member can reach the threshold used below.
      await db`insert into members (ingame_name, rank, join_date, hidden_score) values (${name}, 'BMT', '2026-10-01', 99999999)`
      await login('demo_admin', '/admin/roster/promotions')

      const channel = page.getByRole('region', { name: 'Announcement Channel' })
      await channel.getByLabel('Channel').selectOption('')
      await channel.getByRole('button', { name: 'Save Channel' }).click()
      await expect(toast(page, 'Promotion announcements disabled.')).toBeVisible()

      const thresholds = page.getByRole('region', { name: 'Promotion Thresholds' })
      const bmt = thresholds.getByLabel(/^BMT/)
      await bmt.fill('2.5')
      await thresholds.getByRole('button', { name: 'Save Thresholds' }).click()
      await expect(thresholds.getByText('Thresholds must be whole numbers (0 or more).')).toBeVisible()
      for (const rank of ['JNCO', 'NCO', 'SNCO', 'JOFC', 'OFC', 'SOFC'])
        await thresholds.getByLabel(new RegExp(`^${rank}`)).fill('')
      await bmt.fill('99999999')
      await thresholds.getByRole('button', { name: 'Save Thresholds' }).click()
      await expect(toast(page, 'Promotion thresholds updated!')).toBeVisible()
      await expect(thresholds.getByLabel(/^JNCO/)).toHaveValue('')
      await expect(bmt).toHaveValue('99999999')

      // Run Promotions asks first, with the dry run's count; declining promotes nobody.
      const run = page.getByRole('region', { name: 'Run Promotions' })
      const question = 'Run promotions now? 1 member would be promoted: 1 from BMT to JNCO.'
      const asked = answerConfirm(page, false)
      await run.getByRole('button', { name: 'Run Promotions' }).click()
      expect(await asked).toBe(question)
      expect(await db`select rank from members where ingame_name = ${name}`).toEqual([{ rank: 'BMT' }])
      await expect(page.getByTestId('promotion-results')).toHaveCount(0)

      void acceptConfirm(page, new RegExp(`^${question.replace(/[.?]/g, '\\$&')}$`))
      await run.getByRole('button', { name: 'Run Promotions' }).click()
      // The toast names who moved up.
      await expect(toast(page, `Promotions check complete. Promoted: ${name} (BMT to JNCO).`)).toBeVisible()
      const results = page.getByTestId('promotion-results')
      await expect(results.getByRole('listitem')).toHaveCount(1)
      await expect(results.getByRole('listitem')).toContainText(name)
      await expect(results.getByRole('listitem')).toContainText(/BMT\s*→\s*to\s*JNCO|BMT.*JNCO/)

      // The question follows the data: nobody is due any more.
      void acceptConfirm(
        page,
        /^Run promotions now\? No member meets a promotion threshold at the moment, so nobody would be promoted\.$/,
      )
      await run.getByRole('button', { name: 'Run Promotions' }).click()
      await expect(toast(page, 'No members were eligible for promotion.')).toBeVisible()
      await expect(results.getByText('No members were eligible for promotion.')).toBeVisible()
      await expect(results.getByRole('listitem')).toHaveCount(0)
    } finally {
      await removeTestData(db)
    }
  })
})

test('when Discord cannot list the channels, the announcement channel is a plain id field', async ({
  page,
  login,
  db,
  serverInfo,
}) => {
  await withPromotionState(db, async () => {
    await login('demo_admin')
    // The next channel listing of the demo guild is refused (a 4xx: not retried). tests/e2e/server.ts runs the demo guild.
    const injected = await fetch(`${serverInfo.standInUrl}/__control/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 403, count: 1, path: '/guilds/900000000000000000/channels' }),
    })
    expect(injected.ok).toBe(true)
    await page.goto('/admin/roster/promotions')
    const channel = page.getByRole('region', { name: 'Announcement Channel' })
    await expect(channel.getByRole('alert')).toContainText('Could not load from Discord')
    await channel.getByLabel('Channel ID').fill('general')
    await channel.getByRole('button', { name: 'Save Channel' }).click()
    await expect(channel.getByText('A Discord id must contain digits only.')).toBeVisible()
    await channel.getByLabel('Channel ID').fill(' 123456789012345678 ')
    await channel.getByRole('button', { name: 'Save Channel' }).click()
    await expect(toast(page, 'Promotion channel updated!')).toBeVisible()
    const [row] = await db<Array<{ value: string }>>`select value from settings where key = 'promotion_channel_id'`
    expect(row?.value).toBe('123456789012345678')
  })
})
