import { axeViolationsAtEachWidth } from './a11y.ts'
import { BACKUP_WAIT_MS, test } from './backups.ts'
import { expect } from './fixtures.ts'
import { toast } from './page-kit.ts'

// /admin/backups with JavaScript, at a phone's width (each backup a card): Back up now says it started, the new backup
// appears in the list, and its Download answers the tar file. axe at 390 and 1440 px. (Without JavaScript, at 1440 px:
// backups.nojs.spec.ts; tests/e2e/backups.ts keeps the two from meeting.)

test('an admin backs up now, the backup appears and downloads as a tar file (390 px)', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin', '/admin/backups')
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible()
  const downloads = page.getByRole('link', { name: /^Download / })
  const hrefs = () => downloads.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const before = await hrefs()

  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(toast(page, 'Backup started: it appears in the list when complete.')).toBeVisible()

  let href = ''
  await expect(async () => {
    await page.reload()
    href = (await hrefs()).find((h) => !before.includes(h)) ?? ''
    expect(href, 'a new backup in the list').not.toBe('')
  }).toPass({ timeout: BACKUP_WAIT_MS, intervals: [500, 1_000] })
  const row = page.getByTestId('backup-row').filter({ has: page.locator(`a[href="${href}"]`) })
  await expect(row).toContainText('Back up now')
  // A card on a phone: its Download within the screen's width, no sideways scrolling.
  const box = await row.getByRole('link', { name: /^Download / }).boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)

  const download = await page.request.get(href)
  expect(download.status()).toBe(200)
  const headers = download.headers()
  expect(headers['content-type']).toBe('application/x-tar')
  expect(headers['content-disposition']).toBe(`attachment; filename="${decodeURIComponent(href.split('/').pop()!)}"`)
  expect(headers['cache-control']).toContain('no-store')
  const body = await download.body()
  expect(Number(headers['content-length'])).toBe(body.length)
  // A ustar archive whose first entry is the manifest (server/backups/archive.ts).
  expect(body.subarray(0, 13).toString('latin1')).toBe('manifest.json')
  expect(body.subarray(257, 262).toString('latin1')).toBe('ustar')

  const missing = await page.request.get('/api/admin/backups/no-such.backup.tar')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toEqual({ error: 'There is no such backup.' })

  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/backups:\n\n${found.join('\n\n')}\n`).toEqual([])
})
