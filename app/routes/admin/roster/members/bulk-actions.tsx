import { Form, Link } from 'react-router'
import { BULK_ACTION_LABELS, BULK_ACTIONS, type BulkAction } from '#contracts/moving.ts'
import { RANKS } from '#contracts/roster.ts'
import type { MembersData } from '#contracts/roster-types.ts'
import { countOf } from '#contracts/plural.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { buttonClass, dangerButton, primaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { inputClass, labelClass } from '#app/ui/field.tsx'

// Bulk actions (docs/rules/roster.md, Moving in and out): with ?dialog=bulk each row of the member list has a checkbox
// (form="bulk-members") and this bar applies one action to the ticked members, or to every member the search
// matches. A plain form: without JavaScript every action's fields show and the chosen action reads its own; with it,
// only the chosen action's. Delete and Ban ask first, naming the count (the action's answer: BulkConfirm).

export const BULK_FORM_ID = 'bulk-members'
export const BULK_INTENT = 'bulk-members'

/** Which fields each action reads (the server's bulk schema reads the same). */
export const FIELDS_OF: Record<BulkAction, readonly string[]> = {
  set_rank: ['rank'],
  grant_qualification: ['qualification_id'],
  revoke_qualification: ['qualification_id'],
  grant_award: ['award_id', 'citation', 'date'],
  mark_attended: ['event_id'],
  ban: ['reason'],
  unban: [],
  delete: [],
}

/** A destructive bulk action waiting for its confirm: the posted fields, sent again with confirmed=yes. */
export interface BulkConfirm {
  question: string
  fields: [string, string][]
}

export function BulkActions({ data, confirm }: { data: MembersData; confirm: BulkConfirm | null }) {
  const hrefWith = useStateHref()
  const { filters, pagination } = data
  const choices = data.bulk ?? { awards: [], events: [] }
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-3 rounded-xl border border-brand-600/40 bg-zinc-900/60 p-4"
      data-testid="bulk-actions"
    >
      {confirm ? (
        <div role="alertdialog" aria-label={confirm.question}>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-zinc-100">{confirm.question}</p>
            {confirm.fields.map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" className={dangerButton}>
              Yes, go ahead
            </button>
            <Link to={hrefWith({ dialog: 'bulk' })} preventScrollReset className={buttonClass('secondary', 'sm')}>
              Cancel
            </Link>
          </Form>
        </div>
      ) : null}
      <Form method="post" id={BULK_FORM_ID} preventScrollReset className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={BULK_INTENT} />
        {/* The search the "all matching" choice means. */}
        <input type="hidden" name="term" value={filters.term} />
        <input type="hidden" name="type" value={filters.type} />
        <input type="hidden" name="qualification" value={filters.qualification ?? ''} />
        <input type="hidden" name="is_banned" value={filters.is_banned ? 'true' : ''} />
        <div className="flex flex-wrap items-end gap-3">
          <label className={`${labelClass} w-56`}>
            Action
            <select name="action" defaultValue="set_rank" className={inputClass}>
              <Options items={BULK_ACTIONS.map((value) => ({ value, label: BULK_ACTION_LABELS[value] }))} />
            </select>
          </label>
          <label className={`${labelClass} w-32`}>
            Rank
            <select name="rank" defaultValue="BMT" className={inputClass}>
              <Options items={RANKS.map((rank) => ({ value: rank, label: rank }))} />
            </select>
          </label>
          <label className={`${labelClass} w-48`}>
            Qualification
            <select name="qualification_id" className={inputClass}>
              <Options items={data.qualifications.map((q) => ({ value: q.id, label: q.name }))} />
            </select>
          </label>
          <label className={`${labelClass} w-48`}>
            Award
            <select name="award_id" className={inputClass}>
              <Options items={choices.awards.map((a) => ({ value: a.id, label: a.name }))} />
            </select>
          </label>
          <label className={`${labelClass} w-56`}>
            Citation
            <input name="citation" maxLength={500} className={inputClass} />
          </label>
          <label className={`${labelClass} w-40`}>
            Award date
            <input type="date" name="date" defaultValue={data.today} className={inputClass} />
          </label>
          <label className={`${labelClass} w-56`}>
            Event
            <select name="event_id" className={inputClass}>
              <Options items={choices.events.map((e) => ({ value: e.id, label: `${e.name} (${e.detail ?? ''})` }))} />
            </select>
          </label>
          <label className={`${labelClass} w-56`}>
            Ban reason
            <input name="reason" maxLength={1000} className={inputClass} />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            <input type="checkbox" name="all_matching" value="yes" className="size-4 accent-brand-600" />
            {`All ${countOf(pagination.total, 'member')} the search matches, on every page`}
          </label>
          <button type="submit" className={primaryButton}>
            Apply to ticked members
          </button>
          <Link to={hrefWith(null)} preventScrollReset className={buttonClass('secondary', 'sm')}>
            Close
          </Link>
        </div>
      </Form>
    </section>
  )
}
