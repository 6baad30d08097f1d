import { describe, expect, it } from 'vitest'
import { pointsText, scoreText, sectionsOf } from './parts.tsx'

const item = (id: number, section: string) => ({ id, text: `Item ${id}`, pos_score: 1, neg_score: 0, section })

describe('the checklist by section', () => {
  it('keeps the sections in the order of their first item and the items in their order', () => {
    const sections = sectionsOf([item(1, 'Safety'), item(2, 'Comms'), item(3, 'Safety'), item(4, 'Uncategorized')])
    expect(sections.map((s) => s.name)).toEqual(['Safety', 'Comms', 'Uncategorized'])
    expect(sections[0]!.questions.map((q) => q.id)).toEqual([1, 3])
  })

  it('shows points plainly and scores to one decimal', () => {
    expect(pointsText(2)).toBe('2')
    expect(pointsText(1.5)).toBe('1.5')
    expect(scoreText(66.666)).toBe('66.7%')
    expect(scoreText(0)).toBe('0.0%')
  })
})
