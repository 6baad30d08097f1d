import { Link } from 'react-router'
import { ROSTER_INTENTS } from '#contracts/roster.ts'
import type { AdminRosterMember, MembersData } from '#contracts/roster-types.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { dangerButton, secondaryButton } from '#app/ui/button.ts'
import { DeleteButton } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { BULK_FORM_ID } from './bulk-actions.tsx'
import { deleteMemberConfirm } from './state.ts'
import { formatDateOnly } from '#app/components/roster/ui.tsx'

// The member table: name (and notes), rank, join date, event score, Discord ID or the ban, and the row's Edit / Ban or
// Unban / delete. On a phone each member is a card with its actions in reach (the kit's stacked table).

export function MembersTable({ data, selectable = false }: { data: MembersData; selectable?: boolean }) {
  const banned = data.filters.is_banned
  if (data.members.length === 0) {
    return (
      <EmptyState
        title="No members found"
        text={banned ? 'No banned members match the search.' : 'Try another search or filter.'}
      />
    )
  }
  return (
    <Table
      label="Members"
      stacked
      columns={[...(selectable ? [SELECT] : []), ...(banned ? BANNED_COLUMNS : ACTIVE_COLUMNS)]}
      rows={data.members}
      rowKey={(member) => member.id}
      rowProps={() => ({ 'data-testid': 'member-row' })}
    />
  )
}

/** The bulk actions' checkbox (?dialog=bulk): it belongs to their form, which sits above the table. */
const SELECT: Column<AdminRosterMember> = {
  header: <span className="sr-only">Select</span>,
  className: 'w-10',
  cell: (member) => (
    <input
      type="checkbox"
      name="member_ids"
      value={member.id}
      form={BULK_FORM_ID}
      aria-label={`Select ${member.ingame_name}`}
      className="size-4 accent-brand-600"
    />
  ),
}

const NAME: Column<AdminRosterMember> = {
  header: 'Name',
  rowHeader: true,
  className: 'max-w-64',
  cell: (member) => (
    <>
      {/* The name opens the member's service record (Grant Award and Edit are there too). */}
      <Link
        to={`/admin/roster/members/${member.id}/record`}
        className="block truncate text-zinc-100 underline decoration-zinc-600 underline-offset-4 hover:text-brand-300 hover:decoration-brand-400"
      >
        {member.ingame_name}
      </Link>
      {member.notes ? <span className="block truncate text-xs font-normal text-zinc-500">{member.notes}</span> : null}
    </>
  ),
}

const FACTS: ReadonlyArray<Column<AdminRosterMember>> = [
  {
    header: 'Rank',
    cell: (member) => (
      <span className="inline-flex min-w-12 justify-center rounded border border-brand-600/40 bg-brand-600/10 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-300">
        {member.rank}
      </span>
    ),
  },
  {
    header: 'Join Date',
    className: 'whitespace-nowrap',
    cellClassName: 'text-zinc-300 tabular-nums',
    cell: (member) => formatDateOnly(member.join_date),
  },
  {
    header: 'Event Score',
    align: 'right',
    cellClassName: 'text-zinc-300 tabular-nums',
    cell: (member) => member.event_score.toFixed(2),
  },
]

const ACTIONS: Column<AdminRosterMember> = {
  header: <span className="sr-only">Actions</span>,
  cell: (member) => <MemberActions member={member} />,
}

/** The Discord ID, or the ban (date and reason) of a banned member. */
const standing = (banned: boolean): Column<AdminRosterMember> => ({
  header: banned ? 'Ban' : 'Discord ID',
  className: 'max-w-72',
  cellClassName: 'text-zinc-400',
  cell: (member) =>
    member.is_banned ? (
      <span className="text-xs max-md:inline md:block">
        <span className="font-semibold text-red-300">Banned</span>
        {member.banned_date ? <span className="text-zinc-500"> {member.banned_date.slice(0, 10)}</span> : null}
        {member.ban_reason ? <span className="block truncate text-zinc-400">{member.ban_reason}</span> : null}
      </span>
    ) : (
      <span className="font-mono text-xs">{member.discord_id ?? '—'}</span>
    ),
})

const ACTIVE_COLUMNS = [NAME, ...FACTS, standing(false), ACTIONS]
const BANNED_COLUMNS = [NAME, ...FACTS, standing(true), ACTIONS]

function MemberActions({ member }: { member: AdminRosterMember }) {
  const hrefWith = useStateHref()
  return (
    <div className="flex flex-wrap items-center gap-1.5 md:flex-nowrap md:justify-end">
      <Link
        to={hrefWith({ edit: member.id })}
        preventScrollReset
        className={secondaryButton}
        aria-label={`Edit ${member.ingame_name}`}
      >
        Edit
      </Link>
      <Link
        to={`/admin/roster/members/${member.id}/record`}
        className={secondaryButton}
        aria-label={`Service record of ${member.ingame_name}`}
      >
        Record
      </Link>
      {member.is_banned ? (
        <UnbanButton member={member} />
      ) : (
        <Link
          to={hrefWith({ dialog: 'ban', member: member.id })}
          preventScrollReset
          className={secondaryButton}
          aria-label={`Ban ${member.ingame_name}`}
        >
          Ban
        </Link>
      )}
      <DeleteButton
        intent={ROSTER_INTENTS.deleteMember}
        id={member.id}
        name={member.ingame_name}
        confirm={deleteMemberConfirm(member.ingame_name)}
        label={<TrashIcon />}
        className={`${dangerButton} w-9 px-0`}
      />
    </div>
  )
}

function UnbanButton({ member }: { member: AdminRosterMember }) {
  const { Form, hidden, busy, action } = useFormPost(`unban-${member.id}`)
  return (
    <Form method="post" action={action} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={ROSTER_INTENTS.unbanMember} />
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
