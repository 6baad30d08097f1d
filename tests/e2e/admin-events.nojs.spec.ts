import { expect, test, type E2ESql } from './fixtures.ts'
import { submit, toast } from './page-kit.ts'

// Roster admin Events and Trainings tabs and Manage Library without JavaScript (chromium-nojs project; every admin form
// works with JavaScript off, docs/rules/ui.md): dialogs are URL states rendered on the page, every form is a full-page
// post answered by a redirect with a flash toast, validation errors show inline (400), deletes ask on the page's
// confirm step, and dates and times are the unit's time zone (America/New_York: no script tells the server the
// browser's). Every test removes what it created.

test.describe.configure({ timeout: 60_000 })

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function firstActiveMember(db: E2ESql) {
  const [member] = await db<
    Array<{ id: number; ingame_name: string }>
  >`select id, ingame_name from members where not is_banned order by id asc limit 1`
  return member!
}

test('events without JavaScript: add (inline errors), edit, attendance, schedule ping (unit time), delete via the confirm step', async ({
  page,
  login,
  db,
}) => {
  const name = unique('NoJS Event')
  const member = await firstActiveMember(db)
  try {
    await login('demo_admin', '/admin/roster/events')
    await page.getByRole('link', { name: 'Add Event' }).click()
    await expect(page).toHaveURL(/\?dialog=add$/)
    const add = page.getByRole('dialog', { name: 'Add Event' })
    await add.getByLabel('Event Name').fill('   ')
    await add.getByLabel('Date').fill('2031-03-10')
    await expect(add.getByLabel('Time (24-hour)')).toHaveValue('20:00')
    await add.getByLabel('ORBAT Image URL (optional)').fill('ftp://example.com/orbat.png')
    expect(await submit(page, add.getByRole('button', { name: 'Add Event' }))).toBe(400)
    await expect(add.getByText('Event name is required.')).toBeVisible()
    await expect(add.getByText('The ORBAT image URL must start with http:// or https://.')).toBeVisible()
    await add.getByLabel('Event Name').fill(name)
    await add.getByLabel('ORBAT Image URL (optional)').fill('https://example.com/orbat.png')
    await add.getByRole('button', { name: 'Add Event' }).click()
    await expect(toast(page, 'Event added!')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/roster\/events$/)
    const row = page.getByTestId('event-row').filter({ hasText: name })
    await expect(row).toContainText('Mon, Mar 10, 2031, 20:00 EDT')
    await expect(row.getByRole('link', { name: 'ORBAT' })).toHaveAttribute('href', 'https://example.com/orbat.png')

    // Edit
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(edit.getByLabel('Event Name')).toHaveValue(name)
    await edit.getByLabel('Date').fill('2031-03-11')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Event updated!')).toBeVisible()
    await expect(row).toContainText('Tue, Mar 11, 2031, 20:00 EDT')

    // Attendance: the filter is a GET form; ticked members hidden by the filter stay ticked.
    await row.getByRole('link', { name: `Attendance for ${name}` }).click()
    const attendance = page.getByRole('dialog', { name: `Attendance: ${name}` })
    await attendance.getByPlaceholder('Filter members by name...').fill(member.ingame_name)
    await attendance.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(/q=/)
    await attendance.getByRole('checkbox', { name: member.ingame_name, exact: true }).check()
    await attendance.getByRole('button', { name: 'Save Attendance' }).click()
    await expect(toast(page, 'Attendance updated!')).toBeVisible()
    await expect(row.getByTestId('attendance-count')).toHaveText('1')

    // Schedule Ping: unit time, 1 hour before the 20:00 start; all fields required; the 24h quick offset is a link.
    await row.getByRole('link', { name: `Schedule Ping for ${name}` }).click()
    const ping = page.getByRole('dialog', { name: `Schedule Ping: ${name}` })
    await expect(ping.getByText("Date and time are in the unit's time zone (America/New_York).")).toBeVisible()
    await expect(ping.getByLabel('Date')).toHaveValue('2031-03-11')
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('19:00')
    await ping.getByRole('link', { name: '24h before' }).click()
    await expect(page).toHaveURL(/offset=24/)
    await expect(ping.getByLabel('Date')).toHaveValue('2031-03-10')
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('20:00')
    await expect(ping.getByLabel('Message')).toHaveValue(`Reminder: ${name} starts in 24 hours!`)
    expect(await submit(page, ping.getByRole('button', { name: 'Schedule Ping' }))).toBe(400)
    await expect(ping.getByText('Please fill out all fields.')).toBeVisible()
    await ping.getByLabel('Channel').selectOption({ label: '#events' })
    await ping.getByLabel('Time (24-hour)').fill('25:00')
    expect(await submit(page, ping.getByRole('button', { name: 'Schedule Ping' }))).toBe(400)
    await expect(ping.getByText('Please enter a valid time in 24-hour format (HH:mm).')).toBeVisible()
    await ping.getByRole('checkbox', { name: 'Default (Event Ping Role)' }).check()
    await ping.getByRole('checkbox', { name: 'Event Ping', exact: true }).check()
    await ping.getByLabel('Time (24-hour)').fill('1830')
    expect(await submit(page, ping.getByRole('button', { name: 'Schedule Ping' }))).toBe(400)
    await expect(ping.getByText("'Default (Event Ping Role)' cannot be combined with other roles.")).toBeVisible()
    await ping.getByRole('checkbox', { name: 'Default (Event Ping Role)' }).uncheck()
    await ping.getByRole('button', { name: 'Schedule Ping' }).click()
    await expect(toast(page, 'Ping scheduled successfully!')).toBeVisible()
    const [saved] = await db<Array<{ ping_time: Date; roles_to_ping: string[] }>>`
      select p.ping_time, p.roles_to_ping from scheduled_pings p join events e on e.id = p.event_id where e.name = ${name}`
    // 18:30 EDT (UTC-4).
    expect(saved!.ping_time.toISOString()).toBe('2031-03-10T22:30:00.000Z')
    expect(saved!.roles_to_ping).toEqual(['910000000000000007'])

    // Delete: the confirm step, then the event is gone.
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    const step = page.getByRole('alertdialog')
    await expect(step).toContainText(`Are you sure you want to delete the event "${name}"?`)
    await step.getByRole('button', { name: 'Delete Event' }).click()
    await expect(toast(page, 'Event deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  } finally {
    const left = await db<Array<{ id: number }>>`select id from events where name = ${name}`
    for (const { id } of left) {
      await db`update members set attended_events_count = greatest(0, attended_events_count - 1)
               where id in (select member_id from event_attendance where event_id = ${id})`
      await db`delete from events where id = ${id}`
    }
  }
})

test('trainings without JavaScript: add (time errors inline), attendance, signups, post, edit, delete via the menu', async ({
  page,
  login,
  db,
}) => {
  const name = unique('NoJS Training')
  const member = await firstActiveMember(db)
  try {
    await login('demo_admin', '/admin/roster/trainings')
    await page.getByRole('link', { name: 'Add Training', exact: true }).click()
    const add = page.getByRole('dialog', { name: 'Add Training' })
    await expect(add.getByText("Date and time are in the unit's time zone (America/New_York).")).toBeVisible()
    await expect(add.getByLabel('Time (24-hour)')).toHaveValue('20:00')
    await add.getByLabel('Training Name').fill(name)
    await add.getByLabel('Date').fill('2031-04-02')
    await add.getByLabel('Time (24-hour)').fill('25:00')
    expect(await submit(page, add.getByRole('button', { name: 'Add Training' }))).toBe(400)
    await expect(add.getByText('Please enter a valid time in 24-hour format (HH:mm).')).toBeVisible()
    await expect(add.getByLabel('Training Name')).toHaveValue(name)
    await add.getByLabel('Time (24-hour)').fill('1900')
    await add.getByRole('button', { name: 'Add Training' }).click()
    await expect(toast(page, 'Training added!')).toBeVisible()
    const [saved] = await db<Array<{ id: number; date: Date }>>`select id, date from trainings where name = ${name}`
    expect(saved!.date.toISOString()).toBe('2031-04-02T23:00:00.000Z')
    const row = page.getByTestId('training-row').filter({ hasText: name })
    await expect(row).toContainText('Wed, Apr 2, 2031, 19:00 EDT')

    // Attendance
    await row.getByRole('link', { name: `Attendance for ${name}` }).click()
    const attendance = page.getByRole('dialog', { name: `Attendance: ${name}` })
    await attendance.getByRole('checkbox', { name: member.ingame_name, exact: true }).check()
    await attendance.getByRole('button', { name: 'Save Attendance' }).click()
    await expect(toast(page, 'Attendance updated!')).toBeVisible()
    const attended =
      await db`select 1 from training_attendance where training_id = ${saved!.id} and member_id = ${member.id}`
    expect(attended).toHaveLength(1)

    // The menu is a <details> disclosure: it opens without JavaScript. View Signups, remove one.
    await db`insert into training_signups (training_id, member_id) values (${saved!.id}, ${member.id})`
    await page.reload()
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'View Signups' }).click()
    const signups = page.getByRole('dialog', { name: `Signups: ${name}` })
    await signups.getByRole('button', { name: `Remove ${member.ingame_name}` }).click()
    await expect(toast(page, 'Sign-up removed.')).toBeVisible()
    await expect(signups.getByText('No one has signed up yet.')).toBeVisible()

    // Post Training on Discord: the roles are required.
    await page.goto('/admin/roster/trainings')
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'Post Training on Discord' }).click()
    const post = page.getByRole('dialog', { name: 'Post Training on Discord' })
    await post.getByLabel('Channel').selectOption({ label: '#trainings' })
    expect(await submit(page, post.getByRole('button', { name: 'Post Training' }))).toBe(400)
    await expect(post.getByText('Please choose a channel and at least one cadre role.')).toBeVisible()
    await post.getByRole('checkbox').first().check()
    await post.getByRole('button', { name: 'Post Training' }).click()
    await expect(toast(page, 'Training posted to Discord.')).toBeVisible()

    // Schedule Ping for the training.
    await row.getByRole('link', { name: `Schedule Ping for ${name}` }).click()
    const ping = page.getByRole('dialog', { name: `Schedule Ping: ${name}` })
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('18:00')
    await ping.getByLabel('Channel').selectOption({ label: '#trainings' })
    await ping.getByRole('button', { name: 'Schedule Ping' }).click()
    await expect(toast(page, 'Ping scheduled successfully!')).toBeVisible()

    // Edit, then delete through the confirm step.
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'Edit Training' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Training' })
    await expect(edit.getByLabel('Time (24-hour)')).toHaveValue('19:00')
    await edit.getByLabel('Training Name').fill(`${name} v2`)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Training updated!')).toBeVisible()
    const renamed = page.getByTestId('training-row').filter({ hasText: `${name} v2` })
    await renamed.getByLabel(`More actions for ${name} v2`).click()
    await renamed.getByRole('button', { name: 'Delete Training' }).click()
    const step = page.getByRole('alertdialog')
    await expect(step).toContainText(`Are you sure you want to delete the training "${name} v2"?`)
    await step.getByRole('button', { name: 'Delete Training' }).click()
    await expect(toast(page, 'Training deleted.')).toBeVisible()
    await expect(renamed).toHaveCount(0)
  } finally {
    await db`delete from trainings where name like ${`${name}%`}`
  }
})

test('past events come 25 a page without JavaScript: Show older and Newest are links', async ({ page, login, db }) => {
  const prefix = unique('NoJS Past')
  // Ten years back: after every past event the demo unit and the other specs have.
  await db`insert into events (name, date)
           select ${prefix} || ' ' || lpad(g::text, 2, '0'), now() - interval '3650 days' - g * interval '1 day'
             from generate_series(1, 30) g`
  try {
    await login('demo_admin', '/admin/roster/events')
    const past = page.getByRole('region', { name: 'Past Events' })
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toBeVisible()
    await expect(past.getByText(`${prefix} 30`, { exact: true })).toHaveCount(0)
    await page.getByRole('navigation', { name: 'Older events' }).getByRole('link', { name: 'Show older' }).click()
    await expect(page).toHaveURL(/\/admin\/roster\/events\?before=[^#]+#past-events$/)
    await expect(past.getByText(`${prefix} 30`, { exact: true })).toBeVisible()
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toHaveCount(0)
    // The upcoming events stay on top of every page.
    await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Older events' }).getByRole('link', { name: 'Newest' }).click()
    await expect(past.getByText(`${prefix} 01`, { exact: true })).toBeVisible()
  } finally {
    await db`delete from events where name like ${`${prefix}%`}`
  }
})

test('Manage Library without JavaScript: inline errors, add, edit, delete via the confirm step', async ({
  page,
  login,
  db,
}) => {
  const name = unique('NoJS Doc')
  try {
    await login('demo_admin', '/admin/knowledge')
    await page.getByRole('link', { name: 'Add Document' }).click()
    const add = page.getByRole('dialog', { name: 'Add Document' })
    await add.getByLabel('Document Name').fill('  ')
    await add.getByLabel('Google Doc URL').fill('ftp://example.com/x')
    expect(await submit(page, add.getByRole('button', { name: 'Add Document' }))).toBe(400)
    await expect(add.getByText('Name is required.')).toBeVisible()
    await expect(add.getByText('Please enter a valid URL starting with http:// or https://.')).toBeVisible()
    await add.getByLabel('Document Name').fill(name)
    await add.getByLabel('Google Doc URL').fill('https://example.com/nojs-doc')
    await add.getByRole('button', { name: 'Add Document' }).click()
    await expect(toast(page, 'Packet created successfully!')).toBeVisible()
    const row = page.getByTestId('packet-row').filter({ hasText: name })
    await expect(row).toBeVisible()

    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Document' })
    await edit.getByLabel('Document Name').fill(`${name} v2`)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Packet updated successfully!')).toBeVisible()
    const renamed = page.getByTestId('packet-row').filter({ hasText: `${name} v2` })

    await renamed.getByRole('button', { name: `Delete ${name} v2` }).click()
    const step = page.getByRole('alertdialog')
    await expect(step).toContainText('Are you sure you want to delete this knowledge packet?')
    await step.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await renamed.getByRole('button', { name: `Delete ${name} v2` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, 'Packet deleted successfully.')).toBeVisible()
    await expect(renamed).toHaveCount(0)
  } finally {
    await db`delete from knowledge_packets where name like ${`${name}%`}`
  }
})
