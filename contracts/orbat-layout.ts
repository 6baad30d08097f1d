// Where squad cards sit on the ORBAT diagram, as both sides reckon it (docs/rules/orbat.md, Cards never overlap):
// the diagrams draw a card from fixed row heights (app/components/orbat/nodes.tsx, the editor's collapsed card), so
// its size is a sum the server can make too. The save keeps saved cards apart with it (server/orbat/save.ts), and the
// editor puts a new squad in free space with it.

/** Squad cards are 340 px wide on small screens and 400 px from the `sm` breakpoint (40rem) up. */
export const CARD_WIDTH = { sm: 340, lg: 400 } as const

/** Fixed row heights (px). Text in a row never wraps (it truncates), so a card's height is a sum of these. */
export const CARD = {
  border: 1,
  header: 48,
  team: 28,
  slot: 44,
  spacer: 24,
  empty: 36,
  bottom: 8,
} as const

/** Squads snap to a 20 px grid. */
export const SQUAD_GRID = 20
/** The room left between a card moved out of the way and the card it made way for. */
export const CARD_GAP = 40

/** What a card holds: its teams, slot rows and heading rows. */
export interface CardRows {
  teams: number
  slots: number
  spacers: number
}

/** A squad card's height as the diagrams draw it (collapsed, as the public page and a saved editor show it). */
export function squadCardHeight({ teams, slots, spacers }: CardRows): number {
  const frame = CARD.border * 2 + CARD.header + CARD.bottom
  if (teams === 0) return frame + CARD.empty
  return frame + teams * CARD.team + slots * CARD.slot + spacers * CARD.spacer
}

/** The box a card takes at its widest (400 px): apart there, apart on a phone too (cards narrow to the right). */
export function squadCardSize(rows: CardRows): { width: number; height: number } {
  return { width: CARD_WIDTH.lg, height: squadCardHeight(rows) }
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Two boxes share some area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

const up = (v: number) => Math.ceil(v / SQUAD_GRID) * SQUAD_GRID
const down = (v: number) => Math.floor(v / SQUAD_GRID) * SQUAD_GRID

/**
 * Moves cards so that no two overlap. Cards come in priority order: each keeps its place when that is free of the
 * cards before it, else moves right or down, whichever is the shorter way to a free place: past the cards in its way,
 * with a gap of 40, on the 20 px grid. The first card never moves. Answers the new place of each card that moved.
 */
export function separateCards<K>(cards: ReadonlyArray<Box & { key: K }>): Map<K, { x: number; y: number }> {
  const placed = new PlacedCards()
  const moved = new Map<K, { x: number; y: number }>()
  for (const card of cards) {
    let spot = { x: card.x, y: card.y }
    if (placed.overlapping(card).length > 0) {
      const right = slide(placed, card, 'x')
      const below = slide(placed, card, 'y')
      spot = Math.abs(right.x - card.x) <= Math.abs(below.y - card.y) ? right : below
      moved.set(card.key, spot)
    }
    placed.add({ ...card, ...spot })
  }
  return moved
}

/** Slides a card right (x) or down (y) past each card in its way until it sits free. */
function slide(placed: PlacedCards, card: Box, axis: 'x' | 'y'): { x: number; y: number } {
  const box = { ...card }
  for (let inTheWay = placed.overlapping(box); inTheWay.length > 0; inTheWay = placed.overlapping(box)) {
    if (axis === 'x') box.x = up(Math.max(...inTheWay.map((p) => p.x + p.width)) + CARD_GAP)
    else box.y = up(Math.max(...inTheWay.map((p) => p.y + p.height)) + CARD_GAP)
  }
  return { x: box.x, y: box.y }
}

/** The cards placed so far, bucketed by area so a look-up sees only the cards near a place. */
class PlacedCards {
  static readonly CELL = 400
  private readonly cells = new Map<string, Box[]>()

  add(box: Box) {
    for (const key of this.cellsOf(box.x, box.y, box.width, box.height)) {
      const list = this.cells.get(key)
      if (list) list.push(box)
      else this.cells.set(key, [box])
    }
  }

  /** The placed cards that share area with this box. */
  overlapping(box: Box): Box[] {
    const found = new Set<Box>()
    for (const key of this.cellsOf(box.x, box.y, box.width, box.height)) {
      for (const p of this.cells.get(key) ?? []) if (overlaps(box, p)) found.add(p)
    }
    return [...found]
  }

  private cellsOf(x: number, y: number, width: number, height: number): string[] {
    const { CELL } = PlacedCards
    const keys: string[] = []
    for (let cx = Math.floor(x / CELL); cx <= Math.floor((x + width) / CELL); cx++)
      for (let cy = Math.floor(y / CELL); cy <= Math.floor((y + height) / CELL); cy++) keys.push(`${cx},${cy}`)
    return keys
  }
}

/**
 * Where a new card goes: at `preferred` when that is free, else right of everything on the diagram, level with its
 * top (on the grid).
 */
export function freeSpot(
  taken: readonly Box[],
  size: { width: number; height: number },
  preferred: { x: number; y: number },
): { x: number; y: number } {
  const wanted = { ...preferred, ...size }
  if (!taken.some((b) => overlaps(wanted, b))) return { ...preferred }
  const right = Math.max(...taken.map((b) => b.x + b.width))
  const top = Math.min(...taken.map((b) => b.y))
  return { x: up(right + CARD_GAP), y: down(top) }
}
