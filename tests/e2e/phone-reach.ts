import { expect, type Locator, type Page } from '@playwright/test'

// Admin tables on a phone (docs/rules/ui.md, phones): every row action of the Members and Events tabs lies on screen at
// the phone's width, without sideways scrolling. Used by admin-tables-phone.spec.ts and its no-JS twin.

/** The control lies inside the viewport's width, and the page does not scroll sideways. */
export async function expectInReach(page: Page, controls: Locator[]) {
  const width = page.viewportSize()!.width
  for (const control of controls) {
    await expect(control).toBeVisible()
    const box = (await control.boundingBox())!
    expect(
      box.x,
      `${(await control.getAttribute('aria-label')) ?? (await control.textContent())} starts on screen`,
    ).toBeGreaterThanOrEqual(0)
    expect(
      box.x + box.width,
      `${(await control.getAttribute('aria-label')) ?? (await control.textContent())} ends on screen`,
    ).toBeLessThanOrEqual(width)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

export async function checkMembersAndEvents(page: Page) {
  await page.goto('/admin/roster/members')
  const member = page.getByTestId('member-row').first()
  // The name is the row header's link (to the member's service record).
  const name = (await member.getByRole('rowheader').getByRole('link').first().textContent())!.trim()
  await expectInReach(page, [
    member.getByRole('link', { name: `Edit ${name}` }),
    member.getByRole('link', { name: `Ban ${name}` }),
    member.getByRole('button', { name: `Delete ${name}` }),
  ])
  // The card keeps its facts, each under its column's name.
  await expect(member.getByRole('cell').first()).toBeVisible()

  await page.goto('/admin/roster/events')
  const event = page.getByTestId('event-row').first()
  const title = (await event.getByRole('rowheader').locator('span.truncate').textContent())!.trim()
  await expectInReach(page, [
    event.getByRole('link', { name: `Schedule Ping for ${title}` }),
    event.getByRole('link', { name: `Attendance for ${title}` }),
    event.getByRole('link', { name: `Edit ${title}` }),
    event.getByRole('button', { name: `Delete ${title}` }),
  ])
}
