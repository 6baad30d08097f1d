import { expect, test } from './fixtures.ts'
import { axeViolationsAtEachWidth } from './a11y.ts'
import { discordEventJourney, removeJourneyItem } from './discord-events.ts'

// A training published as a Discord scheduled event, without JavaScript, at 1440 px: the journey of
// tests/e2e/discord-events.ts, its box a plain checkbox of the form. axe at 1440 and 390 px. (With JavaScript, an event
// at 390 px: discord-events.spec.ts.)

const journey = { kind: 'training', name: 'E2E Discord Training Night' } as const

test.describe.configure({ timeout: 120_000 })
test.afterEach(async ({ db }) => removeJourneyItem(db, journey))

test('without JavaScript an admin publishes a training as a Discord event and takes it off again (1440 px)', async ({
  page,
  login,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('demo_admin', '/admin')
  await discordEventJourney(page, serverInfo.standInUrl, journey)
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/roster/trainings:\n\n${found.join('\n\n')}\n`).toEqual([])
})
