import type { ReactNode } from 'react'
import type { EvaluationChecklistItem } from '#contracts/assessments.ts'

// What the live evaluation and View evaluation pages share: the three cards (evaluator, evaluatee, score) and the
// checklist grouped by section.

interface ChecklistSection {
  name: string
  questions: EvaluationChecklistItem[]
}

/** The checklist's sections in the order their first item comes (the editor's order). */
export function sectionsOf(questions: readonly EvaluationChecklistItem[]): ChecklistSection[] {
  const sections = new Map<string, EvaluationChecklistItem[]>()
  for (const question of questions) {
    const list = sections.get(question.section)
    if (list) list.push(question)
    else sections.set(question.section, [question])
  }
  return [...sections].map(([name, list]) => ({ name, questions: list }))
}

/** Points as the buttons show them: whole numbers plainly, fractions with up to two decimals. */
export const pointsText = (points: number) => String(Math.round(points * 100) / 100)

/** A live evaluation's score, shown to one decimal. */
export const scoreText = (score: number) => `${score.toFixed(1)}%`

export function SummaryCards({
  evaluator,
  evaluatee,
  scoreLabel,
  score,
  passing,
  scoreNote,
}: {
  evaluator: string
  evaluatee: string
  scoreLabel: string
  score: number
  passing: boolean
  scoreNote?: ReactNode
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Card label="Evaluator">{evaluator}</Card>
      <Card label="Evaluatee">{evaluatee}</Card>
      <Card label={scoreLabel} testId="evaluation-score" wide>
        <span className={passing ? 'text-emerald-400' : 'text-red-400'} data-passing={passing} aria-live="polite">
          {scoreText(score)}
        </span>
        {scoreNote ? <span className="mt-0.5 block text-xs font-normal text-zinc-400">{scoreNote}</span> : null}
      </Card>
    </dl>
  )
}

function Card({
  label,
  testId,
  wide,
  children,
}: {
  label: string
  testId?: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={`min-w-0 rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-3 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}
      data-testid={testId}
    >
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words text-zinc-100">{children}</dd>
    </div>
  )
}

/** A section of the checklist: its name and its items (rendered by the page). */
export function SectionBlock({ section, children }: { section: ChecklistSection; children: ReactNode }) {
  const id = `section-${encodeURIComponent(section.name).replace(/[^A-Za-z0-9_-]/g, '_')}`
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-800 bg-zinc-900/60">
      <h2 id={id} className="border-b border-zinc-800 px-4 py-3 font-semibold">
        {section.name}
      </h2>
      <ol className="divide-y divide-zinc-800">{children}</ol>
    </section>
  )
}
