import { expect, test } from './fixtures.ts'

// The service record without JavaScript: the admin's note form posts and the page answers with the note in the
// timeline; attendance lines come and go with a plain link.

test('an admin adds a note and shows the attendance lines, with JavaScript off', async ({ page, login, db }) => {
  const [member] = await db<{ id: number; name: string }[]>`
    select id, ingame_name as name from members where not is_banned and attended_events_count > 0 order by id limit 1`
  await login('demo_admin', `/admin/roster/members/${member!.id}/record`)
  const note = `E2E nojs note ${Date.now()}`
  await page.getByRole('textbox', { name: 'Admin note' }).fill(note)
  await page.getByRole('button', { name: 'Add note' }).click()
  const timeline = page.getByRole('list', { name: `Service record of ${member!.name}` })
  await expect(timeline.getByText(note)).toBeVisible()
  await expect(page.getByText('Note added.')).toBeVisible()

  // A blank note is refused at the field.
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Note text is required.')).toBeVisible()

  await page.getByRole('link', { name: /Show attendance too \(\d+\)/ }).click()
  await expect(timeline.getByText(/^Attended /).first()).toBeVisible()
  await page.getByRole('link', { name: 'Milestones only' }).click()
  await expect(timeline.getByText(/^Attended /)).toHaveCount(0)
})
