import { test } from './fixtures.ts'
import { checkMembersAndEvents } from './phone-reach.ts'

// Admin tables on a phone (docs/rules/ui.md, phones): at 390 px the Members and Events tabs show each row as a card, so
// every row action is on screen without sideways scrolling (app/ui/table.tsx `stacked`). CSS only: the no-JS twin
// checks the same without scripts.

test.use({ viewport: { width: 390, height: 844 } })

test('at 390 px every member and event action is on screen', async ({ page, login }) => {
  await login('demo_admin')
  await checkMembersAndEvents(page)
})
