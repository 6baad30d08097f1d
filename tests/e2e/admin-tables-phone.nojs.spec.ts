import { test } from './fixtures.ts'
import { checkMembersAndEvents } from './phone-reach.ts'

// The stacked admin tables without JavaScript (docs/rules/ui.md, phones): the cards are CSS only.

test.use({ viewport: { width: 390, height: 844 } })

test('without JavaScript, at 390 px every member and event action is on screen', async ({ page, login }) => {
  await login('demo_admin')
  await checkMembersAndEvents(page)
})
