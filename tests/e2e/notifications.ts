import type { Page } from '@playwright/test'
import { NOTIFICATION_MESSAGES } from '#contracts/notifications.ts'
import { WIDTHS } from './a11y.ts'
import { E2E_PUSH_ORIGIN } from './env.ts'
import { expect, type E2ESql } from './fixtures.ts'
import { axeAtBothWidths, toast } from './page-kit.ts'

// Notifications on /account, with JavaScript on (notifications.spec.ts) and off (notifications.nojs.spec.ts), at 1440
// and 390 px: a Discord message refused because the member's DMs are closed is said on the page, the choices save
// through the page's form, a device subscribed shows in the list and is removed there; axe checks the page with all
// of it.
// Browsers here reach no push service, so the device is subscribed through the API, as the page's script would after
// the browser made it.

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
}
/** The sender's record of a direct message Discord refused (server/notifications/sender.ts DMS_CLOSED). */
const DMS_CLOSED = 'Discord did not deliver it: your direct messages are closed to the bot.'

/** A device subscribed through the API, as the page's script does once the browser made the subscription. */
async function subscribe(page: Page, name: string, baseURL: string) {
  const made = await page.request.post('/api/push/subscriptions', {
    data: { endpoint: `${E2E_PUSH_ORIGIN}/${name}-${Date.now()}`, keys },
    headers: { Origin: baseURL, 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36' },
  })
  expect(made.status()).toBe(201)
}

async function choicesOf(page: Page) {
  return (await (await page.request.get('/api/account/notifications')).json()) as Record<
    string,
    { push: boolean; discord: boolean }
  >
}

export async function notificationsJourney(
  page: Page,
  db: E2ESql,
  { js, username, baseURL }: { js: boolean; username: string; baseURL: string },
) {
  const [user] = await db<{ id: number }[]>`select id from users where username = ${username}`
  const original = await choicesOf(page)
  try {
    // Discord refused the last direct message: DMs closed. Said while a kind is chosen by Discord message. Stamped
    // ahead, so it stays the last even if another spec's event sends this member a message meanwhile.
    await page.request.put('/api/account/notifications', {
      data: { signups_open: { push: true, discord: true } },
      headers: { Origin: baseURL },
    })
    await db`
      insert into notification_outbox (user_id, kind, event_key, title, body, url, push_state, discord_state, discord_error, done_at)
      values (${user!.id}, 'signups_open', 'e2e-dms-closed', 'Sign-ups are open', 'Pick your slot now.', '/orbat',
              'skipped', 'failed', ${DMS_CLOSED}, now() + interval '1 hour')`
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      await page.goto('/account')
      const section = page.getByRole('region', { name: 'Notifications' })
      await expect(section.getByTestId('dms-closed')).toContainText('your direct messages are closed to the bot')
      const turnOn = section.getByRole('button', { name: 'Turn on push on this device' })
      if (js) {
        await expect(turnOn).toBeEnabled()
      } else {
        // Playwright's text search skips <noscript>, where the message is.
        await expect(section.getByTestId('push-needs-js')).toHaveText(NOTIFICATION_MESSAGES.noJavaScript)
        await expect(turnOn).toHaveCount(0)
      }
      // A member is offered every kind but the admins' queue.
      await expect(section.getByRole('row')).toHaveCount(9)
      await expect(section.getByText('New applications and leave requests (admins)')).toHaveCount(0)

      // The choices: two boxes turned round, saved, kept.
      const before = await choicesOf(page)
      const discord = section.getByRole('checkbox', { name: 'Discord message: Promotions and awards' })
      const push = section.getByRole('checkbox', { name: 'Push: Your leave was approved or denied' })
      await discord.setChecked(!before.promotions_awards!.discord)
      await push.setChecked(!before.leave!.push)
      await section.getByRole('button', { name: 'Save choices' }).click()
      await expect(toast(page, NOTIFICATION_MESSAGES.saved)).toBeVisible()
      await expect(discord).toBeChecked({ checked: !before.promotions_awards!.discord })
      const after = await choicesOf(page)
      expect(after).toEqual({
        ...before,
        promotions_awards: { ...before.promotions_awards, discord: !before.promotions_awards!.discord },
        leave: { ...before.leave, push: !before.leave!.push },
      })
      await page.reload()
      await expect(push).toBeChecked({ checked: !before.leave!.push })

      // A device, listed with when it was added, then removed on the page.
      await subscribe(page, `${username}-${size.width}`, baseURL)
      await page.reload()
      const device = section.getByTestId('push-device')
      await expect(device).toHaveCount(1)
      await expect(device).toContainText('Chrome on Android')
      await expect(device).toContainText(/Added .+ · nothing sent yet/)
      await device.getByRole('button', { name: 'Remove Chrome on Android' }).click()
      await expect(toast(page, NOTIFICATION_MESSAGES.deviceRemoved)).toBeVisible()
      await expect(device).toHaveCount(0)
      await expect(section.getByText('No device gets push from you yet.')).toBeVisible()
      expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual({ devices: [] })
    }

    // axe on the page with all it can show: the closed DMs, a device, the table.
    await subscribe(page, `${username}-axe`, baseURL)
    await page.goto('/account')
    await expect(page.getByTestId('push-device')).toHaveCount(1)
    await axeAtBothWidths(page, '/account with a device and closed DMs')
  } finally {
    await db`delete from notification_outbox where user_id = ${user!.id} and event_key = 'e2e-dms-closed'`
    await db`delete from push_subscriptions where user_id = ${user!.id}`
    await page.request.put('/api/account/notifications', { data: original, headers: { Origin: baseURL } })
  }
}
