import { expect, test } from './fixtures.ts'

// The side sheet: right side, 500 px on md+, full width below, a dimmed backdrop that closes it, content cleared 300 ms
// after close. The admin hub's "View full log" is its first user.

test('the admin hub opens the full audit log in the side sheet; the backdrop and Escape close it', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin')
  const sheet = page.getByRole('dialog', { name: 'Audit Log' })

  await page.getByRole('button', { name: 'View full log' }).click()
  await expect(sheet).toBeVisible()
  await expect(sheet.getByTestId('audit-log').getByRole('listitem').first()).toBeVisible()
  const viewport = page.viewportSize()!
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox()
      return box && { width: Math.round(box.width), right: Math.round(box.x + box.width) }
    })
    .toEqual({ width: 500, right: viewport.width })

  // A click on the dimmed backdrop (left of the panel) closes it, and the content is cleared after the slide-out.
  await page.mouse.click(100, viewport.height / 2)
  await expect(sheet).toBeHidden()
  await expect(page.locator('#sheet-title')).toHaveText('')

  // Escape closes it too, and focus was inside while open.
  await page.getByRole('button', { name: 'View full log' }).click()
  await expect(sheet).toBeVisible()
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
})

test('on a small screen the side sheet is full width', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin', '/admin')
  await page.getByRole('button', { name: 'View full log' }).click()
  const sheet = page.getByRole('dialog', { name: 'Audit Log' })
  await expect(sheet).toBeVisible()
  await expect.poll(async () => Math.round((await sheet.boundingBox())?.width ?? 0)).toBe(390)
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(sheet).toBeHidden()
})
