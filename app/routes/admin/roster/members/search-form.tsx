import type { ChangeEvent } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { ROSTER_PAGE_SIZES } from '#contracts/roster.ts'
import type { MembersData } from '#contracts/roster-types.ts'
import { useDebounced } from '#app/hooks/use-debounced.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { dangerButton, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { inputClass, labelClass } from '#app/ui/field.tsx'
import { rosterTabPath } from '../tab-bar.tsx'
import { countText, SEARCH_FORM_ID, SEARCH_TYPES } from './state.ts'

// The Members tab's head: the count, Ban a Member, Graduate BMTs, Add Member, and the search (by name, Discord ID or
// Bohemia UUID), the qualification filter and Only Show Banned as a GET form: its state is the URL. With JavaScript it
// searches as you type (debounced, like the public roster); without, on Search.

export function MembersToolbar({ data }: { data: MembersData }) {
  const hrefWith = useStateHref()
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400" data-testid="members-count">
          {countText(data.filters, data.pagination.total)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={hrefWith({ dialog: 'bulk' })} preventScrollReset className={`${secondaryButton} h-10`}>
            Bulk actions
          </Link>
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
  )
}

function SearchForm({ data }: { data: MembersData }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const { filters } = data
  const search = (form: HTMLFormElement | null) => {
    if (form) void submit(form, { preventScrollReset: true, replace: true })
  }
  const typing = useDebounced(search)
  // With JavaScript the selects and the checkbox search at once, the text box once typing pauses.
  const submitNow = hydrated
    ? (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
        typing.cancel()
        search(event.currentTarget.form)
      }
    : undefined
  return (
    <Form
      id={SEARCH_FORM_ID}
      method="get"
      action={rosterTabPath('members')}
      role="search"
      aria-label="Search members"
      onSubmit={typing.cancel}
      className="flex flex-wrap items-end gap-2"
    >
      <label className={`${labelClass} w-full sm:w-64`}>
        Search
        <input
          type="search"
          name="term"
          defaultValue={filters.term}
          placeholder="Search members..."
          autoComplete="off"
          className={inputClass}
          onChange={hydrated ? (event) => typing.schedule(event.currentTarget.form) : undefined}
        />
      </label>
      <label className={`${labelClass} w-40`}>
        Search By
        <select name="type" defaultValue={filters.type} onChange={submitNow} className={inputClass}>
          <Options items={SEARCH_TYPES} />
        </select>
      </label>
      <label className={`${labelClass} w-48`}>
        Qualification
        <select
          name="qualification"
          defaultValue={filters.qualification ?? ''}
          onChange={submitNow}
          className={inputClass}
        >
          <option value="">All Qualifications</option>
          <Options items={data.qualifications.map((q) => ({ value: q.id, label: q.name }))} />
        </select>
      </label>
      <label className="flex h-10 items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          name="is_banned"
          value="true"
          defaultChecked={filters.is_banned}
          onChange={submitNow}
          className="size-4 accent-brand-600"
        />
        Only Show Banned
      </label>
      {filters.limit !== ROSTER_PAGE_SIZES[0] ? <input type="hidden" name="limit" value={filters.limit} /> : null}
      <button type="submit" className={`${secondaryButton} h-10`}>
        Search
      </button>
    </Form>
  )
}
