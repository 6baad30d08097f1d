import { useEffect, useRef, type FormEvent } from 'react'
import { Form } from 'react-router'
import { secondaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { inputClass, selectClass } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { SearchBox } from '#app/ui/search-box.tsx'
import type { RosterUrlState, SearchType } from './query.ts'

// The public roster's search: the box (debounced with JavaScript), By Name / By Rank and the qualification filter;
// without JavaScript a GET form with a Search button. The pager's Rows select belongs to it.

export const ROSTER_SEARCH_FORM = 'roster-search'

export function RosterSearchForm({
  state,
  qualifications,
  go,
  goLater,
}: {
  state: RosterUrlState
  qualifications: Array<{ id: number; name: string }>
  go: (next: Partial<RosterUrlState>) => void
  goLater: (next: Partial<RosterUrlState>) => void
}) {
  const t = useT('roster.search')
  const termRef = useRef<HTMLInputElement>(null)
  const term = () => termRef.current?.value.trim() ?? ''
  // Back/forward (or a shared link) changes the term: show it, unless the person is typing in the box.
  useEffect(() => {
    const input = termRef.current
    if (input && document.activeElement !== input && input.value !== state.term) input.value = state.term
  }, [state.term])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ term: term() })
  }

  return (
    // One row on wide screens; on phones the box and Search, then the two selects side by side.
    <Form
      id={ROSTER_SEARCH_FORM}
      method="get"
      action="/roster"
      role="search"
      aria-label={t('label')}
      onSubmit={onSubmit}
      className="mt-6 flex flex-wrap gap-2"
    >
      <SearchBox label={t('box')} className="min-w-0 flex-1 basis-[60%] sm:basis-64">
        <input
          ref={termRef}
          type="search"
          name="term"
          defaultValue={state.term}
          placeholder={state.type === 'rank' ? t('byRank') : t('byName')}
          autoComplete="off"
          maxLength={100}
          className={`${inputClass} pl-9`}
          onChange={(event) => goLater({ term: event.currentTarget.value.trim() })}
        />
      </SearchBox>
      <button type="submit" className={`${secondaryButton} h-10 sm:order-last`}>
        {t('submit')}
      </button>
      {/* What the box matches (not a sort): a name or a rank. Its caption above it on a phone, beside it wider. */}
      <label className="flex min-w-0 flex-1 basis-[40%] flex-col gap-1 sm:flex-none sm:basis-auto sm:flex-row sm:items-center sm:gap-2">
        <span className="text-xs whitespace-nowrap text-zinc-400 sm:text-sm">{t('searchBy')}</span>
        <select
          key={`type-${state.type}`}
          name="type"
          defaultValue={state.type}
          className={`${selectClass} w-full min-w-0 sm:w-36`}
          onChange={(event) => go({ type: event.currentTarget.value as SearchType, term: term() })}
        >
          <Options
            items={[
              { value: 'name', label: t('typeName') },
              { value: 'rank', label: t('typeRank') },
            ]}
          />
        </select>
      </label>
      <label className="flex min-w-0 flex-1 basis-[40%] flex-col gap-1 sm:flex-none sm:basis-auto">
        <span className="text-xs text-zinc-400 sm:sr-only">{t('qualification')}</span>
        <select
          key={`qualification-${state.qualification ?? ''}`}
          name="qualification"
          defaultValue={state.qualification ?? ''}
          className={`${selectClass} w-full sm:w-52`}
          onChange={(event) => {
            const value = event.currentTarget.value
            go({ qualification: value ? Number(value) : null, term: term() })
          }}
        >
          <option value="">{t('allQualifications')}</option>
          <Options items={qualifications.map((q) => ({ value: q.id, label: q.name }))} />
        </select>
      </label>
    </Form>
  )
}
