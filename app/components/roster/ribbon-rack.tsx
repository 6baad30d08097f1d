import { useState } from 'react'

// A member's awards as a ribbon rack (docs/rules/personnel.md, Awards): each award's image, or a ribbon drawn in
// colours derived from its name when it has none (or its image cannot load), with a count badge when it is held more
// than once. Awards come in precedence order, as every read answers them. Each ribbon has an accessible name and a
// tooltip: the award's name and how often it is held.

export interface RibbonRackAward {
  award_id: number | null
  name: string
  image_url: string | null
  count: number
}

type RackSize = 'compact' | 'full'

const SIZES = {
  // A roster row: small ribbons, four to a row as on a uniform; the count as a small "×2" beside its ribbon.
  compact: { list: 'max-w-[12rem] gap-x-1.5 gap-y-1', ribbon: 'h-3 w-[41px]', image: 'h-3 max-w-[52px]' },
  // The member sheet and profile: the count as a badge on the ribbon's corner.
  full: { list: 'max-w-[34rem] gap-2.5', ribbon: 'h-7 w-[95px]', image: 'h-7 max-w-[120px]' },
} as const

/** A compact rack (a roster row) shows this many awards, then "+N". */
const COMPACT_MAX = 8

/** "Purple Heart" once, "Purple Heart, 3 times" when held more often: the accessible name and the tooltip. */
export function awardLabel(award: Pick<RibbonRackAward, 'name' | 'count'>): string {
  return award.count > 1 ? `${award.name}, ${award.count} times` : award.name
}

export function RibbonRack({
  awards,
  size,
  label = 'Awards',
}: {
  awards: RibbonRackAward[]
  size: RackSize
  /** The list's accessible name (e.g. "Awards of Reyes" where several racks share a page). */
  label?: string
}) {
  if (!awards.length) return null
  const look = SIZES[size]
  const shown = size === 'compact' ? awards.slice(0, COMPACT_MAX) : awards
  const more = awards.length - shown.length
  return (
    <ul className={`flex flex-wrap items-center ${look.list}`} aria-label={label} data-testid="ribbon-rack">
      {shown.map((award) => (
        <li key={award.award_id ?? `kept:${award.name}`} className="relative flex items-center" data-testid="ribbon">
          <Ribbon award={award} size={size} />
          {award.count > 1 ? <CountMark count={award.count} size={size} /> : null}
        </li>
      ))}
      {more > 0 ? (
        <li className="text-[10px] leading-none text-zinc-400" title={`${more} more`}>
          <span aria-hidden>+{more}</span>
          <span className="sr-only">and {more} more</span>
        </li>
      ) : null}
    </ul>
  )
}

/** How often an award is held (the accessible name says it already). */
function CountMark({ count, size }: { count: number; size: RackSize }) {
  if (size === 'compact')
    return (
      <span aria-hidden className="ml-0.5 text-[10px] leading-none font-semibold text-amber-200 tabular-nums">
        ×{count}
      </span>
    )
  return (
    <span
      aria-hidden
      className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-zinc-950 px-1 text-[11px] font-semibold text-amber-200 tabular-nums ring-1 ring-amber-400/60"
    >
      {count}
    </span>
  )
}

function Ribbon({ award, size }: { award: RibbonRackAward; size: RackSize }) {
  const [broken, setBroken] = useState(false)
  const text = awardLabel(award)
  const look = SIZES[size]
  if (award.image_url && !broken) {
    return (
      <img
        src={award.image_url}
        alt={text}
        title={text}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className={`${look.image} w-auto rounded-[2px] object-contain`}
      />
    )
  }
  return <DrawnRibbon name={award.name} text={text} className={look.ribbon} />
}

// ---- the drawn ribbon ---------------------------------------------------------------------------------------------

/** Ribbon colours (dark-theme friendly, distinct side by side). */
const COLOURS = [
  '#9f1239', // crimson
  '#1e3a8a', // navy
  '#ca8a04', // gold
  '#f4f4f5', // white
  '#166534', // green
  '#0284c7', // sky
  '#6b21a8', // purple
  '#c2410c', // orange
  '#18181b', // black
  '#0f766e', // teal
  '#b91c1c', // red
  '#a16207', // bronze
] as const

/** FNV-1a: the same name always draws the same ribbon, on the server and in the browser. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const RIBBON_WIDTH = 34
const MIDDLE = RIBBON_WIDTH / 2

interface Stripe {
  x: number
  width: number
  colour: string
}

/**
 * A ribbon's stripes from its name: a base colour with edge stripes and a centre stripe (or a pair), mirrored about
 * the centre as real ribbons are. Widths are in a 34-unit-wide box (a ribbon's 3.4:1).
 */
export function ribbonStripes(name: string): Stripe[] {
  let hash = hashOf(name.trim().toLowerCase())
  // Each draw stirs the hash once more (a 32-bit mix), so the choices below do not repeat one another.
  const next = (n: number) => {
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0
    return hash % n
  }
  const pick = (except: string[]) => {
    const choices = COLOURS.filter((c) => !except.includes(c))
    return choices[next(choices.length)]!
  }
  const base = pick([])
  const edge = pick([base])
  const centre = pick([base])
  const edgeWidth = 2 + next(4) // 2..5
  const centreWidth = 2 + next(6) // 2..7
  const pattern = next(3) // 0: centre stripe, 1: two thin centre stripes, 2: centre and inner edge stripes
  const stripes: Stripe[] = [{ x: 0, width: RIBBON_WIDTH, colour: base }]
  const mirrored = (x: number, width: number, colour: string) => {
    stripes.push({ x, width, colour }, { x: RIBBON_WIDTH - x - width, width, colour })
  }
  mirrored(0, edgeWidth, edge)
  if (pattern === 1) mirrored(MIDDLE - 1 - Math.ceil(centreWidth / 2), Math.max(1, Math.floor(centreWidth / 2)), centre)
  else stripes.push({ x: MIDDLE - centreWidth / 2, width: centreWidth, colour: centre })
  if (pattern === 2) mirrored(edgeWidth + 2, 1.5, centre)
  return stripes
}

function DrawnRibbon({ name, text, className }: { name: string; text: string; className: string }) {
  const stripes = ribbonStripes(name)
  return (
    <svg
      viewBox={`0 0 ${RIBBON_WIDTH} 10`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={text}
      className={`${className} rounded-[2px]`}
    >
      <title>{text}</title>
      {stripes.map((s, i) => (
        <rect key={i} x={s.x} y={0} width={s.width} height={10} fill={s.colour} />
      ))}
      {/* A sheen and a thin frame, so a dark ribbon still reads on the dark page. */}
      <rect x={0} y={0} width={RIBBON_WIDTH} height={3} fill="#ffffff" opacity={0.12} />
      <rect
        x={0.25}
        y={0.25}
        width={RIBBON_WIDTH - 0.5}
        height={9.5}
        fill="none"
        stroke="#000000"
        strokeOpacity={0.55}
        strokeWidth={0.5}
      />
    </svg>
  )
}
