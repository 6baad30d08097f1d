import type { ReactNode } from 'react'
import { useT } from './i18n.tsx'

// The one small label of the app, in three shapes:
// - pill: a status (a member's status for a test, PASSED / FAILED, QUALIFIED, manual).
// - tag: a short code in monospace (a rank, BMT); `colors` gives a rank its own colour.
// - flag: a slot's mark in the ORBAT (OPEN, LOCKED), outlined by a ring.
// - count: a number with an icon (a squad's people), no frame.

export type BadgeTone = 'neutral' | 'muted' | 'success' | 'danger' | 'warning' | 'info' | 'brand'
export type BadgeShape = 'pill' | 'tag' | 'flag' | 'count'

const SHAPES: Record<BadgeShape, string> = {
  pill: 'rounded-full border px-2 py-0.5 text-xs font-semibold',
  tag: 'rounded border px-1.5 py-0.5 font-mono text-[11px] font-semibold tracking-wider',
  flag: 'rounded px-1.5 py-0.5 text-[11px] font-bold tracking-wide ring-1 ring-inset',
  count: 'gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
}

const PILL_TONES: Record<BadgeTone, string> = {
  neutral: 'border-zinc-600 bg-zinc-800 text-zinc-200',
  muted: 'border-zinc-700 text-zinc-400',
  success: 'border-emerald-500/50 bg-emerald-950/40 text-emerald-200',
  danger: 'border-red-500/50 bg-red-950/40 text-red-200',
  warning: 'border-amber-500/50 bg-amber-950/40 text-amber-200',
  info: 'border-sky-500/50 bg-sky-950/40 text-sky-200',
  brand: 'border-brand-600/60 text-brand-400',
}

/** Where a shape has its own colours for a tone (the rest take the pill's). */
const SHAPE_TONES: Partial<Record<BadgeShape, Partial<Record<BadgeTone, string>>>> = {
  tag: {
    neutral: 'border-zinc-600 bg-zinc-800 text-zinc-300',
    warning: 'border-amber-500/50 bg-amber-950/60 text-amber-300',
  },
  flag: {
    success: 'bg-emerald-500/15 text-emerald-400 ring-emerald-500/40',
    warning: 'bg-amber-500/15 text-amber-400 ring-amber-500/40',
    info: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  },
  count: { neutral: 'bg-zinc-950/70 text-zinc-300' },
}

export function Badge({
  shape = 'pill',
  tone = 'neutral',
  colors,
  className = '',
  children,
  title,
  'data-testid': testId,
}: {
  shape?: BadgeShape
  tone?: BadgeTone
  /** Colour classes of their own, instead of the tone's (a rank's colour). */
  colors?: string
  className?: string
  children: ReactNode
  title?: string
  'data-testid'?: string
}) {
  const look = colors ?? SHAPE_TONES[shape]?.[tone] ?? PILL_TONES[tone]
  return (
    <span
      data-testid={testId}
      title={title}
      className={`inline-flex shrink-0 items-center whitespace-nowrap ${SHAPES[shape]} ${look} ${className}`}
    >
      {children}
    </span>
  )
}

/** A member on leave of absence today (docs/rules/personnel.md): the roster, the ORBAT's slots, the member sheet. */
export function LoaBadge({ className }: { className?: string }) {
  const t = useT('kit.loa')
  return (
    <Badge shape="flag" tone="info" title={t('title')} className={className} data-testid="loa-badge">
      {t('short')}
    </Badge>
  )
}

/** PASSED or FAILED, with the score when given ('PASSED 87.5%'). */
export function ResultBadge({ passed, score }: { passed: boolean; score?: string }) {
  return (
    <Badge tone={passed ? 'success' : 'danger'} data-testid="result-badge">
      {passed ? 'PASSED' : 'FAILED'}
      {score ? ` ${score}` : null}
    </Badge>
  )
}
