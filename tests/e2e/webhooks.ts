import type { Page } from '@playwright/test'
import { WEBHOOK_MESSAGES } from '#contracts/webhooks.ts'
import { E2E_WEBHOOK_ORIGIN } from './env.ts'
import { expect, type E2ESql } from './fixtures.ts'
import { acceptConfirm, submit, toast } from './page-kit.ts'

// The Webhooks page's journey (docs/rules/webhooks.md), shared by webhooks.spec.ts (JavaScript on, 390 px) and
// webhooks.nojs.spec.ts (off, 1440 px): from the admin hub to Webhooks; Add endpoint refuses a private address inline,
// then adds one and shows its signing secret once; Send test queues a webhook.test delivery that shows in the list;
// Redeliver queues a finished delivery again with the same id; Edit pauses it; Rotate secret (confirmed) shows a new
// secret; Delete (confirmed) removes it. Deliveries go to E2E_WEBHOOK_ORIGIN, a name that never resolves: each
// attempt fails and is retried (what a receiver sees is tested with a real one in server/webhooks/delivery.test.ts).

export interface Journey {
  js: boolean
  /** Where this run's endpoint listens (unique per project, so the two runs never meet). */
  path: string
}

export async function removeJourneyEndpoints(db: E2ESql, path: string) {
  await db`delete from webhook_endpoints where url = ${E2E_WEBHOOK_ORIGIN + path}`
}

/** Answers the app's confirm: with JavaScript its dialog, without it the page's confirm step. */
async function confirmed(page: Page, journey: Journey, click: () => Promise<void>, question: RegExp, yes: string) {
  if (journey.js) {
    const answered = acceptConfirm(page, question)
    await click()
    await answered
    return
  }
  await click()
  const step = page.getByRole('alertdialog')
  await expect(step).toContainText(question)
  await submit(page, step.getByRole('button', { name: yes, exact: true }))
}

export async function webhooksJourney(page: Page, db: E2ESql, journey: Journey) {
  const url = E2E_WEBHOOK_ORIGIN + journey.path
  await page.goto('/admin')
  await page.getByRole('link', { name: /^Webhooks/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()

  // Add endpoint: a private address is refused in the dialog, with nothing added.
  await page.getByRole('link', { name: 'Add endpoint', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' })
  await dialog.getByLabel('URL').fill('https://10.0.0.7/hooks')
  await dialog.getByLabel('Description').fill('E2E stats bot')
  await dialog.getByRole('checkbox', { name: 'member.promoted' }).check()
  await dialog.getByRole('checkbox', { name: 'slot.left' }).uncheck()
  await dialog.getByRole('button', { name: 'Add endpoint', exact: true }).click()
  await expect(dialog.getByText(WEBHOOK_MESSAGES.url)).toBeVisible()
  expect(await db`select 1 from webhook_endpoints where url like 'https://10.0.0.7%'`).toHaveLength(0)

  await dialog.getByLabel('URL').fill(url)
  await dialog.getByRole('button', { name: 'Add endpoint', exact: true }).click()
  const secretPanel = page.getByTestId('webhook-secret')
  await expect(secretPanel).toContainText(WEBHOOK_MESSAGES.created)
  const firstSecret = await secretPanel.getByRole('textbox').inputValue()
  expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/)
  const card = page.getByTestId('webhook-endpoint').filter({ hasText: url })
  await expect(card).toContainText('E2E stats bot')
  await expect(card).toContainText('Active')
  await expect(card).toContainText('member.promoted')
  await expect(card).not.toContainText('slot.left')
  const [endpoint] = await db<{ id: number }[]>`select id from webhook_endpoints where url = ${url}`
  const id = endpoint!.id
  // Shown once: the page looked at again has no secret on it.
  await page.goto(`/admin/webhooks?endpoint=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(firstSecret)

  // Send test: a webhook.test delivery in this endpoint's list.
  await card.getByRole('button', { name: `Send a test event to ${url}` }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.testQueued)).toBeVisible()
  const deliveries = page.getByRole('table', { name: `Deliveries to ${url}` })
  await expect(deliveries.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' })).toHaveCount(1)

  // Redeliver: a finished delivery goes out again as the same message (the same webhook-id), pending once more.
  const message = `msg_${'e2e0'.repeat(7)}${journey.js ? 'aaaa' : 'bbbb'}`
  await db`
    insert into webhook_deliveries (id, endpoint_id, type, payload, status, attempts, response_status, duration_ms)
    values (${message}, ${id}, 'member.promoted', '{"type":"member.promoted"}', 'delivered', 1, 200, 120)`
  await page.reload()
  // (The test event's body names the endpoint's events too: the row is found by its message id.)
  const finished = deliveries.getByTestId('webhook-delivery').filter({ hasText: message })
  await expect(finished.getByTestId('delivery-status')).toHaveText('Delivered')
  await finished.getByRole('button', { name: `Redeliver member.promoted ${message}` }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.redeliverQueued)).toBeVisible()
  await expect(finished.getByTestId('delivery-status')).toHaveText('Pending')
  expect(await db`select 1 from webhook_deliveries where id = ${message} and status = 'pending'`).toHaveLength(1)

  // Edit: paused.
  await card.getByRole('link', { name: `Edit ${url}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit endpoint' })
  await expect(edit.getByRole('checkbox', { name: 'member.promoted' })).toBeChecked()
  await edit.getByRole('checkbox', { name: 'Active', exact: true }).uncheck()
  await edit.getByRole('button', { name: 'Save Changes', exact: true }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.saved)).toBeVisible()
  await expect(card).toContainText('Paused')
  await expect(card.getByRole('button', { name: `Send a test event to ${url}` })).toBeDisabled()

  // Rotate secret, confirmed: a new one, shown once.
  await confirmed(
    page,
    journey,
    () => card.getByRole('button', { name: `Rotate the secret of ${url}` }).click(),
    /^Make a new signing secret for /,
    'Rotate secret',
  )
  await expect(page.getByTestId('webhook-secret')).toContainText(WEBHOOK_MESSAGES.rotated)
  const secondSecret = await page.getByTestId('webhook-secret').getByRole('textbox').inputValue()
  expect(secondSecret).toMatch(/^whsec_/)
  expect(secondSecret).not.toBe(firstSecret)

  // Delete, confirmed.
  await confirmed(
    page,
    journey,
    () => card.getByRole('button', { name: `Delete ${url}` }).click(),
    /^Delete the endpoint /,
    'Delete',
  )
  await expect(toast(page, WEBHOOK_MESSAGES.deleted)).toBeVisible()
  await expect(card).toHaveCount(0)
  expect(await db`select 1 from webhook_endpoints where url = ${url}`).toHaveLength(0)
}
