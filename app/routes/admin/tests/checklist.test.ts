import { describe, expect, it } from 'vitest'
import {
  blankItem,
  groupBySection,
  insertIndexFor,
  nextSectionName,
  removeSection,
  renameSection,
  sectionOf,
} from './checklist.ts'

// The checklist's rules: a flat list with a section name (none: Uncategorized); New Section N; a rename is ignored when
// empty, unchanged or taken; deleting a section deletes its items.

const rows = [
  { text: 'Clears corners', section: 'CQB' },
  { text: 'Calls contact', section: '' },
  { text: 'Stacks up', section: 'CQB' },
  { text: 'Reloads behind cover', section: null },
  { text: 'Marks targets', section: 'Comms' },
]

describe('checklist sections', () => {
  it('groups the flat list by section in order of first appearance; no name is Uncategorized', () => {
    expect(groupBySection(rows)).toEqual([
      { name: 'CQB', indexes: [0, 2] },
      { name: 'Uncategorized', indexes: [1, 3] },
      { name: 'Comms', indexes: [4] },
    ])
    expect(sectionOf({ section: '  ' })).toBe('Uncategorized')
    expect(groupBySection([])).toEqual([])
  })

  it('names new sections New Section 1, 2, ... skipping names in use', () => {
    expect(nextSectionName([])).toBe('New Section 1')
    expect(nextSectionName(['New Section 1'])).toBe('New Section 2')
    expect(nextSectionName(['New Section 2', 'CQB'])).toBe('New Section 1')
    expect(blankItem('New Section 1')).toEqual({ text: '', pos_score: '1', neg_score: '0', section: 'New Section 1' })
  })

  it('inserts a new item after the last item of its section', () => {
    expect(insertIndexFor(rows, 'CQB')).toBe(3)
    expect(insertIndexFor(rows, 'Uncategorized')).toBe(4)
    expect(insertIndexFor(rows, 'New Section 1')).toBe(5)
  })

  it('renames a section, ignoring an empty, unchanged or existing name', () => {
    expect(renameSection(rows, 'CQB', ' Room clearing ')?.map((r) => r.section)).toEqual([
      'Room clearing',
      '',
      'Room clearing',
      null,
      'Comms',
    ])
    expect(renameSection(rows, 'Uncategorized', 'Basics')?.map((r) => r.section)).toEqual([
      'CQB',
      'Basics',
      'CQB',
      'Basics',
      'Comms',
    ])
    expect(renameSection(rows, 'CQB', '   ')).toBeNull()
    expect(renameSection(rows, 'CQB', 'CQB')).toBeNull()
    expect(renameSection(rows, 'CQB', 'Comms')).toBeNull()
    expect(renameSection(rows, 'CQB', 'Uncategorized')).toBeNull()
  })

  it('deletes a section with its items', () => {
    expect(removeSection(rows, 'CQB').map((r) => r.text)).toEqual([
      'Calls contact',
      'Reloads behind cover',
      'Marks targets',
    ])
    expect(removeSection(rows, 'Uncategorized').map((r) => r.text)).toEqual([
      'Clears corners',
      'Stacks up',
      'Marks targets',
    ])
  })
})
