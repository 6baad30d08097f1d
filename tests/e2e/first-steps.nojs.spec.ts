import { expect, test } from './fixtures.ts'

// first-steps.spec.ts without JavaScript: the same reach and layouts from the server's pages alone.

test('without JavaScript: Grant Award from a member name, LOA on the ORBAT, the activity cards, the form editor', async ({
  page,
  login,
}) => {
  await page.goto('/orbat')
  const sato = page.locator('[data-testid=slot]:visible').filter({ hasText: 'Sato' })
  await expect(sato.getByTestId('loa-badge')).toBeVisible()

  await login('demo_admin', '/admin/roster/members?term=Sato')
  await page.getByRole('link', { name: 'Sato', exact: true }).click()
  await page.getByTestId('admin-member-links').getByRole('link', { name: 'Grant Award' }).click()
  await expect(page.getByRole('dialog', { name: 'Grant Award to Sato' })).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/activity')
  await expect(page.getByRole('navigation', { name: 'Sort members' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0)

  // The Options box follows the Kind select by CSS alone.
  await page.goto('/admin/recruitment/form')
  const question = page.getByTestId('new-question-row').first()
  await expect(question.getByLabel('Options (one per line)')).toBeHidden()
  await question.getByLabel('Kind').selectOption('choice')
  await expect(question.getByLabel('Options (one per line)')).toBeVisible()
})
