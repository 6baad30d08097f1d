import type { Page } from '@playwright/test'
import { DISCORD_EVENT_STATE_LABELS } from '#contracts/discord-events.ts'
import { expect, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// Publishing an event or a training as a Discord scheduled event (docs/rules/discord.md, Scheduled events), shared by
// discord-events.spec.ts (JavaScript on, an event at 390 px) and discord-events.nojs.spec.ts (off, a training at
// 1440 px): Add with "Publish as a Discord event" ticked, the row says it is published once the queue has run, and the
// Discord stand-in's page lists the scheduled event; Edit with the box unticked removes it from Discord and the row's
// state goes. (The queue's retries and the nightly drift repair: server/discord/scheduled-events.test.ts.)

export interface Journey {
  kind: 'event' | 'training'
  name: string
}

export async function removeJourneyItem(db: E2ESql, journey: Journey) {
  if (journey.kind === 'event') await db`delete from events where name = ${journey.name}`
  else await db`delete from trainings where name = ${journey.name}`
}

/** The Discord stand-in's page (what a demo unit's admins see of their guild): its scheduled-events table's rows. */
async function standInEventRows(page: Page, standInUrl: string): Promise<string[]> {
  const html = await (await page.request.get(standInUrl)).text()
  const table = html.split('<h2>Scheduled events</h2>')[1]?.split('</table>')[0] ?? ''
  return table.split('<tr>').slice(2)
}

export async function discordEventJourney(page: Page, standInUrl: string, journey: Journey) {
  const { kind, name } = journey
  const Kind = kind === 'event' ? 'Event' : 'Training'
  await page.goto(kind === 'event' ? '/admin/roster/events' : '/admin/roster/trainings')
  await page.getByRole('link', { name: `Add ${Kind}`, exact: true }).click()
  const add = page.getByRole('dialog', { name: `Add ${Kind}` })
  await add.getByLabel(`${Kind} Name`).fill(name)
  await add.getByLabel('Date').fill('2030-08-03')
  const publish = add.getByRole('checkbox', { name: 'Publish as a Discord event', exact: true })
  // The demo unit's default (Discord settings) leaves the box unticked.
  await expect(publish).not.toBeChecked()
  await publish.check()
  await add.getByRole('button', { name: `Add ${Kind}`, exact: true }).click()
  await expect(toast(page, `${Kind} added!`)).toBeVisible()

  // Published once the queue has run (after the commit, never on the admin's request).
  const row = page.getByTestId(`${kind}-row`).filter({ hasText: name })
  const state = row.getByTestId('discord-event-status')
  await expect(async () => {
    await page.reload()
    await expect(state).toHaveText(DISCORD_EVENT_STATE_LABELS.published, { timeout: 1_000 })
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] })
  await expect
    .poll(async () => (await standInEventRows(page, standInUrl)).find((r) => r.includes(name)) ?? '')
    .toContain('scheduled')

  // Unticked: taken off Discord, and the row no longer says it is on Discord.
  if (kind === 'event') await row.getByRole('link', { name: `Edit ${name}` }).click()
  else {
    await row.getByLabel(`More actions for ${name}`).click()
    await row.getByRole('link', { name: 'Edit Training' }).click()
  }
  const edit = page.getByRole('dialog', { name: `Edit ${Kind}` })
  await expect(edit.getByRole('checkbox', { name: 'Publish as a Discord event', exact: true })).toBeChecked()
  await edit.getByRole('checkbox', { name: 'Publish as a Discord event', exact: true }).uncheck()
  await edit.getByRole('button', { name: 'Save Changes', exact: true }).click()
  await expect(toast(page, `${Kind} updated!`)).toBeVisible()
  await expect(async () => {
    await page.reload()
    await expect(row).toBeVisible({ timeout: 1_000 })
    await expect(state).toHaveCount(0, { timeout: 1_000 })
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] })
  await expect
    .poll(async () => (await standInEventRows(page, standInUrl)).find((r) => r.includes(name)) ?? '')
    .toContain('deleted')
}
