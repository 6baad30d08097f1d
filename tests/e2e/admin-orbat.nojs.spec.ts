import { expect, test } from './fixtures.ts'

// The admin ORBAT editor without JavaScript (chromium-nojs project): the diagram editor cannot work, so the page
// says so and links to the settings pages, which are plain forms.

test('with JavaScript off the ORBAT editor says it needs JavaScript and links to the settings pages', async ({
  page,
  login,
}) => {
  await login('demo_admin', '/admin/orbat')
  const main = page.getByRole('main')
  await expect(main.getByText('The ORBAT diagram editor needs JavaScript.')).toBeVisible()
  await expect(main.getByText('Loading the ORBAT editor…')).toBeHidden()
  for (const [name, href] of [
    ['General (signup time lock)', '/admin/settings/general'],
    ['Eligible Roles', '/admin/settings/roles'],
    ['ORBAT Presets', '/admin/settings/presets'],
    ['Platoons', '/admin/settings/platoons'],
    ['Back to Admin Hub', '/admin'],
  ] as const) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await main.getByRole('link', { name: 'ORBAT Presets', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/settings\/presets$/)
})

test('the ORBAT editor is for admins only', async ({ page, login }) => {
  await login('reyes', '/admin/orbat')
  await expect(page.getByTestId('access-denied')).toBeVisible()
})
