import { ROSTER_INTENTS, thresholdsSchema } from '#contracts/roster.ts'
import type { ThresholdItem } from '#contracts/roster-types.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { inputProps } from '#app/ui/conform-props.ts'
import { FieldError, inputClass, Section } from '#app/ui/field.tsx'

// Promotion thresholds (docs/rules/roster.md, promotions): the event score a member needs to move up from each rank;
// whole numbers, blank = no automatic promotion. Checked in the browser with the same schema as the action and the /api
// route.

export function ThresholdsSection({ thresholds }: { thresholds: ThresholdItem[] }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('thresholds', thresholdsSchema, {
    id: 'thresholds',
    defaultValue: {
      thresholds: thresholds.map((t) => ({
        from_rank: t.from_rank,
        required_score: t.required_score === null ? '' : String(t.required_score),
      })),
    },
    validateOn: 'onBlur',
  })
  const rows = fields.thresholds.getFieldList()
  return (
    <Section
      title="Promotion Thresholds"
      description="The event score a member needs to move up from each rank. Whole numbers only; blank means no automatic promotion."
    >
      <Form {...formProps} className="flex flex-col gap-4" aria-label="Promotion thresholds">
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.saveThresholds} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {rows.map((row, i) => {
            const threshold = thresholds[i]
            const set = row.getFieldset()
            return (
              <div
                key={row.key}
                className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-800 bg-zinc-950/50 p-3"
              >
                <input
                  type="hidden"
                  name={set.from_rank.name}
                  value={threshold?.from_rank ?? String(set.from_rank.initialValue ?? '')}
                />
                <label className="flex min-w-0 flex-col gap-1.5 text-sm text-zinc-300">
                  <span className="font-mono text-xs font-semibold tracking-wide text-zinc-200">
                    {threshold?.from_rank} <span aria-hidden>→</span>
                    <span className="sr-only"> to </span> {threshold?.to_rank}
                  </span>
                  <input
                    {...inputProps(set.required_score)}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="None"
                    className={`${inputClass} tabular-nums`}
                  />
                </label>
                <FieldError id={set.required_score.errorId} errors={set.required_score.errors} />
              </div>
            )
          })}
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Thresholds
          </button>
        </div>
      </Form>
    </Section>
  )
}
