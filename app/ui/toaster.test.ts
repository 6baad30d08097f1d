import { expect, test } from 'vitest'
import { pushToast, type Entry } from './toaster.tsx'

// A run of identical toasts ('Node moved (requires save to persist).') is one toast with a count, so a burst of edits
// does not bury the screen.

test('identical toasts coalesce into one with a count; other texts, types and leaving toasts stack', () => {
  let list: Entry[] = []
  list = pushToast(list, { id: 'a', type: 'info', message: 'Node moved (requires save to persist).' })
  list = pushToast(list, { id: 'b', type: 'info', message: 'Node moved (requires save to persist).' })
  list = pushToast(list, { id: 'c', type: 'info', message: 'Node moved (requires save to persist).' })
  expect(list).toEqual([
    { id: 'a', type: 'info', message: 'Node moved (requires save to persist).', leaving: false, count: 3 },
  ])
  list = pushToast(list, { id: 'd', type: 'error', message: 'Node moved (requires save to persist).' })
  list = pushToast(list, { id: 'e', type: 'info', message: 'Squad added (requires save to persist).' })
  expect(list.map((t) => [t.id, t.count])).toEqual([
    ['a', 3],
    ['d', 1],
    ['e', 1],
  ])
  list = pushToast(
    list.map((t) => (t.id === 'e' ? { ...t, leaving: true } : t)),
    { id: 'f', type: 'info', message: 'Squad added (requires save to persist).' },
  )
  expect(list.map((t) => [t.id, t.count])).toEqual([
    ['a', 3],
    ['d', 1],
    ['e', 1],
    ['f', 1],
  ])
})
