import type { Browser, Page } from '@playwright/test'
import { signIn, type WIDTHS } from './a11y.ts'
import { expect, type DemoUsername, type E2ESql } from './fixtures.ts'
import { acceptConfirm, toast } from './page-kit.ts'

// The leave of absence journey (docs/rules/personnel.md, Leave of absence), shared by leave.spec.ts (JavaScript on)
// and leave.nojs.spec.ts (off): a member asks for leave on /account, an admin approves it on the Leave tab, the LOA
// badge shows on the roster and on the member's ORBAT slot, and the member ends the leave early. Each project uses
// its own member (their leave may not overlap); everything it asks for has a reason starting "E2E leave".

export const REASON = 'E2E leave'

export interface Journey {
  js: boolean
  member: { username: DemoUsername; name: string }
  /** axe at the page's width: with or without the page's own scripts. */
  violations: (page: Page) => Promise<string[]>
  settle: (page: Page) => Promise<void>
}

/** A calendar day in the unit's zone (the demo unit's: America/New_York), `offset` days from today. */
function unitDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)
}

export async function removeJourneyLeave(db: E2ESql, name: string) {
  await db`delete from leaves where reason like ${`${REASON}%`} and member_id in (select id from members where ingame_name = ${name})`
}

async function expectClean(page: Page, journey: Journey, where: string) {
  await journey.settle(page)
  const found = await journey.violations(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

/** One run of the journey at one width. */
export async function leaveJourney(
  page: Page,
  browser: Browser,
  urls: { baseURL: string; standInUrl: string },
  journey: Journey,
  size: (typeof WIDTHS)[number],
) {
  const { member } = journey
  const reason = `${REASON} at ${size.width} px: surgery and recovery.`
  await page.setViewportSize(size)
  await signIn(page, browser, member.username, urls)

  // The member asks for leave.
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'Leave of absence' })
  await section.locator('input[name=start_date]').fill(unitDay(0))
  await section.locator('input[name=end_date]').fill(unitDay(6))
  await section.getByRole('textbox', { name: 'Reason' }).fill(reason)
  await section.getByRole('button', { name: 'Ask for leave' }).click()
  await expect(toast(page, 'Leave requested. An admin will review it.')).toBeVisible()
  const mine = section.getByTestId('my-leave').filter({ hasText: reason })
  await expect(mine.getByTestId('leave-phase')).toHaveText('Pending')
  await expectClean(page, journey, `/account with a pending request @${size.width}px`)

  // The member holds a slot (the ORBAT shows the badge on it).
  const orbat = (await (await page.request.get('/api/orbat')).json()) as {
    slots: Array<{
      id: number
      role: string
      user_id: number | null
      manual_username: string | null
      required_role_id: string | null
    }>
  }
  const open = orbat.slots.find(
    (s) =>
      !s.user_id && !s.manual_username && !s.role.startsWith('---') && [null, 'Rifleman'].includes(s.required_role_id),
  )!
  expect((await page.request.post(`/api/slot/${open.id}/signup`, { headers: { Origin: urls.baseURL } })).status()).toBe(
    200,
  )

  // An admin approves it on the Leave tab.
  const admin = await browser.newPage({ javaScriptEnabled: journey.js, viewport: size })
  try {
    await signIn(admin, browser, 'demo_admin', urls)
    await admin.goto('/admin/roster/leave')
    const row = admin.getByTestId('leave-row').filter({ hasText: reason })
    await expect(row.getByTestId('leave-phase')).toHaveText('Pending')
    await row.getByRole('button', { name: `Approve ${member.name}'s leave` }).click()
    await expect(toast(admin, 'Leave approved.')).toBeVisible()
    await admin.goto('/admin/roster/leave?status=active')
    await expect(admin.getByTestId('leave-row').filter({ hasText: reason }).getByTestId('leave-phase')).toHaveText(
      'On leave',
    )
  } finally {
    await admin.close()
  }

  // The LOA badge: the roster, the ORBAT slot.
  await page.goto(`/roster?term=${encodeURIComponent(member.name)}`)
  const rosterRow = page
    .getByTestId('roster-row')
    .filter({ has: page.getByRole('link', { name: member.name, exact: true }) })
  await expect(rosterRow.getByTestId('loa-badge')).toHaveText('LOA')
  await page.goto('/orbat')
  // The list and the diagram are both on the page; CSS shows one.
  const slot = page.locator(`[data-testid=slot][data-slot-id="${open.id}"]:visible`)
  await expect(slot).toContainText(member.name)
  await expect(slot.getByTestId('loa-badge')).toBeVisible()
  await expectClean(page, journey, `/orbat with an LOA badge @${size.width}px`)

  // The member ends the leave early: at once, the badges go.
  await page.goto('/account')
  await expect(mine.getByTestId('leave-phase')).toHaveText('On leave')
  if (journey.js) {
    const ended = acceptConfirm(page)
    await mine.getByRole('button', { name: 'End leave now' }).click()
    await ended
  } else {
    await mine.getByRole('button', { name: 'End leave now' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'End leave' }).click()
  }
  await expect(toast(page, 'Leave ended.')).toBeVisible()
  await expect(mine.getByTestId('leave-phase')).toHaveText('Ended early')
  await page.goto(`/roster?term=${encodeURIComponent(member.name)}`)
  await expect(rosterRow).toBeVisible()
  await expect(rosterRow.getByTestId('loa-badge')).toHaveCount(0)
  await page.goto('/orbat')
  await expect(slot).toContainText(member.name)
  await expect(slot.getByTestId('loa-badge')).toHaveCount(0)
}
