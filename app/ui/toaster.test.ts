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
    { id: 'a', type: 'info', message: 'Node moved (requires save to persist).', leaving: false, count: 3, version: 2 },
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

// The ORBAT editor's one toast for its unsaved changes: shown under one id, each change replaces its text in place.

test('a toast shown again under its id is replaced in place and starts its time over; other toasts stay', () => {
  let list: Entry[] = []
  list = pushToast(list, { id: 'editor', type: 'info', message: 'Squad added. Unsaved changes: 1.' }, { replace: true })
  list = pushToast(list, { id: 'x', type: 'error', message: 'Squad name cannot be empty.' })
  list = pushToast(
    list,
    { id: 'editor', type: 'info', message: 'Squad renamed. Unsaved changes: 2.' },
    { replace: true },
  )
  expect(list).toEqual([
    { id: 'editor', type: 'info', message: 'Squad renamed. Unsaved changes: 2.', leaving: false, count: 1, version: 1 },
    { id: 'x', type: 'error', message: 'Squad name cannot be empty.', leaving: false, count: 1, version: 0 },
  ])
  // One fading out comes back with the new text (a change right after a dismissal); a new id stacks.
  list = pushToast(
    list.map((t) => (t.id === 'editor' ? { ...t, leaving: true } : t)),
    { id: 'editor', type: 'success', message: 'ORBAT Saved Successfully!' },
    { replace: true },
  )
  expect(list[0]).toEqual({
    id: 'editor',
    type: 'success',
    message: 'ORBAT Saved Successfully!',
    leaving: false,
    count: 1,
    version: 2,
  })
  list = pushToast(list, { id: 'other', type: 'info', message: 'Other.' }, { replace: true })
  expect(list.map((t) => t.id)).toEqual(['editor', 'x', 'other'])
})
