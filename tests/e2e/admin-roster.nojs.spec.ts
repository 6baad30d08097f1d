import type { Page } from '@playwright/test'
import { expect, test, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// Roster admin without JavaScript (chromium-nojs project; every admin form works with JavaScript off,
// docs/rules/ui.md): the dialogs are panels reached by links (?dialog=..., ?edit=ID), every form is a full-page post
// answered by a redirect with a flash toast, validation errors show inline (400), and delete asks on the page's confirm
// step. Everything a test creates is named "E2E Roster NoJS ..." and removed afterwards.

test.describe.configure({ timeout: 90_000 })

const PREFIX = 'E2E Roster NoJS'

function memberRow(page: Page, name: string) {
  return page.getByTestId('member-row').filter({ has: page.getByRole('rowheader', { name }) })
}

/** Clicks a submit button and returns the status of the POST it sends (400 for a validation failure). */
async function submitStatus(page: Page, button: ReturnType<Page['getByRole']>) {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), button.click()])
  return response.status()
}

async function removeTestData(db: E2ESql) {
  await db`delete from members where ingame_name like ${`${PREFIX}%`}`
  await db`delete from qualifications where name like ${`${PREFIX}%`}`
}

/** Promotion state is global: one test at a time across both projects, put back afterwards. */
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

test('/admin/roster redirects to Members; the search is a GET form whose state is in the URL', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/roster')
  await expect(page).toHaveURL(/\/admin\/roster\/members$/)
  await expect(page.getByRole('navigation', { name: 'Roster admin' }).getByRole('link')).toHaveText([
    'Members',
    'Events',
    'Trainings',
    'Qualifications',
    'Awards',
    'Promotions',
    'Leave',
    'Import',
  ])
  await page.getByRole('searchbox').fill('800000000000000003')
  await page.getByLabel('Search By').selectOption('discord_id')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/term=800000000000000003/)
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(memberRow(page, 'Novak')).toBeVisible()

  await page.goto('/admin/roster/members?limit=100')
  await expect(page.getByTestId('paging-summary')).toHaveText(/^Showing 1 to \d+ of \d+ results$/)
  await page.getByLabel('Rows per page').selectOption('30')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('paging-summary')).toHaveText(/^Showing 1 to 30 of \d+ results$/)
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page.getByTestId('paging-summary')).toHaveText(/^Showing 31 to \d+ of \d+ results$/)

  await page.getByLabel('Only Show Banned').check()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(memberRow(page, 'Blake')).toBeVisible()
})

test('without JavaScript an admin adds, edits, bans, unbans and deletes a member; errors show inline', async ({
  page,
  login,
  db,
}) => {
  const name = `${PREFIX} ${Date.now()}`
  try {
    await login('demo_admin', '/admin/roster/members')

    await page.getByRole('link', { name: 'Add Member' }).click()
    await expect(page).toHaveURL(/dialog=add-member/)
    const add = page.getByRole('dialog', { name: 'Add Member' })
    await add.getByLabel('Join Date').fill('')
    await add.getByLabel('Status').selectOption('Denied')
    expect(await submitStatus(page, add.getByRole('button', { name: 'Add Member' }))).toBe(400)
    await expect(add.getByText('In-Game Name is required.')).toBeVisible()
    await expect(add.getByText('Join Date is required.')).toBeVisible()
    // What was entered stays.
    await expect(add.getByLabel('Status')).toHaveValue('Denied')
    await add.getByLabel('In-Game Name').fill(name)
    await add.getByLabel('Join Date').fill('2026-02-01')
    expect(await submitStatus(page, add.getByRole('button', { name: 'Add Member' }))).toBe(400)
    await expect(add.getByText('Please provide a reason for the denial.')).toBeVisible()

    await add.getByLabel('Status').selectOption('Active')
    await add.getByRole('checkbox', { name: 'Combat Medic', exact: true }).check()
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(toast(page, 'Member added!')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/roster\/members$/)

    await page.getByRole('searchbox').fill(name)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const row = memberRow(page, name)
    await expect(row).toBeVisible()

    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit Member: ${name}` })
    await expect(edit.getByRole('checkbox', { name: 'Combat Medic', exact: true })).toBeChecked()
    await edit.getByLabel('In-Game Name').fill('')
    await edit.getByLabel('Hidden Score').fill('abc')
    await edit.getByRole('checkbox', { name: 'Combat Medic', exact: true }).uncheck()
    expect(await submitStatus(page, edit.getByRole('button', { name: 'Save Changes' }))).toBe(400)
    await expect(edit.getByText('In-Game Name is required.')).toBeVisible()
    await expect(edit.getByText('The hidden score must be a number.')).toBeVisible()
    // The unticked box stays unticked after the round trip.
    await expect(edit.getByRole('checkbox', { name: 'Combat Medic', exact: true })).not.toBeChecked()
    await edit.getByLabel('In-Game Name').fill(name)
    await edit.getByLabel('Hidden Score').fill('1.25')
    await edit.getByRole('checkbox', { name: /Operation Red Tide/ }).check()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Member updated!')).toBeVisible()
    // Back on the filtered list.
    await expect(page).toHaveURL(/term=/)
    await expect(row.getByRole('cell', { name: '2.25' })).toBeVisible()
    const [stored] = await db<Array<{ n: number }>>`
      select count(*)::int as n from member_qualifications mq join members m on m.id = mq.member_id where m.ingame_name = ${name}`
    expect(stored?.n).toBe(0)

    await row.getByRole('link', { name: `Ban ${name}` }).click()
    const ban = page.getByRole('dialog', { name: 'Ban a Member' })
    expect(await submitStatus(page, ban.getByRole('button', { name: 'Ban Member' }))).toBe(400)
    await expect(ban.getByText('Please provide a reason for the ban.')).toBeVisible()
    await ban.getByRole('combobox').selectOption('')
    await ban.getByLabel('Reason for Ban').fill('No-JS ban.')
    expect(await submitStatus(page, ban.getByRole('button', { name: 'Ban Member' }))).toBe(400)
    await expect(ban.getByText('Please select a valid member from the list.')).toBeVisible()
    await ban.getByRole('combobox').selectOption({ label: `${name} (BMT)` })
    await ban.getByRole('button', { name: 'Ban Member' }).click()
    await expect(toast(page, 'Member banned.')).toBeVisible()
    await expect(row).toHaveCount(0)

    await page.getByLabel('Only Show Banned').check()
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(row.getByText('No-JS ban.')).toBeVisible()
    await row.getByRole('button', { name: `Unban ${name}` }).click()
    await expect(toast(page, 'Member unbanned.')).toBeVisible()
    await expect(row).toHaveCount(0)

    await page.getByLabel('Only Show Banned').uncheck()
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`)
    await confirm.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Member' }).click()
    await expect(toast(page, 'Member deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  } finally {
    await removeTestData(db)
  }
})

test('without JavaScript Graduate BMTs needs a selection and promotes to JNCO; a Denied member is stored banned', async ({
  page,
  login,
  db,
}) => {
  const bmt = `${PREFIX} BMT ${Date.now()}`
  const denied = `${PREFIX} Denied ${Date.now()}`
  try {
    await db`insert into members (ingame_name, rank, join_date) values (${bmt}, 'BMT', '2026-10-01')`
    await login('demo_admin')
    await page.goto('/admin/roster/members?dialog=graduate')
    const graduate = page.getByRole('dialog', { name: 'Graduate BMTs' })
    expect(await submitStatus(page, graduate.getByRole('button', { name: 'Graduate Selected' }))).toBe(400)
    await expect(graduate.getByText('Please select at least one BMT to graduate.')).toBeVisible()
    await graduate.getByRole('checkbox', { name: new RegExp(bmt) }).check()
    await graduate.getByRole('button', { name: 'Graduate Selected' }).click()
    await expect(toast(page, 'Members promoted to JNCO!')).toBeVisible()
    const [member] = await db<Array<{ rank: string }>>`select rank from members where ingame_name = ${bmt}`
    expect(member?.rank).toBe('JNCO')

    await page.goto('/admin/roster/members?dialog=add-member')
    const add = page.getByRole('dialog', { name: 'Add Member' })
    await add.getByLabel('In-Game Name').fill(denied)
    await add.getByLabel('Status').selectOption('Denied')
    await add.getByLabel('Reason for Denial').fill('Too young.')
    await add.getByRole('button', { name: 'Add Member' }).click()
    await expect(toast(page, 'Member added!')).toBeVisible()
    const [row] = await db<
      Array<{ is_banned: boolean; ban_reason: string }>
    >`select is_banned, ban_reason from members where ingame_name = ${denied}`
    expect(row).toEqual({ is_banned: true, ban_reason: 'Too young.' })
  } finally {
    await removeTestData(db)
  }
})

test('without JavaScript an admin adds, edits and deletes a qualification', async ({ page, login, db }) => {
  const name = `${PREFIX} Qual ${Date.now()}`
  try {
    await login('demo_admin', '/admin/roster/qualifications')
    await page.getByRole('link', { name: 'Add Qualification' }).click()
    const add = page.getByRole('dialog', { name: 'Add Qualification' })
    expect(await submitStatus(page, add.getByRole('button', { name: 'Add Qualification' }))).toBe(400)
    await expect(add.getByText('Qualification name is required.')).toBeVisible()
    await add.getByLabel('Name').fill('Combat Medic')
    expect(await submitStatus(page, add.getByRole('button', { name: 'Add Qualification' }))).toBe(400)
    await expect(add.getByText('A qualification named "Combat Medic" already exists.')).toBeVisible()
    await add.getByLabel('Name').fill(name)
    await add.getByLabel('Description').fill('No-JS qualification.')
    await add.getByRole('button', { name: 'Add Qualification' }).click()
    await expect(toast(page, 'Qualification added successfully.')).toBeVisible()

    const row = page.getByTestId('qualification-row').filter({ hasText: name })
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit Qualification: ${name}` })
    // The role is chosen by name from the demo guild (db/seed/demo-guild.ts).
    await edit.getByLabel('Discord Role').selectOption({ label: '@Pilot' })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Qualification updated successfully.')).toBeVisible()
    await expect(row.getByText('Discord role: 910000000000000005')).toBeVisible()

    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Qualification' }).click()
    await expect(toast(page, 'Qualification deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  } finally {
    await removeTestData(db)
  }
})

test('without JavaScript the channel, the thresholds and Run Promotions work', async ({ page, login, db }) => {
  const name = `${PREFIX} Promo ${Date.now()}`
  await withPromotionState(db, async () => {
    try {
      await db`insert into members (ingame_name, rank, join_date, hidden_score) values (${name}, 'BMT', '2026-10-01', 99999999)`
      await login('demo_admin', '/admin/roster/promotions')

      const channel = page.getByRole('region', { name: 'Announcement Channel' })
      await channel.getByLabel('Channel').selectOption('')
      await channel.getByRole('button', { name: 'Save Channel' }).click()
      await expect(toast(page, 'Promotion announcements disabled.')).toBeVisible()
      await expect(channel.getByLabel('Channel')).toHaveValue('')

      const thresholds = page.getByRole('region', { name: 'Promotion Thresholds' })
      await thresholds.getByLabel(/^JNCO/).fill('1e3')
      expect(await submitStatus(page, thresholds.getByRole('button', { name: 'Save Thresholds' }))).toBe(400)
      await expect(thresholds.getByText('Thresholds must be whole numbers (0 or more).')).toBeVisible()
      await expect(thresholds.getByLabel(/^JNCO/)).toHaveValue('1e3')
      for (const rank of ['JNCO', 'NCO', 'SNCO', 'JOFC', 'OFC', 'SOFC'])
        await thresholds.getByLabel(new RegExp(`^${rank}`)).fill('')
      await thresholds.getByLabel(/^BMT/).fill('99999999')
      await thresholds.getByRole('button', { name: 'Save Thresholds' }).click()
      await expect(toast(page, 'Promotion thresholds updated!')).toBeVisible()
      const saved = await db<
        Array<{ from_rank: string; required_score: number }>
      >`select from_rank, required_score from promotion_thresholds`
      expect(saved).toEqual([{ from_rank: 'BMT', required_score: 99999999 }])

      // Asked first on the page's confirm step, with the dry run's count.
      const runSection = page.getByRole('region', { name: 'Run Promotions' })
      await runSection.getByRole('button', { name: 'Run Promotions' }).click()
      const step = page.getByRole('alertdialog')
      await expect(step).toContainText('Run promotions now? 1 member would be promoted: 1 from BMT to JNCO.')
      expect(await db`select rank from members where ingame_name = ${name}`).toEqual([{ rank: 'BMT' }])
      await step.getByRole('button', { name: 'Run Promotions' }).click()
      const results = page.getByTestId('promotion-results')
      await expect(results.getByText('Promotions check complete.')).toBeVisible()
      await expect(results.getByRole('listitem')).toHaveCount(1)
      await expect(results.getByRole('listitem')).toContainText(name)
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
      await runSection.getByRole('button', { name: 'Run Promotions' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Run Promotions' }).click()
      await expect(
        page.getByTestId('promotion-results').getByText('No members were eligible for promotion.'),
      ).toBeVisible()
    } finally {
      await removeTestData(db)
    }
  })
})
