import { expect, test } from './fixtures.ts'
import { toast } from './page-kit.ts'

// Events have a start time (docs/decisions/025-times-in-the-viewers-zone.md): an event saved at 21:30 keeps 21:30
// through the Events list, the Edit form, the member sheet and the Schedule Ping offsets. The browser runs in Berlin,
// the unit in New York (the default): after the first page the server renders the viewer's zone (the cookie the page's
// head script sets), so the server HTML and the hydrated page agree, and the fixture fails the test on any hydration
// warning.

test.use({ timezoneId: 'Europe/Berlin' })
test.describe.configure({ timeout: 60_000 })

test('an event saved at 21:30 keeps 21:30 in the list, the edit form, the member sheet and the ping offsets', async ({
  page,
  login,
  db,
}) => {
  const name = `E2E Start ${Date.now().toString(36)}`
  const [member] = await db<
    Array<{ id: number; ingame_name: string }>
  >`select id, ingame_name from members where not is_banned order by id asc limit 1`
  try {
    await login('demo_admin', '/admin/roster/events')
    await page.getByRole('link', { name: 'Add Event' }).click()
    const add = page.getByRole('dialog', { name: 'Add Event' })
    await expect(add.getByText('Date and time are in your local time zone (Europe/Berlin).')).toBeVisible()
    const time = add.getByLabel('Time (24-hour)')
    await expect(time).toHaveValue('20:00')
    await add.getByLabel('Event Name').fill(name)
    await add.getByLabel('Date').fill('2030-06-15')
    await time.fill('')
    await time.pressSequentially('2130')
    await add.getByRole('button', { name: 'Add Event' }).click()
    await expect(toast(page, 'Event added!')).toBeVisible()

    const [saved] = await db<Array<{ id: number; date: Date }>>`select id, date from events where name = ${name}`
    // 21:30 in Berlin (CEST, UTC+2).
    expect(saved!.date.toISOString()).toBe('2030-06-15T19:30:00.000Z')
    const row = page.getByTestId('event-row').filter({ hasText: name })
    await expect(row).toContainText('Sat, Jun 15, 2030, 21:30 GMT+2')
    // The server's own HTML already says 21:30 in the viewer's zone.
    const html = await (await page.request.get('/admin/roster/events')).text()
    expect(html).toContain('Sat, Jun 15, 2030, 21:30 GMT+2')

    await row.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Event' })
    await expect(edit.getByLabel('Date')).toHaveValue('2030-06-15')
    await expect(edit.getByLabel('Time (24-hour)')).toHaveValue('21:30')
    await page.keyboard.press('Escape')
    await expect(edit).toBeHidden()

    // Schedule Ping: the offsets count back from 21:30.
    await row.getByRole('link', { name: `Schedule Ping for ${name}` }).click()
    const ping = page.getByRole('dialog', { name: `Schedule Ping: ${name}` })
    const when = async () => [
      await ping.getByLabel('Date').inputValue(),
      await ping.getByLabel('Time (24-hour)').inputValue(),
    ]
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('20:30')
    expect(await when()).toEqual(['2030-06-15', '20:30'])
    await expect(ping.getByLabel('Message')).toHaveValue(`Reminder: ${name} starts in 1 hour!`)
    await ping.getByRole('link', { name: '4h before', exact: true }).click()
    await expect(ping.getByLabel('Time (24-hour)')).toHaveValue('17:30')
    expect(await when()).toEqual(['2030-06-15', '17:30'])
    await ping.getByRole('link', { name: '24h before' }).click()
    await expect(ping.getByLabel('Date')).toHaveValue('2030-06-14')
    expect(await when()).toEqual(['2030-06-14', '21:30'])
    await expect(ping.getByLabel('Message')).toHaveValue(`Reminder: ${name} starts in 24 hours!`)
    await page.keyboard.press('Escape')

    // The member sheet of an attendee lists the event at 21:30.
    await db`insert into event_attendance (event_id, member_id) values (${saved!.id}, ${member!.id})`
    await page.goto(`/roster?term=${encodeURIComponent(member!.ingame_name)}`)
    await page.getByTestId('roster-row').filter({ hasText: member!.ingame_name }).getByRole('cell').nth(2).click()
    const sheet = page.getByRole('dialog', { name: member!.ingame_name })
    await sheet.getByRole('tab', { name: /Events/ }).click()
    const listed = sheet.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name })
    await expect(listed).toContainText('Sat, Jun 15, 2030, 21:30 GMT+2')
    // The sheet's full page, rendered by the server.
    const sheetHtml = await (await page.request.get(`/roster/${member!.id}?tab=events`)).text()
    expect(sheetHtml).toContain('Sat, Jun 15, 2030, 21:30 GMT+2')
  } finally {
    await db`delete from events where name = ${name}`
  }
})
