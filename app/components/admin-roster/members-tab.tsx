import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link, useLocation, useSearchParams, useSubmit } from 'react-router'
import { useHydrated } from '#app/components/admin-settings/surface.tsx'
import { Field, idSet, MemberForm } from './member-form.tsx'
import { INTENTS } from './schemas.ts'
import { PAGE_SIZES, rosterTabPath, type AdminRosterMember, type MembersData, type PickItem } from './types.ts'
import {
  CheckboxList,
  ConfirmButtonForm,
  ConfirmStep,
  dangerButton,
  FieldError,
  inputClass,
  labelClass,
  LoadError,
  primaryButton,
  secondaryButton,
  textareaClass,
  UrlDialog,
  useDialogHref,
  useRosterForm,
} from './ui.tsx'

// Members tab (spec 2 §2 Roster admin, §4, §5, §8): search by name / Discord ID / Bohemia UUID, the qualification
// filter, Only Show Banned, Ban a Member, Graduate BMTs, Add Member, and the table with Edit / Ban / Unban / delete,
// paged 30/60/100. The list's search and page live in the URL (a GET form); dialogs are URL state too.

const SEARCH_TYPES = [
  { value: 'name', label: 'By Name' },
  { value: 'discord_id', label: 'By Discord ID' },
  { value: 'bohemia_uuid', label: 'By Bohemia UUID' },
] as const
const SEARCH_FORM_ID = 'roster-member-search'

export const deleteMemberConfirm = (name: string) =>
  `Are you sure you want to delete ${name}? This removes the member and their records and cannot be undone.`

export function MembersTab({ data }: { data: MembersData }) {
  const [searchParams] = useSearchParams()
  const hrefWith = useDialogHref()
  const closeHref = hrefWith(null)
  const dialog = searchParams.get('dialog')
  const editing = data.editing

  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      {data.confirming ? (
        <ConfirmStep
          intent={INTENTS.deleteMember}
          fields={{ id: data.confirming.id }}
          message={deleteMemberConfirm(data.confirming.name)}
          confirmLabel="Delete Member"
        />
      ) : null}

      {dialog === 'add-member' ? (
        <UrlDialog title="Add Member" closeHref={closeHref} size="lg">
          <MemberForm mode={{ kind: 'add', today: data.today }} qualifications={data.qualifications} cancelHref={closeHref} />
        </UrlDialog>
      ) : null}
      {editing ? (
        <UrlDialog title={`Edit Member: ${editing.member.ingame_name}`} closeHref={closeHref} size="lg">
          <MemberForm
            key={editing.member.id}
            mode={{
              kind: 'edit',
              member: editing.member,
              events: editing.events,
              trainings: editing.trainings,
            }}
            qualifications={data.qualifications}
            cancelHref={closeHref}
          />
        </UrlDialog>
      ) : null}
      {dialog === 'ban' && data.activeMembers ? (
        <UrlDialog title="Ban a Member" description="The member leaves their ORBAT slot and the waitlist." closeHref={closeHref}>
          <BanForm members={data.activeMembers} preselect={searchParams.get('member') ?? ''} cancelHref={closeHref} />
        </UrlDialog>
      ) : null}
      {dialog === 'graduate' && data.bmtMembers ? (
        <UrlDialog title="Graduate BMTs" description="The selected BMT members are promoted to JNCO." closeHref={closeHref}>
          <GraduateForm members={data.bmtMembers} today={data.today} cancelHref={closeHref} />
        </UrlDialog>
      ) : null}

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-400" data-testid="members-count">
            {data.pagination.total} {data.filters.is_banned ? 'banned' : 'active'} {data.pagination.total === 1 ? 'member' : 'members'}
            {data.filters.term || data.filters.qualification ? ' match the search' : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={hrefWith({ dialog: 'ban' })} preventScrollReset className={`${dangerButton} h-10`}>
              Ban a Member
            </Link>
            <Link to={hrefWith({ dialog: 'graduate' })} preventScrollReset className={`${secondaryButton} h-10`}>
              Graduate BMTs
            </Link>
            <Link to={hrefWith({ dialog: 'add-member' })} preventScrollReset className={primaryButton}>
              Add Member
            </Link>
          </div>
        </div>
        <SearchForm data={data} />
      </div>

      <MembersTable data={data} />
      <Pager data={data} />
    </div>
  )
}

function SearchForm({ data }: { data: MembersData }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const { filters } = data
  // With JavaScript the selects and the checkbox search at once; the text box on Enter or Search.
  const submitNow = (event: React.ChangeEvent<HTMLElement>) => {
    const form = (event.currentTarget as HTMLInputElement).form
    if (form) void submit(form, { preventScrollReset: true, replace: true })
  }
  return (
    <Form
      id={SEARCH_FORM_ID}
      method="get"
      action={rosterTabPath('members')}
      role="search"
      aria-label="Search members"
      className="flex flex-wrap items-end gap-2"
    >
      <label className={`${labelClass} w-full sm:w-64`}>
        Search
        <input type="search" name="term" defaultValue={filters.term} placeholder="Search members..." className={inputClass} />
      </label>
      <label className={`${labelClass} w-40`}>
        Search By
        <select name="type" defaultValue={filters.type} onChange={hydrated ? submitNow : undefined} className={inputClass}>
          {SEARCH_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <label className={`${labelClass} w-48`}>
        Qualification
        <select name="qualification" defaultValue={filters.qualification ?? ''} onChange={hydrated ? submitNow : undefined} className={inputClass}>
          <option value="">All Qualifications</option>
          {data.qualifications.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex h-10 items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          name="is_banned"
          value="true"
          defaultChecked={filters.is_banned}
          onChange={hydrated ? submitNow : undefined}
          className="size-4 accent-brand-600"
        />
        Only Show Banned
      </label>
      {filters.limit !== PAGE_SIZES[0] ? <input type="hidden" name="limit" value={filters.limit} /> : null}
      <button type="submit" className={`${secondaryButton} h-10`}>
        Search
      </button>
    </Form>
  )
}

function RankBadge({ rank }: { rank: string }) {
  return (
    <span className="inline-flex min-w-12 justify-center rounded border border-brand-600/40 bg-brand-600/10 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-300">
      {rank}
    </span>
  )
}

function MembersTable({ data }: { data: MembersData }) {
  const hrefWith = useDialogHref()
  const banned = data.filters.is_banned
  if (data.members.length === 0) {
    return (
      <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-10 text-center text-sm text-zinc-400">
        <p className="font-medium text-zinc-300">No members found</p>
        <p className="mt-1">{banned ? 'No banned members match the search.' : 'Try another search or filter.'}</p>
      </div>
    )
  }
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900/60">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr className="border-b border-zinc-800">
            <th scope="col" className="px-4 py-2.5 font-medium">
              Name
            </th>
            <th scope="col" className="px-2 py-2.5 font-medium">
              Rank
            </th>
            <th scope="col" className="px-2 py-2.5 font-medium">
              Join Date
            </th>
            <th scope="col" className="px-2 py-2.5 text-right font-medium">
              Event Score
            </th>
            <th scope="col" className="px-2 py-2.5 font-medium">
              {banned ? 'Ban' : 'Discord ID'}
            </th>
            <th scope="col" className="py-2.5 pr-4 pl-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {data.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              editHref={hrefWith({ edit: String(member.id) })}
              banHref={hrefWith({ dialog: 'ban', member: String(member.id) })}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MemberRow({ member, editHref, banHref }: { member: AdminRosterMember; editHref: string; banHref: string }) {
  return (
    <tr data-testid="member-row">
      <th scope="row" className="max-w-64 px-4 py-2.5 font-medium text-zinc-100">
        <span className="block truncate">{member.ingame_name}</span>
        {member.notes ? <span className="block truncate text-xs font-normal text-zinc-500">{member.notes}</span> : null}
      </th>
      <td className="px-2 py-2.5">
        <RankBadge rank={member.rank} />
      </td>
      <td className="px-2 py-2.5 whitespace-nowrap text-zinc-300 tabular-nums">{member.join_date}</td>
      <td className="px-2 py-2.5 text-right text-zinc-300 tabular-nums">{member.event_score.toFixed(2)}</td>
      <td className="max-w-72 px-2 py-2.5 text-zinc-400">
        {member.is_banned ? (
          <span className="block text-xs">
            <span className="font-semibold text-red-300">Banned</span>
            {member.banned_date ? <span className="text-zinc-500"> {member.banned_date.slice(0, 10)}</span> : null}
            {member.ban_reason ? <span className="block truncate text-zinc-400">{member.ban_reason}</span> : null}
          </span>
        ) : (
          <span className="font-mono text-xs">{member.discord_id ?? '—'}</span>
        )}
      </td>
      <td className="py-2 pr-4 pl-2">
        <div className="flex items-center justify-end gap-1.5">
          <Link to={editHref} preventScrollReset className={secondaryButton} aria-label={`Edit ${member.ingame_name}`}>
            Edit
          </Link>
          {member.is_banned ? (
            <UnbanButton member={member} />
          ) : (
            <Link to={banHref} preventScrollReset className={secondaryButton} aria-label={`Ban ${member.ingame_name}`}>
              Ban
            </Link>
          )}
          <ConfirmButtonForm
            formKey={`delete-member-${member.id}`}
            intent={INTENTS.deleteMember}
            fields={{ id: member.id }}
            confirm={deleteMemberConfirm(member.ingame_name)}
            label={<TrashIcon />}
            className={`${dangerButton} w-9 px-0`}
            aria-label={`Delete ${member.ingame_name}`}
          />
        </div>
      </td>
    </tr>
  )
}

function UnbanButton({ member }: { member: AdminRosterMember }) {
  const { hidden, busy, action } = useRosterForm(`unban-${member.id}`)
  return (
    <Form method="post" action={action} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.unbanMember} />
      <input type="hidden" name="id" value={member.id} />
      <button type="submit" className={secondaryButton} disabled={busy} aria-label={`Unban ${member.ingame_name}`}>
        Unban
      </button>
    </Form>
  )
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden>
      <path
        fillRule="evenodd"
        d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
        clipRule="evenodd"
      />
    </svg>
  )
}

function Pager({ data }: { data: MembersData }) {
  const location = useLocation()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const { page, limit, total, totalPages } = data.pagination
  const from = total === 0 ? 0 : (page - 1) * limit + 1
  const to = Math.min(page * limit, total)
  const pageHref = (target: number) => {
    const params = new URLSearchParams(location.search)
    for (const name of ['dialog', 'edit', 'member', 'confirm']) params.delete(name)
    if (target <= 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `${location.pathname}?${query}` : location.pathname
  }
  const linkClass = `${secondaryButton} aria-disabled:pointer-events-none aria-disabled:opacity-40`
  return (
    <div className="flex flex-col gap-3 text-sm text-zinc-400 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite" data-testid="paging-summary">
        Showing {from} to {to} of {total} results
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 whitespace-nowrap">
          Rows per page
          <select
            name="limit"
            form={SEARCH_FORM_ID}
            defaultValue={String(limit)}
            onChange={
              hydrated
                ? (event) =>
                    event.currentTarget.form &&
                    void submit(event.currentTarget.form, {
                      preventScrollReset: true,
                    })
                : undefined
            }
            className={`${inputClass} h-9 w-20`}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {hydrated ? null : (
          <button type="submit" form={SEARCH_FORM_ID} className={secondaryButton}>
            Apply
          </button>
        )}
        <Link
          to={pageHref(page - 1)}
          preventScrollReset
          aria-disabled={page <= 1 || undefined}
          tabIndex={page <= 1 ? -1 : undefined}
          className={linkClass}
        >
          Previous
        </Link>
        <span className="tabular-nums">
          Page {page} of {totalPages}
        </span>
        <Link
          to={pageHref(page + 1)}
          preventScrollReset
          aria-disabled={page >= totalPages || undefined}
          tabIndex={page >= totalPages ? -1 : undefined}
          className={linkClass}
        >
          Next
        </Link>
      </div>
    </div>
  )
}

function BanForm({ members, preselect, cancelHref }: { members: PickItem[]; preselect: string; cancelHref: string }) {
  const { lastResult, busy, hidden, action } = useRosterForm('ban-member')
  const [form, fields] = useForm<{ member_id: string; reason: string }>({
    id: 'ban-member',
    lastResult,
    defaultValue: {
      member_id: members.some((m) => String(m.id) === preselect) ? preselect : '',
    },
    shouldValidate: 'onSubmit',
  })
  const { key: _memberKey, ...memberProps } = getSelectProps(fields.member_id)
  const { key: _reasonKey, ...reasonProps } = getTextareaProps(fields.reason)
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Ban a member">
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.banMember} />
      <Field label="Member" errors={fields.member_id.errors} errorId={fields.member_id.errorId}>
        <select {...memberProps} className={inputClass}>
          <option value="">Select a member…</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
              {m.detail ? ` (${m.detail})` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Reason for Ban" errors={fields.reason.errors} errorId={fields.reason.errorId}>
        <textarea {...reasonProps} rows={3} className={textareaClass} />
      </Field>
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-800 pt-4">
        <Link to={cancelHref} replace preventScrollReset className={`${secondaryButton} h-10`}>
          Cancel
        </Link>
        <button type="submit" className={`${dangerButton} h-10`} disabled={busy} aria-busy={busy || undefined}>
          Ban Member
        </button>
      </div>
    </Form>
  )
}

function GraduateForm({ members, today, cancelHref }: { members: PickItem[]; today: string; cancelHref: string }) {
  const { lastResult, busy, hidden, action } = useRosterForm('graduate-bmts')
  const [form, fields] = useForm<{
    memberIds: string[]
    completionDate: string
  }>({
    id: 'graduate-bmts',
    lastResult,
    defaultValue: { completionDate: today },
    shouldValidate: 'onSubmit',
  })
  const { key: _dateKey, ...dateProps } = getInputProps(fields.completionDate, {
    type: 'date',
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Graduate BMTs">
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.graduate} />
      <CheckboxList
        legend="BMT Members"
        name={fields.memberIds.name}
        items={members}
        checked={idSet(fields.memberIds.initialValue)}
        empty="There are no BMT members."
        errors={fields.memberIds.errors}
        errorId={fields.memberIds.errorId}
      />
      <Field label="Completion Date" errors={fields.completionDate.errors} errorId={fields.completionDate.errorId}>
        <input {...dateProps} className={`${inputClass} [color-scheme:dark] sm:w-48`} />
      </Field>
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-800 pt-4">
        <Link to={cancelHref} replace preventScrollReset className={`${secondaryButton} h-10`}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Graduate Selected
        </button>
      </div>
    </Form>
  )
}
