import { expect, test } from './fixtures.ts'
import { axeViolationsAtEachWidth } from './a11y.ts'
import { discordEventJourney, removeJourneyItem } from './discord-events.ts'

// An event published as a Discord scheduled event, with JavaScript, at a phone's width: the journey of
// tests/e2e/discord-events.ts. axe on the events tab with the row's state, at 390 and 1440 px. (Without JavaScript,
// a training at 1440 px: discord-events.nojs.spec.ts.)

const journey = { kind: 'event', name: 'E2E Discord Event Op' } as const

test.describe.configure({ timeout: 120_000 })
test.afterEach(async ({ db }) => removeJourneyItem(db, journey))

test('an admin publishes an event as a Discord event and takes it off again (390 px)', async ({
  page,
  login,
  serverInfo,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login('demo_admin', '/admin')
  await discordEventJourney(page, serverInfo.standInUrl, journey)
  const found = await axeViolationsAtEachWidth(page)
  expect(found, `axe violations on /admin/roster/events:\n\n${found.join('\n\n')}\n`).toEqual([])
})
