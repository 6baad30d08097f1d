import { useEffect, useRef } from 'react'
import { promotionRunToast, ROSTER_INTENTS, runPromotionsQuestion } from '#contracts/roster.ts'
import type { PromotionPreview, PromotionRun } from '#contracts/roster-types.ts'
import { useFormPost, type ActionAnswer } from '#app/hooks/use-form-post.tsx'
import { primaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { Section } from '#app/ui/field.tsx'
import { useToast } from '#app/ui/toaster.tsx'

// Run Promotions (docs/rules/roster.md, promotions): the weekly run on demand, asked first with a dry run's count of who
// would move up to what. The action answers the run (not a redirect), so the page lists who moved up (name, from, to):
// the first RUN_NAMES_SHOWN, and how many more; the toast names them.

/** Promoted members the page names; the rest are counted (the run's record has them all). */
export const RUN_NAMES_SHOWN = 25

/** What the action answers for a run: its first names, and how many moved in all. */
export interface RunAnswer extends ActionAnswer {
  run?: PromotionRun
  promotedCount?: number
}

const FORM_KEY = 'run-promotions'

export function RunSection({ unitTimeZone, preview }: { unitTimeZone: string; preview: PromotionPreview | null }) {
  const { answer } = useFormPost<RunAnswer>(FORM_KEY)
  const run = answer?.run
  const more = (answer?.promotedCount ?? 0) - (run?.promotedMembers.length ?? 0)
  const toast = useToast()
  const shown = useRef<unknown>(null)
  const question = runPromotionsQuestion(preview)
  // The toast of a data answer is raised here; it names who moved up.
  useEffect(() => {
    if (!run || shown.current === run) return
    shown.current = run
    toast.success(promotionRunToast(run.promotedMembers))
  }, [run, toast])
  return (
    <Section
      title="Run Promotions"
      description={`Promotes every active member whose event score meets their rank's threshold, one rank per run. Also runs every Monday at 1 AM (${unitTimeZone}, the unit's time zone).`}
    >
      {/* Asked first, with the dry run's count: with JavaScript the app's confirm dialog, without it the step below. */}
      {run ? null : (
        <ConfirmStep
          confirmKey={ROSTER_INTENTS.runPromotions}
          intent={ROSTER_INTENTS.runPromotions}
          fields={{ _form: FORM_KEY }}
          message={question}
          confirmLabel="Run Promotions"
        />
      )}
      <div className="flex">
        <ConfirmButtonForm
          formKey={FORM_KEY}
          intent={ROSTER_INTENTS.runPromotions}
          confirm={question}
          label="Run Promotions"
          className={primaryButton}
        />
      </div>
      {run ? (
        <div className="rounded-lg border border-zinc-800 bg-zinc-950/50 p-3" data-testid="promotion-results">
          <p role="status" className="text-sm font-medium text-zinc-100">
            {run.message}
          </p>
          {run.promotedMembers.length ? (
            <ul className="mt-2 divide-y divide-zinc-800 text-sm" aria-label="Promoted members">
              {run.promotedMembers.map((p, i) => (
                <li key={`${p.name}-${i}`} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="text-zinc-100">{p.name}</span>
                  <span className="font-mono text-xs text-zinc-400">
                    {p.from} <span aria-hidden>→</span>
                    <span className="sr-only">to</span> <span className="text-brand-300">{p.to}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {more > 0 ? <p className="mt-2 text-sm text-zinc-400">and {more.toLocaleString('en-US')} more.</p> : null}
        </div>
      ) : null}
    </Section>
  )
}
