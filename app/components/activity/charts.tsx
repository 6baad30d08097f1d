import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import type { ActivityWeek } from '#contracts/activity.ts'
import { useLocale } from '#app/ui/i18n.tsx'

// The activity charts (docs/decisions/038-charts-drawn-on-the-server-with-visx.md): plain SVG drawn by visx in the
// server's render, so they are in the first paint and work without JavaScript. Each carries its own text alternative:
// a caption with the gist, a <title> per mark, and the numbers in a table the caller puts beside it. A chart with
// text in it comes in two drawings, one for phones and one for wider screens, so its labels stay readable at 390 px
// rather than shrinking with the picture.

/** A session of the turnout chart. */
export interface TurnoutPoint {
  key: string
  kind: 'event' | 'training'
  name: string
  /** The day on the unit's clock, YYYY-MM-DD. */
  day: string
  attended: number
  roster_size: number
}

const AXIS = {
  stroke: '#52525b',
  tickStroke: '#52525b',
  tickLabelProps: { fill: '#a1a1aa', fontSize: 12, fontFamily: 'inherit' },
} as const

// One formatter per language for every label: making one costs far more than using it, and a chart has a label per
// session. The days are written as the page's language writes them ("Nov 3", "3. Nov.": docs/rules/languages.md).
const SHORT_DAYS = new Map<string, Intl.DateTimeFormat>()

/** "Nov 3" for a YYYY-MM-DD day, in the page's language. */
function useShortDay(): (day: string) => string {
  const locale = useLocale()
  let format = SHORT_DAYS.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
    SHORT_DAYS.set(locale, format)
  }
  const formatter = format
  return (day) => formatter.format(new Date(`${day}T00:00:00Z`))
}
const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`)

function TurnoutDrawing({ points, width, height }: { points: readonly TurnoutPoint[]; width: number; height: number }) {
  const shortDay = useShortDay()
  const margin = { top: 12, right: 8, bottom: 28, left: 40 }
  const innerWidth = width - margin.left - margin.right
  const innerHeight = height - margin.top - margin.bottom
  const x = scaleBand<string>({ domain: points.map((p) => p.key), range: [0, innerWidth], padding: 0.25 })
  const top = Math.max(1, ...points.map((p) => Math.max(p.roster_size, p.attended)))
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true })
  const center = (p: TurnoutPoint) => (x(p.key) ?? 0) + x.bandwidth() / 2
  // A few dates along the bottom: as many as fit at this width.
  const every = Math.max(1, Math.ceil(points.length / Math.floor(innerWidth / 64)))
  const ticks = points.filter((_, i) => i % every === 0).map((p) => p.key)
  const dayOf = new Map(points.map((p) => [p.key, p.day]))
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
      <Group left={margin.left} top={margin.top}>
        {y.ticks(4).map((tick) => (
          <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#27272a" />
        ))}
        {points.map((p) => {
          const barHeight = innerHeight - y(p.attended)
          return (
            <Bar
              key={p.key}
              x={x(p.key)}
              y={y(p.attended)}
              width={x.bandwidth()}
              height={barHeight}
              rx={2}
              className={p.kind === 'event' ? 'fill-emerald-500' : 'fill-amber-400'}
            >
              <title>{`${p.name}, ${shortDay(p.day)}: ${p.attended} of ${p.roster_size} (${percent(p.roster_size ? p.attended / p.roster_size : null)})`}</title>
            </Bar>
          )
        })}
        <LinePath
          data={[...points]}
          x={center}
          y={(p) => y(p.roster_size)}
          className="stroke-sky-400"
          strokeWidth={2}
          strokeDasharray="4 3"
          fill="none"
        />
        <AxisLeft scale={y} numTicks={4} {...AXIS} tickFormat={(v) => String(v)} />
        <AxisBottom
          scale={x}
          top={innerHeight}
          tickValues={ticks}
          tickFormat={(k) => shortDay(dayOf.get(k) ?? '')}
          {...AXIS}
        />
      </Group>
    </svg>
  )
}

/** Attendance per event and training (bars) against the unit's size that day (dashed line). */
export function TurnoutChart({ points, caption }: { points: readonly TurnoutPoint[]; caption: string }) {
  return (
    <figure className="flex flex-col gap-2" data-testid="turnout-chart">
      {points.length ? (
        <div role="img" aria-label={caption}>
          <div className="md:hidden">
            <TurnoutDrawing points={points} width={360} height={220} />
          </div>
          <div className="hidden md:block">
            <TurnoutDrawing points={points} width={960} height={280} />
          </div>
        </div>
      ) : null}
      <figcaption className="text-sm text-zinc-400">
        {caption}
        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-emerald-500" /> Operations
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-amber-400" /> Trainings
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-0 w-4 border-t-2 border-dashed border-sky-400" /> Members that day
          </span>
        </span>
      </figcaption>
    </figure>
  )
}

export interface SquadBar {
  squad: string
  attended: number
  possible: number
  rate: number | null
}

/** Turnout per squad as horizontal bars, one row each: labels fit on a phone, so one drawing serves every width. */
export function SquadChart({ squads, caption }: { squads: readonly SquadBar[]; caption: string }) {
  const width = 360
  const row = 30
  const label = 112
  const right = 44
  const height = Math.max(row, squads.length * row)
  const x = scaleLinear<number>({ domain: [0, 1], range: [0, width - label - right] })
  return (
    <figure className="flex max-w-lg flex-col gap-2" data-testid="squad-chart">
      {squads.length ? (
        <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={caption}>
          {squads.map((s, i) => (
            <g key={s.squad} transform={`translate(0, ${i * row})`}>
              <text x={label - 8} y={row / 2} dy="0.35em" textAnchor="end" fontSize={12} fill="#d4d4d8">
                {s.squad.length > 16 ? `${s.squad.slice(0, 15)}…` : s.squad}
              </text>
              <rect x={label} y={6} width={x(1)} height={row - 12} rx={3} fill="#27272a" />
              <Bar x={label} y={6} width={x(s.rate ?? 0)} height={row - 12} rx={3} className="fill-emerald-500">
                <title>{`${s.squad}: ${s.attended} of ${s.possible} (${percent(s.rate)})`}</title>
              </Bar>
              <text x={width - right + 6} y={row / 2} dy="0.35em" fontSize={12} fill="#a1a1aa">
                {percent(s.rate)}
              </text>
            </g>
          ))}
        </svg>
      ) : null}
      <figcaption className="text-sm text-zinc-400">{caption}</figcaption>
    </figure>
  )
}

/** A member's weeks in a few pixels: a bar per week, its height the share of operations attended. */
export function Sparkline({ weeks, label }: { weeks: readonly ActivityWeek[]; label: string }) {
  const bar = 5
  const gap = 2
  const height = 18
  const width = Math.max(1, weeks.length * (bar + gap) - gap)
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
      {weeks.map((w, i) => {
        const share = w.possible ? w.attended / w.possible : 0
        const h = w.possible ? Math.max(2, Math.round(share * height)) : 1
        return (
          <rect
            key={w.week_start}
            x={i * (bar + gap)}
            y={height - h}
            width={bar}
            height={h}
            className={w.possible ? (w.attended ? 'fill-emerald-400' : 'fill-red-400/70') : 'fill-zinc-700'}
          />
        )
      })}
    </svg>
  )
}

/** The words of a sparkline for screen readers and its tooltip. */
export function sparklineLabel(weeks: readonly ActivityWeek[]): string {
  const attended = weeks.reduce((n, w) => n + w.attended, 0)
  const possible = weeks.reduce((n, w) => n + w.possible, 0)
  return `${attended} of ${possible} operations over ${weeks.length} weeks, by week: ${weeks
    .map((w) => (w.possible ? `${w.attended}/${w.possible}` : '–'))
    .join(', ')}`
}

/** A member's own weeks (their account and profile): operations possible (outline) and attended (filled) per week. */
/** What the member's chart says besides its caption, for a page in the person's language (else English). */
export interface MemberWeeksTexts {
  /** A week's bar: "Week of Sep 14: 2 of 3 attended"; `day` is the week's Monday as the axis shows it. */
  week: (day: string, attended: number, possible: number) => string
  /** The key as screen readers hear it after the caption: "Outlined: operations that week; filled: attended." */
  key: string
  operations: string
  attended: string
}

const ENGLISH_WEEKS: MemberWeeksTexts = {
  week: (day, attended, possible) =>
    `Week of ${day}: ${possible ? `${attended} of ${possible} attended` : 'no operations'}`,
  key: 'Outlined: operations that week; filled: attended.',
  operations: 'Operations that week',
  attended: 'Attended',
}

export function MemberWeeksChart({
  weeks,
  caption,
  texts = ENGLISH_WEEKS,
}: {
  weeks: readonly ActivityWeek[]
  caption: string
  texts?: MemberWeeksTexts
}) {
  const width = 360
  const height = 132
  const margin = { top: 8, right: 4, bottom: 24, left: 24 }
  const innerWidth = width - margin.left - margin.right
  const innerHeight = height - margin.top - margin.bottom
  const x = scaleBand<string>({ domain: weeks.map((w) => w.week_start), range: [0, innerWidth], padding: 0.3 })
  const top = Math.max(1, ...weeks.map((w) => w.possible))
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0] })
  const ticks = weeks.filter((_, i) => i % 3 === 0).map((w) => w.week_start)
  const shortDay = useShortDay()
  return (
    <figure className="flex max-w-md flex-col gap-2" data-testid="member-activity-chart">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={caption}>
        <Group left={margin.left} top={margin.top}>
          {weeks.map((w) => (
            <g key={w.week_start}>
              <Bar
                x={x(w.week_start)}
                y={y(w.possible)}
                width={x.bandwidth()}
                height={innerHeight - y(w.possible)}
                rx={2}
                className="fill-zinc-800 stroke-zinc-600"
              />
              <Bar
                x={x(w.week_start)}
                y={y(w.attended)}
                width={x.bandwidth()}
                height={innerHeight - y(w.attended)}
                rx={2}
                className="fill-emerald-500"
              >
                <title>{texts.week(shortDay(w.week_start), w.attended, w.possible)}</title>
              </Bar>
            </g>
          ))}
          <AxisLeft scale={y} numTicks={Math.min(top, 3)} {...AXIS} tickFormat={(v) => String(v)} />
          <AxisBottom scale={x} top={innerHeight} tickValues={ticks} tickFormat={(d) => shortDay(d)} {...AXIS} />
        </Group>
      </svg>
      <figcaption className="text-xs text-zinc-400">
        {caption}
        <span className="sr-only">. {texts.key}</span>
        {/* The key, seen (the line above says it to screen readers). */}
        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true" data-testid="chart-key">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm border border-zinc-600 bg-zinc-800" /> {texts.operations}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-emerald-500" /> {texts.attended}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
