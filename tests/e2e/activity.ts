import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { WIDTHS } from './a11y.ts'
import { expect, type E2ESql } from './fixtures.ts'

// The activity dashboard's journey, with JavaScript on (activity.spec.ts) and off (activity.nojs.spec.ts), at 1440 and
// 390 px: the charts are SVG in the server's first answer, the members table sorts by its headers, the window changes,
// the CSV downloads, the drifting-away list names the demo unit's two old hands, and the inactivity setting moves it.
// axe checks the page in the a11y specs (tests/e2e/a11y.ts).

const memberNames = (page: Page) => page.getByTestId('activity-member').locator('th a').allTextContents()
/** Sort by name: the column header wide, the sort links above the cards on a phone (below 768 px). */
const sortByName = (page: Page, width: number) =>
  width < 768
    ? page.getByRole('navigation', { name: 'Sort members' }).getByRole('link', { name: /^Member/ })
    : page.getByTestId('sort-name')
const byName = (names: string[], dir: 1 | -1) =>
  [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -dir : a.toLowerCase() > b.toLowerCase() ? dir : 0))

export async function activityJourney(page: Page, db: E2ESql) {
  try {
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      const first = await page.goto('/admin/activity')
      // The charts are in the server's answer, before any script runs.
      const html = await first!.text()
      expect(html).toMatch(/data-testid="turnout-chart"[\s\S]*?<svg[^>]*viewBox/)
      expect(html).toMatch(/data-testid="squad-chart"[\s\S]*?<svg[^>]*viewBox/)
      await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
      // One of its two drawings shows: the phone's or the wide screen's.
      await expect(page.getByTestId('turnout-chart').locator('[role=img] > div:visible > svg')).toHaveCount(1)
      await expect(page.getByTestId('turnout-chart').locator('rect title').first()).toHaveText(/: \d+ of \d+ \(\d+%\)$/)
      await expect(page.getByTestId('squad-chart').getByRole('img')).toHaveAccessibleName(/Alpha \d+% \(\d+ of \d+\)/)
      await expect(page.getByRole('link', { name: '12 weeks' })).toHaveAttribute('aria-current', 'page')
      const inactive = page.getByTestId('inactive-list')
      await expect(inactive.getByRole('link', { name: 'Moreau' })).toHaveAttribute(
        'href',
        /^\/admin\/roster\/members\/\d+\/record$/,
      )
      await expect(inactive.getByRole('link', { name: 'Tanaka' })).toBeVisible()

      // Sorting: by name, then the same header again turns it round.
      await sortByName(page, size.width).click()
      await expect(page).toHaveURL(/sort=name&dir=asc/)
      // With JavaScript the new order arrives after the URL: wait for it.
      await expect
        .poll(async () => {
          const names = await memberNames(page)
          return names.length > 10 && names.join('|') === byName(names, 1).join('|')
        })
        .toBe(true)
      const ascending = await memberNames(page)
      await sortByName(page, size.width).click()
      await expect(page).toHaveURL(/sort=name&dir=desc/)
      await expect.poll(() => memberNames(page)).toEqual(byName(ascending, -1))
      await expect(page.getByRole('columnheader', { name: /Member/ })).toHaveAttribute('aria-sort', 'descending')

      // Another window keeps the sort.
      await page.getByRole('link', { name: '4 weeks' }).click()
      await expect(page).toHaveURL(/weeks=4&sort=name&dir=desc/)
      await expect(page.getByRole('link', { name: '4 weeks' })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByTestId('halved-list').getByRole('link', { name: 'Tanaka' })).toBeVisible()

      // The CSV: a header row, one row per member.
      const downloading = page.waitForEvent('download')
      await page.getByTestId('activity-csv').click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = fs
        .readFileSync((await download.path())!, 'utf8')
        .trimEnd()
        .split('\r\n')
      expect(lines[0]).toBe(
        'member_id,ingame_name,squad,attended,possible,rate,last_attended,on_loa,inactive,reliability,trend',
      )
      const [{ n }] = await db<[{ n: number }]>`select count(*)::int as n from members where not is_banned`
      expect(lines).toHaveLength(n + 1)
    }

    // The inactivity setting, where its effect shows.
    await page.goto('/admin/activity')
    await page.getByLabel('Inactive after (weeks)').fill('52')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('inactive-list')).toContainText('Nobody is inactive.')
    await expect(page.getByLabel('Inactive after (weeks)')).toHaveValue('52')
  } finally {
    await db`delete from settings where key = 'inactivity_weeks'`
  }
}

/** A member's own chart on their account, in the first paint. */
export async function ownActivity(page: Page) {
  const first = await page.goto('/account')
  expect(await first!.text()).toMatch(/data-testid="member-activity-chart"[\s\S]*?<svg/)
  const section = page.getByRole('region', { name: 'Your activity' })
  await expect(section.getByRole('img', { name: /Attended \d+ of \d+ events in the last 12 weeks/ })).toBeVisible()
}
