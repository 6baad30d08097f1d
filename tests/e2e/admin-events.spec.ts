import type { Page } from '@playwright/test'
import { expect, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, toast } from './page-kit.ts'

// Roster admin Events and Trainings tabs and Manage Library with JavaScript: dialogs are modal <dialog>s opened from
// links, deletes confirm through the browser's confirm, and the ping and training times are the admin's local time (the
// browser runs in New York time). Every test removes what it created.

test.use({ timezoneId: 'America/New_York' })
test.describe.configure({ timeout: 60_000 })

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function publicScore(page: Page, memberId: number): Promise<number> {
  const response = await page.request.get(`/api/roster/member/${memberId}`)
  expect(response.ok()).toBe(true)
  return Number(((await response.json()) as { event_score: number }).event_score)
}

// NOTE: a seeded member (the lowest ids): the newest one may belong to another spec running at the same time, which
// deletes it when it finishes.
async function someActiveMember(db: E2ESql) {
  const [member] = await db<Array<{ id: number; ingame_name: string }>>`
    select id, ingame_name from members where not is_banned order by id asc limit 1`
  return member!
}

test('an admin adds an event, records attendance (the score moves), schedules a ping and deletes the event', async ({
  page,
  login,
  db,
}) => {
  const name = unique('E2E Event')
  const member = await someActiveMember(db)
  try {
    await login('demo_admin', '/admin/roster/events')
    await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible()

    // Add Event: the name is required (inline), then it is created.
    await page.getByRole('link', { name: 'Add Event' }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add Event' })
    await expect(addDialog).toBeVisible()
    await addDialog.getByLabel('Event Name').fill('   ')
    await addDialog.getByLabel('Date').fill('2030-06-15')
    await addDialog.getByRole('button', { name: 'Add Event' }).click()
    await expect(addDialog.getByText('Event name is required.')).toBeVisible()
    await addDialog.getByLabel('Event Name').fill(name)
    await addDialog.getByRole('button', { name: 'Add Event' }).click()
    await expect(toast(page, 'Event added!')).toBeVisible()
    await expect(addDialog).toBeHidden()
    const row = page.getByTestId('event-row').filter({ hasText: name })
    await expect(row).toContainText('Sat, Jun 15, 2030, 20:00 EDT')
    await expect(row.getByTestId('attendance-count')).toHaveText('0')

    // Attendance: filter, tick the member, save; the public member API shows the new score.
    const before = await publicScore(page, member.id)
    await row.getByRole('link', { name: `Attendance for ${name}` }).click()
    const attendance = page.getByRole('dialog', { name: `Attendance: ${name}` })
    await expect(attendance).toBeVisible()
    await attendance.getByPlaceholder('Filter members by name...').fill(member.ingame_name.toUpperCase())
    const box = attendance.getByRole('checkbox', { name: member.ingame_name, exact: true })
    await expect(box).toBeVisible()
    await box.check()
    await expect(attendance.getByText(/^1 of \d+ members attended\.$/)).toBeVisible()
    await attendance.getByRole('button', { name: 'Save Attendance' }).click()
    await expect(toast(page, 'Attendance updated!')).toBeVisible()
    await expect(row.getByTestId('attendance-count')).toHaveText('1')
    expect(await publicScore(page, member.id)).toBe(before + 1)

    // Schedule Ping: defaults to 1 hour before, in local (New York) time, with a default message.
    await row.getByRole('link', { name: `Schedule Ping for ${name}` }).click()
    const ping = page.getByRole('dialog', { name: `Schedule Ping: ${name}` })
    await expect(ping).toBeVisible()
    await expect(ping.getByText('Date and time are in your local time zone (America/New_York).')).toBeVisible()
    // The event starts at 20:00 (the default time) in New York; one hour before is 19:00 the same day.
    await expect(ping.getByLabel('Date')).toHaveValue('2030-06-15')
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('19:00')
    await expect(ping.getByLabel('Message')).toHaveValue(`Reminder: ${name} starts in 1 hour!`)
    await ping.getByRole('link', { name: '24h before' }).click()
    await expect(ping.getByLabel('Date')).toHaveValue('2030-06-14')
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('20:00')
    await expect(ping.getByLabel('Message')).toHaveValue(`Reminder: ${name} starts in 24 hours!`)

    // The time field: digits only with the colon; 3 digits normalise on blur; an invalid time clears the field.
    const time = ping.getByLabel('Time (24-hour)')
    await time.fill('')
    await time.pressSequentially('9x3')
    await expect(time).toHaveValue('93')
    await time.blur()
    await expect(time).toHaveValue('')
    await expect(ping.getByText('Please enter time in HH:mm format.')).toBeVisible()
    await time.pressSequentially('1830')
    await expect(time).toHaveValue('18:30')

    // 'Default (Event Ping Role)' is exclusive with the other roles.
    const defaultRole = ping.getByRole('checkbox', { name: 'Default (Event Ping Role)' })
    const otherRole = ping.getByRole('checkbox', { name: 'Event Ping', exact: true })
    await defaultRole.check()
    await otherRole.check()
    await expect(defaultRole).not.toBeChecked()
    await defaultRole.check()
    await expect(otherRole).not.toBeChecked()

    // Channel missing: 'Please fill out all fields.', and the channel is marked and focused.
    await ping.getByRole('button', { name: 'Schedule Ping' }).click()
    await expect(ping.getByText('Please fill out all fields.')).toBeVisible()
    await expect(ping.getByLabel('Channel')).toHaveAttribute('aria-invalid', 'true')
    await expect(ping.getByText('Please choose a channel.')).toBeVisible()
    await expect(ping.getByLabel('Channel')).toBeFocused()
    await expect(ping.getByLabel('Message')).not.toHaveAttribute('aria-invalid', 'true')
    await ping.getByLabel('Channel').selectOption({ label: '#events' })
    await ping.getByRole('button', { name: 'Schedule Ping' }).click()
    await expect(toast(page, 'Ping scheduled successfully!')).toBeVisible()
    await expect(ping).toBeHidden()
    const pings = await db<Array<{ ping_time: Date; roles_to_ping: string[]; channel_id: string; status: string }>>`
      select p.ping_time, p.roles_to_ping, p.channel_id, p.status from scheduled_pings p join events e on e.id = p.event_id where e.name = ${name}`
    expect(pings).toHaveLength(1)
    // 2030-06-14 18:30 in New York (EDT, UTC-4).
    expect(pings[0]!.ping_time.toISOString()).toBe('2030-06-14T22:30:00.000Z')
    expect(pings[0]!.roles_to_ping).toEqual(['default'])
    expect(pings[0]!.channel_id).toBe('930000000000000003')
    expect(pings[0]!.status).toBe('pending')

    // Delete (confirmed): the attendance leaves the score again.
    void acceptConfirm(page, /Are you sure you want to delete the event/)
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Event deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
    expect(await publicScore(page, member.id)).toBe(before)
  } finally {
    // Deleting through SQL would leave the score raised: take it back out the way the service does.
    const left = await db<Array<{ id: number }>>`select id from events where name = ${name}`
    for (const { id } of left) {
      await db`update members set attended_events_count = greatest(0, attended_events_count - 1)
               where id in (select member_id from event_attendance where event_id = ${id})`
      await db`delete from events where id = ${id}`
    }
  }
})

test('an admin adds a training (24-hour time, local zone), views and removes sign-ups, posts it and deletes it', async ({
  page,
  login,
  db,
}) => {
  const name = unique('E2E Training')
  const member = await someActiveMember(db)
  try {
    await login('demo_admin', '/admin/roster/trainings')
    await expect(page.getByRole('region', { name: 'BMT Trainings' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'General Trainings' })).toBeVisible()

    await page.getByRole('link', { name: 'Add Training', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Training' })
    await expect(dialog).toBeVisible()
    const time = dialog.getByLabel('Time (24-hour)')
    await expect(time).toHaveValue('20:00')
    await dialog.getByLabel('Training Name').fill(name)
    await dialog.getByLabel('Description').fill('Bring a radio.')
    await dialog.getByLabel('Date').fill('2030-07-01')
    await time.fill('')
    await time.pressSequentially('930')
    await time.blur()
    await expect(time).toHaveValue('09:30')
    await time.fill('')
    await dialog.getByRole('button', { name: 'Add Training' }).click()
    await expect(dialog.getByText('Please enter a valid time in 24-hour format (HH:mm).')).toBeVisible()
    await time.pressSequentially('1845')
    await dialog.getByRole('button', { name: 'Add Training' }).click()
    await expect(toast(page, 'Training added!')).toBeVisible()

    const [saved] = await db<
      Array<{ id: number; date: Date; is_bmt_training: boolean }>
    >`select id, date, is_bmt_training from trainings where name = ${name}`
    // 18:45 in New York on 1 July 2030 (EDT).
    expect(saved!.date.toISOString()).toBe('2030-07-01T22:45:00.000Z')
    expect(saved!.is_bmt_training).toBe(false)
    const row = page
      .getByRole('region', { name: 'General Trainings' })
      .getByTestId('training-row')
      .filter({ hasText: name })
    await expect(row).toContainText('Mon, Jul 1, 2030, 18:45')

    // View Signups (from the menu) and remove one.
    await db`insert into training_signups (training_id, member_id) values (${saved!.id}, ${member.id})`
    await page.reload()
    await expect(row.getByTestId('signup-count')).toHaveText('1')
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'View Signups' }).click()
    const signups = page.getByRole('dialog', { name: `Signups: ${name}` })
    await expect(signups.getByText(member.ingame_name, { exact: true })).toBeVisible()
    await signups.getByRole('button', { name: `Remove ${member.ingame_name}` }).click()
    await expect(toast(page, 'Sign-up removed.')).toBeVisible()
    await expect(signups.getByText('No one has signed up yet.')).toBeVisible()
    await signups.getByRole('link', { name: 'Close' }).last().click()
    await expect(signups).toBeHidden()
    await expect(row.getByTestId('signup-count')).toHaveText('0')

    // Post Training on Discord: a channel and at least one cadre role.
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'Post Training on Discord' }).click()
    const post = page.getByRole('dialog', { name: 'Post Training on Discord' })
    await post.getByLabel('Channel').selectOption({ label: '#trainings' })
    await post.getByRole('button', { name: 'Post Training' }).click()
    await expect(post.getByText('Please choose a channel and at least one cadre role.')).toBeVisible()
    await post.getByRole('checkbox').first().check()
    await post.getByRole('button', { name: 'Post Training' }).click()
    await expect(toast(page, 'Training posted to Discord.')).toBeVisible()

    // Schedule Ping for a training: no role needed.
    await row.getByRole('link', { name: `Schedule Ping for ${name}` }).click()
    const ping = page.getByRole('dialog', { name: `Schedule Ping: ${name}` })
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('17:45')
    await ping.getByLabel('Channel').selectOption({ label: '#trainings' })
    await ping.getByRole('button', { name: 'Schedule Ping' }).click()
    await expect(toast(page, 'Ping scheduled successfully!')).toBeVisible()

    // Edit keeps the local time; Delete confirms.
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'Edit Training' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Training' })
    await expect(edit.getByLabel('Time (24-hour)')).toHaveValue('18:45')
    await edit.getByLabel('Hidden (not shown on the public trainings page)').check()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Training updated!')).toBeVisible()
    await expect(row).toContainText('Hidden')

    await row.getByLabel(`More actions for ${name}`).click()
    void acceptConfirm(page, /Are you sure you want to delete the training/)
    await row.getByRole('button', { name: 'Delete Training' }).click()
    await expect(toast(page, 'Training deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  } finally {
    await db`delete from trainings where name = ${name}`
  }
})

test('Create BMT Training lists the training under BMT Trainings', async ({ page, login, db }) => {
  const name = unique('E2E BMT')
  try {
    await login('demo_admin', '/admin/roster/trainings')
    await page.getByRole('link', { name: 'Create BMT Training' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create BMT Training' })
    await dialog.getByLabel('Training Name').fill(name)
    await dialog.getByLabel('Date').fill('2030-08-01')
    await dialog.getByRole('button', { name: 'Create BMT Training' }).click()
    await expect(toast(page, 'BMT training created!')).toBeVisible()
    const row = page
      .getByRole('region', { name: 'BMT Trainings' })
      .getByTestId('training-row')
      .filter({ hasText: name })
    await expect(row).toContainText('BMT')
    await expect(row).toContainText('20:00')
  } finally {
    await db`delete from trainings where name = ${name}`
  }
})

test('past trainings come 20 a page: Show older loads the next ones in place, Newest goes back', async ({
  page,
  login,
  db,
}) => {
  const prefix = unique('E2E Past Training')
  await db`insert into trainings (name, date)
           select ${prefix} || ' ' || lpad(g::text, 2, '0'), now() - interval '3650 days' - g * interval '1 day'
             from generate_series(1, 25) g`
  try {
    await login('demo_admin', '/admin/roster/trainings')
    const past = page.getByRole('region', { name: 'Past Trainings' })
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toBeVisible()
    await expect(past.getByText(`${prefix} 25`, { exact: true })).toHaveCount(0)
    await past.getByRole('link', { name: 'Show older' }).click()
    await expect(past.getByText(`${prefix} 25`, { exact: true })).toBeVisible()
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toHaveCount(0)
    await expect(page).toHaveURL(/before=/)
    await past.getByRole('link', { name: 'Newest' }).click()
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toBeVisible()
  } finally {
    await db`delete from trainings where name like ${`${prefix}%`}`
  }
})

test('Manage Library: add, edit and delete a document', async ({ page, login, db }) => {
  const name = unique('E2E Doc')
  try {
    await login('demo_admin', '/admin/knowledge')
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Library' })).toBeVisible()
    const count = page.getByTestId('packet-count')
    const before = Number((await count.textContent())!.split(' ')[0])

    await page.getByRole('link', { name: 'Add Document' }).click()
    const add = page.getByRole('dialog', { name: 'Add Document' })
    await add.getByLabel('Document Name').fill(name)
    await add.getByLabel('Google Doc URL').fill('ftp://example.com/doc')
    await add.getByRole('button', { name: 'Add Document' }).click()
    await expect(add.getByText('Please enter a valid URL starting with http:// or https://.')).toBeVisible()
    await add.getByLabel('Google Doc URL').fill('https://docs.google.com/document/d/e2e/edit')
    await add.getByRole('button', { name: 'Add Document' }).click()
    await expect(toast(page, 'Packet created successfully!')).toBeVisible()
    await expect(count).toHaveText(`${before + 1} documents`)
    const row = page.getByTestId('packet-row').filter({ hasText: name })
    await expect(row.getByRole('link', { name: 'https://docs.google.com/document/d/e2e/edit' })).toHaveAttribute(
      'target',
      '_blank',
    )

    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Document' })
    await expect(edit.getByLabel('Document Name')).toHaveValue(name)
    await edit.getByLabel('Google Doc URL').fill('https://docs.google.com/document/d/e2e-2/edit')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Packet updated successfully!')).toBeVisible()
    await expect(row).toContainText('https://docs.google.com/document/d/e2e-2/edit')

    void acceptConfirm(page, 'Are you sure you want to delete this knowledge packet?')
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Packet deleted successfully.')).toBeVisible()
    await expect(row).toHaveCount(0)
    await expect(count).toHaveText(`${before} documents`)
  } finally {
    await db`delete from knowledge_packets where name = ${name}`
  }
})

test('a dialog opens on its first field and Escape closes it', async ({ page, login }) => {
  await login('demo_admin')
  await page.goto('/admin/roster/events?dialog=add')
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Event Name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/roster\/events$/)
})

test('a member without the admin role sees Access Denied on these pages', async ({ page, login }) => {
  await login('reyes')
  for (const path of ['/admin/roster/events', '/admin/roster/trainings', '/admin/knowledge']) {
    await page.goto(path)
    await expect(page.getByTestId('access-denied')).toBeVisible()
  }
})
