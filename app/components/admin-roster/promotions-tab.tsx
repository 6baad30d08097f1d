import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { Form, useActionData } from 'react-router'
import { useToast } from '#app/ui/toaster.tsx'
import { Field } from './member-form.tsx'
import { channelFormSchema, INTENTS, thresholdsFormSchema } from './schemas.ts'
import type { PromotionsData, RosterActionAnswer } from './types.ts'
import { FieldError, inputClass, LoadError, primaryButton, Section, useRosterForm } from './ui.tsx'

// Promotions tab (spec 2 §2, §4, §5; ARCHITECTURE §5): the announcement channel (blank disables announcements),
// the thresholds (whole numbers, blank = no automatic promotion from that rank) and Run Promotions with its result.

export function PromotionsTab({ data }: { data: PromotionsData }) {
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      <ChannelSection data={data} />
      <ThresholdsSection data={data} />
      <RunSection />
    </div>
  )
}

function ChannelSection({ data }: { data: PromotionsData }) {
  const { lastResult, busy, hidden, action } = useRosterForm('promotion-channel')
  const [form, fields] = useForm<{ channel_id: string }>({
    id: 'promotion-channel',
    lastResult,
    defaultValue: { channel_id: data.channelId },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: channelFormSchema }),
  })
  const channels = (data.channels ?? []).filter((c) => c.kind !== 'category')
  const known = channels.some((c) => c.id === data.channelId)
  const { key: _inputKey, ...inputProps } = getInputProps(fields.channel_id, {
    type: 'text',
  })
  return (
    <Section title="Announcement Channel" description="Promotions are announced in this Discord channel. Leave it blank to turn announcements off.">
      {data.channelsError ? (
        <p role="alert" className="rounded-md border border-amber-500/40 bg-amber-950/30 px-3 py-2 text-sm text-amber-100">
          {/\.$/.test(data.channelsError) ? data.channelsError : `${data.channelsError}.`} Enter the channel ID instead.
        </p>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveChannel} />
        <div className="flex-1">
          {data.channels ? (
            <Field label="Channel" errors={fields.channel_id.errors} errorId={fields.channel_id.errorId}>
              <select name={fields.channel_id.name} id={fields.channel_id.id} defaultValue={data.channelId} className={inputClass}>
                <option value="">Disabled (no announcements)</option>
                {data.channelId && !known ? <option value={data.channelId}>Unknown channel ({data.channelId})</option> : null}
                {channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    # {c.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field label="Channel ID" errors={fields.channel_id.errors} errorId={fields.channel_id.errorId}>
              <input
                {...inputProps}
                inputMode="numeric"
                autoComplete="off"
                placeholder="Blank = no announcements"
                className={`${inputClass} font-mono`}
              />
            </Field>
          )}
        </div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Save Channel
        </button>
      </Form>
      <FieldError id={form.errorId} errors={form.errors} />
    </Section>
  )
}

function ThresholdsSection({ data }: { data: PromotionsData }) {
  const { lastResult, busy, hidden, action } = useRosterForm('thresholds')
  const [form, fields] = useForm({
    id: 'thresholds',
    lastResult,
    defaultValue: {
      thresholds: data.thresholds.map((t) => ({
        from_rank: t.from_rank,
        required_score: t.required_score === null ? '' : String(t.required_score),
      })),
    },
    constraint: getZodConstraint(thresholdsFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: thresholdsFormSchema }),
  })
  const rows = fields.thresholds.getFieldList()
  return (
    <Section
      title="Promotion Thresholds"
      description="The event score a member needs to move up from each rank. Whole numbers only; blank means no automatic promotion."
    >
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Promotion thresholds">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveThresholds} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {rows.map((row, i) => {
            const threshold = data.thresholds[i]
            const set = row.getFieldset()
            const { key: _key, ...scoreProps } = getInputProps(set.required_score, { type: 'text' })
            return (
              <div key={row.key} className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-zinc-800 bg-zinc-950/50 p-3">
                <input type="hidden" name={set.from_rank.name} value={threshold?.from_rank ?? String(set.from_rank.initialValue ?? '')} />
                <label className="flex min-w-0 flex-col gap-1.5 text-sm text-zinc-300">
                  <span className="font-mono text-xs font-semibold tracking-wide text-zinc-200">
                    {threshold?.from_rank} <span aria-hidden>→</span>
                    <span className="sr-only"> to </span> {threshold?.to_rank}
                  </span>
                  <input {...scoreProps} inputMode="numeric" autoComplete="off" placeholder="None" className={`${inputClass} tabular-nums`} />
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

function RunSection() {
  const { busy, hidden, action } = useRosterForm('run-promotions')
  const answer = useActionData<RosterActionAnswer>()
  const run = answer?.run
  const toast = useToast()
  const shown = useRef<unknown>(null)
  // The run answers data (the list to show), not a redirect: the toast is raised here.
  useEffect(() => {
    if (!run || shown.current === run) return
    shown.current = run
    toast.success(run.message)
  }, [run, toast])
  return (
    <Section
      title="Run Promotions"
      description="Promotes every active member whose event score meets their rank's threshold, one rank per run. Also runs every Monday at 1 AM (New York time)."
    >
      <Form method="post" action={action} className="flex">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.runPromotions} />
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Run Promotions
        </button>
      </Form>
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
        </div>
      ) : null}
    </Section>
  )
}
