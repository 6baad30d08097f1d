import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { MemberTestItem, PublicTestItem, TestBadge } from '#contracts/assessments.ts'
import { buttonClass } from '#app/ui/button.ts'
import { useT } from '#app/ui/i18n.tsx'
import { loginHref, resultHref, takeHref } from './paths.ts'
import { Badge } from '#app/ui/badge.tsx'

// One card of the public tests page (the badge: docs/rules/assessments.md): name, the signed-in member's badge, the
// qualification, the event score needed for approval, 'Answer X of Y questions correctly', the note for a member who
// meets the score, and the one button the member's standing allows. Visitors see the card without a standing. Its texts
// are the catalogs' `tests`, in the page's language: the badge and the button say the /api's standing in its words.

/** A card's test: the public fields, plus the member's standing when someone is signed in. */
export type CardTest = PublicTestItem | MemberTestItem

const standingOf = (test: CardTest): MemberTestItem | null => ('status' in test ? test : null)

type CardAction =
  | { kind: 'login'; label: 'Login to View Status'; href: string }
  | { kind: 'review'; label: 'Review Attempt'; href: string }
  | { kind: 'take'; label: 'Take Test'; href: string }
  | {
      kind: 'disabled'
      label:
        | 'Already Qualified'
        | 'Awaiting Admin Approval'
        | 'Ineligible'
        | 'Awaiting In-Game Evaluation'
        | 'No Questions Yet'
    }

/** The card's button: the first that applies of qualified, attempt, approved, score met, otherwise. */
export function cardAction(test: CardTest): CardAction {
  const standing = standingOf(test)
  if (!standing) return { kind: 'login', label: 'Login to View Status', href: loginHref }
  if (standing.has_qual) return { kind: 'disabled', label: 'Already Qualified' }
  if (standing.attempt) return { kind: 'review', label: 'Review Attempt', href: resultHref(standing.attempt.uuid) }
  // Never a Take Test that leads nowhere: a test without written questions is only its in-game evaluation (or, made
  // before tests needed something to take, nothing yet).
  if (standing.is_eligible && test.total_questions === 0)
    return {
      kind: 'disabled',
      label: test.requires_in_game_eval ? 'Awaiting In-Game Evaluation' : 'No Questions Yet',
    }
  if (standing.is_eligible) return { kind: 'take', label: 'Take Test', href: takeHref(test.uuid) }
  return { kind: 'disabled', label: standing.meets_required_score ? 'Awaiting Admin Approval' : 'Ineligible' }
}

/** The catalog's word for each button (`tests.actions`). */
const ACTION_KEYS = {
  'Login to View Status': 'login',
  'Review Attempt': 'review',
  'Take Test': 'take',
  'Already Qualified': 'qualified',
  'Awaiting Admin Approval': 'awaitingApproval',
  Ineligible: 'ineligible',
  'Awaiting In-Game Evaluation': 'awaitingEval',
  'No Questions Yet': 'noQuestions',
} as const satisfies Record<CardAction['label'], string>

/** The catalog's word for each standing (`tests.status`). */
const STATUS_KEYS = {
  QUALIFIED: 'qualified',
  PASSED: 'passed',
  FAILED: 'failed',
  'APPROVED TO TEST': 'approved',
  'NEEDS APPROVAL': 'needsApproval',
  Ineligible: 'ineligible',
} as const satisfies Record<TestBadge, string>

/** Dimmed when signed out, or with no qualification, no score, no attempt and no approval. */
export function isDimmed(test: CardTest): boolean {
  const s = standingOf(test)
  return !s || (!s.has_qual && !s.meets_required_score && !s.attempt && !s.is_eligible)
}

/** 'You meet the score requirement!': the score is met but no admin has approved the member yet. */
export function needsApproval(test: CardTest): boolean {
  return standingOf(test)?.status === 'NEEDS APPROVAL'
}

const BADGE_LOOKS: Record<TestBadge, string> = {
  QUALIFIED: 'border-brand-500/50 bg-brand-600/20 text-brand-400',
  PASSED: 'border-emerald-500/40 bg-emerald-950/60 text-emerald-300',
  FAILED: 'border-red-500/40 bg-red-950/60 text-red-300',
  'APPROVED TO TEST': 'border-sky-500/40 bg-sky-950/60 text-sky-300',
  'NEEDS APPROVAL': 'border-amber-500/50 bg-amber-950/60 text-amber-300',
  Ineligible: 'border-zinc-700 bg-zinc-800 text-zinc-400',
}

export function TestCard({ test }: { test: CardTest }) {
  const t = useT('tests')
  const standing = standingOf(test)
  const headingId = `test-${test.id}-name`
  return (
    // Dimmed to 80%, not less: its grey labels must still read at 4.5:1.
    <article
      aria-labelledby={headingId}
      data-testid="test-card"
      data-dimmed={isDimmed(test) || undefined}
      className="flex h-full flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 data-dimmed:opacity-80"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg leading-snug font-semibold break-words text-zinc-100">
          {test.name}
        </h2>
        {standing ? (
          <Badge shape="tag" colors={BADGE_LOOKS[standing.status]} className="mt-0.5" data-testid="test-status">
            {t(`status.${STATUS_KEYS[standing.status]}`)}
          </Badge>
        ) : null}
      </div>
      <dl className="grid gap-2 text-sm">
        <Fact term={t('facts.qualification')}>{test.qualification_name}</Fact>
        <Fact term={t('facts.requiredScore')}>{test.required_score}</Fact>
        <Fact term={t('facts.toPass')}>
          {test.total_questions === 0 && test.requires_in_game_eval
            ? t('facts.passEval', { score: test.eval_passing_score })
            : t('facts.passQuestions', { passing: test.passing_questions, total: test.total_questions })}
        </Fact>
        {test.requires_in_game_eval ? <Fact term={t('facts.inGameEval')}>{t('facts.required')}</Fact> : null}
      </dl>
      {needsApproval(test) ? (
        <div className="rounded-lg border border-amber-500/40 bg-amber-950/30 px-3 py-2.5 text-sm text-amber-100">
          <p className="font-medium">{t('meetsScore')}</p>
          <p className="mt-0.5 text-amber-200/80">{t('ticketNote')}</p>
        </div>
      ) : null}
      <div className="mt-auto pt-1">
        <CardButton action={cardAction(test)} testName={test.name} />
      </div>
    </article>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
      <dt className="text-zinc-400">{term}</dt>
      <dd className="text-right font-medium text-zinc-200">{children}</dd>
    </div>
  )
}

function CardButton({ action, testName }: { action: CardAction; testName: string }) {
  const t = useT('tests.actions')
  const label = t(ACTION_KEYS[action.label])
  const wide = 'w-full'
  switch (action.kind) {
    case 'login':
      // A full page load: /auth/discord is a redirect to Discord, not a page of this app.
      return (
        <a href={action.href} className={`${buttonClass('secondary', 'md')} ${wide}`}>
          {label}
        </a>
      )
    case 'take':
      return (
        <Link
          to={action.href}
          className={`${buttonClass('primary', 'md')} ${wide}`}
          aria-label={t('takeNamed', { name: testName })}
        >
          {label}
        </Link>
      )
    case 'review':
      return (
        <Link
          to={action.href}
          className={`${buttonClass('secondary', 'md')} ${wide}`}
          aria-label={t('reviewNamed', { name: testName })}
        >
          {label}
        </Link>
      )
    case 'disabled':
      return (
        <button type="button" disabled className={`${buttonClass('secondary', 'md')} ${wide}`}>
          {label}
        </button>
      )
  }
}
