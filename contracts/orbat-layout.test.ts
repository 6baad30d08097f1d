import { expect, test } from 'vitest'
import { freeSpot, overlaps, separateCards, squadCardHeight, squadCardSize, type Box } from './orbat-layout.ts'

// Card sizes as the diagrams draw them, and the two placements built on them: a new squad in free space (the editor)
// and cards kept apart (the save). docs/rules/orbat.md, Cards never overlap.

test('a card is 400 wide; its height is the frame plus 28 per team, 44 per slot, 24 per heading (36 when empty)', () => {
  expect(squadCardHeight({ teams: 0, slots: 0, spacers: 0 })).toBe(2 + 48 + 8 + 36)
  expect(squadCardHeight({ teams: 1, slots: 1, spacers: 0 })).toBe(130)
  expect(squadCardSize({ teams: 2, slots: 3, spacers: 1 })).toEqual({ width: 400, height: 58 + 56 + 132 + 24 })
})

test('overlap needs shared area: cards that touch are apart', () => {
  const a = { x: 0, y: 0, width: 400, height: 130 }
  expect(overlaps(a, { ...a, x: 399 })).toBe(true)
  expect(overlaps(a, { ...a, x: 400 })).toBe(false)
  expect(overlaps(a, { ...a, y: 130 })).toBe(false)
})

test('separateCards: the first card stays, a later one moves right or down, the shorter way, on the grid', () => {
  const cards = [
    { key: 'a', x: 0, y: 0, width: 400, height: 300 },
    { key: 'b', x: 350, y: 20, width: 400, height: 130 },
    { key: 'c', x: 1000, y: 0, width: 400, height: 130 },
  ]
  // b: right of a (440) is 90 away, below it (340) 320.
  expect(separateCards(cards)).toEqual(new Map([['b', { x: 440, y: 20 }]]))
  expect(separateCards([cards[0]!, cards[2]!])).toEqual(new Map())
  // Right of a, another card is in the way as well (x 1040: 740 away): d goes below a instead (240 away).
  const near = { ...cards[2]!, x: 600 }
  const d = { key: 'd', x: 300, y: 100, width: 400, height: 130 }
  expect(separateCards([cards[0]!, near, d])).toEqual(new Map([['d', { x: 300, y: 340 }]]))
})

test('separateCards: any pile ends apart, quickly (500 cards, the save limit, all at one spot)', () => {
  const pile = Array.from({ length: 500 }, (_, i) => ({ key: i, x: 0, y: 0, width: 400, height: 130 + (i % 5) * 44 }))
  const started = performance.now()
  const moved = separateCards(pile)
  // Tens of milliseconds; generous for a busy machine.
  expect(performance.now() - started).toBeLessThan(2_000)
  const boxes: Box[] = pile.map((c) => ({ ...c, ...moved.get(c.key) }))
  const overlapping = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => overlaps(a, b))
      .map(() => i),
  )
  expect(overlapping).toEqual([])
})

test('freeSpot: 200,200 when free, else right of everything, level with the top, on the grid', () => {
  const size = { width: 400, height: 130 }
  expect(freeSpot([], size, { x: 200, y: 200 })).toEqual({ x: 200, y: 200 })
  const taken = [
    { x: 0, y: 300, width: 400, height: 250 },
    { x: 520, y: -10, width: 400, height: 500 },
    { x: 1030, y: 1400, width: 16, height: 16 },
  ]
  expect(freeSpot(taken, size, { x: 200, y: 200 })).toEqual({ x: 1100, y: -20 })
  expect(freeSpot(taken.slice(2), size, { x: 200, y: 200 })).toEqual({ x: 200, y: 200 })
})
