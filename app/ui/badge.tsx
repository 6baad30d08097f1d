import type { ReactNode } from 'react'

// A small status pill (a member's status for a test, PASSED / FAILED, QUALIFIED).

export type BadgeTone = 'neutral' | 'muted' | 'success' | 'danger' | 'warning' | 'info' | 'brand'

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-zinc-600 bg-zinc-800 text-zinc-200',
  muted: 'border-zinc-700 text-zinc-400',
  success: 'border-emerald-500/50 bg-emerald-950/40 text-emerald-200',
  danger: 'border-red-500/50 bg-red-950/40 text-red-200',
  warning: 'border-amber-500/50 bg-amber-950/40 text-amber-200',
  info: 'border-sky-500/50 bg-sky-950/40 text-sky-200',
  brand: 'border-brand-600/60 text-brand-400',
}

export function Badge({
  tone = 'neutral',
  children,
  title,
  'data-testid': testId,
}: {
  tone?: BadgeTone
  children: ReactNode
  title?: string
  'data-testid'?: string
}) {
  return (
    <span
      data-testid={testId}
      title={title}
      className={`inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
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
