import { expect, test } from './fixtures.ts'

// The service record with JavaScript, at a phone's width and a desktop's: the member sheet links to the public
// profile; an admin adds a note on the member's full record and sees it there; the member reads their own record from
// their account, without the note; the public profile shows neither; a taken ORBAT slot links to its holder's profile.

const NOTE = `E2E note ${Date.now()}`

test('an admin notes a member; the member reads their record without it; the profile leaves it out', async ({
  page,
  login,
  db,
}) => {
  const [someone] = await db<{ id: number; name: string }[]>`
    select id, ingame_name as name from members where not is_banned order by rank desc, lower(ingame_name) limit 1`
  await login('demo_admin')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/admin/roster/members')
  await page
    .getByRole('link', { name: `Service record of ${someone!.name}` })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Service record: ${someone!.name}` })).toBeVisible()
  await page.getByRole('textbox', { name: 'Admin note' }).fill(NOTE)
  await page.getByRole('button', { name: 'Add note' }).click()
  const timeline = page.getByRole('list', { name: `Service record of ${someone!.name}` })
  await expect(timeline.getByText(NOTE)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Admin note' })).toHaveValue('')

  // The public profile, at a phone's width: no note.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('link', { name: 'Public profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: someone!.name })).toBeVisible()
  await expect(page.getByRole('img', { name: /Attended \d+ of \d+ events in the last 12 weeks/ })).toBeVisible()
  await expect(page.getByRole('list', { name: `Service record of ${someone!.name}` })).toBeVisible()
  await expect(page.getByText(NOTE)).toHaveCount(0)
})

test('a member reads their own record from their account, without admin notes', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  await login('reyes')
  const [member] = await db<{ id: number; name: string }[]>`
    select m.id, m.ingame_name as name from members m join users u on u.discord_id = m.discord_id where u.username = 'reyes'`
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/account')
  await page.getByRole('link', { name: 'Your service record' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your service record' })).toBeVisible()
  const timeline = page.getByRole('list', { name: `Service record of ${member!.name}` })
  await expect(timeline.getByText('Joined the unit')).toBeVisible()
  await expect(timeline.getByText('Admin note')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Admin note' })).toHaveCount(0)

  // The roster's member sheet leads to the full profile.
  await page.goto('/roster')
  await page.getByTestId('roster-row').filter({ hasText: member!.name }).first().click()
  await page.getByRole('link', { name: 'Full profile and service record' }).click()
  await expect(page).toHaveURL(new RegExp(`/roster/${member!.id}$`))
  await expect(page.getByRole('link', { name: 'Full service record' })).toHaveAttribute('href', '/account/record')

  // A taken ORBAT slot leads to its holder's profile.
  void orbatLock
  const [slot] = await db<{ id: number }[]>`
    select id from slots where user_id is null and manual_username is null and role not like '---%' order by id limit 1`
  await db.begin(async (tx) => {
    await tx`update slots set user_id = (select id from users where username = 'reyes') where id = ${slot!.id}`
    await tx`select pg_notify('orbat_changed', '')`
  })
  await page.goto('/orbat')
  await page.locator(`[data-slot-id="${slot!.id}"]`).getByRole('link', { name: member!.name }).click()
  await expect(page).toHaveURL(new RegExp(`/roster/${member!.id}$`))
})
