import { useEffect, useRef } from 'react'
import { Form, useSubmit } from 'react-router'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { inputClass } from '#app/ui/field.tsx'
import { SearchBox } from '#app/ui/search-box.tsx'

// The member search of the Manage Test and Evaluations dialogs (case-insensitive substring matches on the in-game
// name). A GET form whose value is the URL's ?q=, so it works without JavaScript (a Search button); with it the list
// follows the typing after a short pause, replacing the history entry.

const SEARCH_PARAM = 'q'
/** The typing pause before the list follows (the public roster's). */
const SEARCH_DEBOUNCE_MS = 300

/** The dialog's search text from its URL, trimmed. */
export function searchTextOf(url: URL | URLSearchParams): string {
  const params = url instanceof URL ? url.searchParams : url
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, 100)
}

/** A case-insensitive substring match (an empty search matches everything). */
export function matchesName(name: string, search: string): boolean {
  return name.toLowerCase().includes(search.toLowerCase())
}

export function DialogSearch({
  action,
  label,
  placeholder,
  value,
}: {
  action: string
  label: string
  placeholder: string
  value: string
}) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // Back/forward changes the search: show it, unless the person is typing in the box.
  useEffect(() => {
    const box = input.current
    if (box && document.activeElement !== box && box.value.trim() !== value) box.value = value
  }, [value])
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="flex gap-2"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <SearchBox label={label}>
        <input
          ref={input}
          type="search"
          name={SEARCH_PARAM}
          defaultValue={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={100}
          className={`${inputClass} pl-9`}
          onChange={(event) => {
            const form = event.currentTarget.form
            clearTimeout(timer.current)
            timer.current = setTimeout(() => {
              if (form) void submit(form, { replace: true, preventScrollReset: true })
            }, SEARCH_DEBOUNCE_MS)
          }}
        />
      </SearchBox>
      {hydrated ? null : (
        <button type="submit" className={`${secondaryButton} h-10`}>
          Search
        </button>
      )}
    </Form>
  )
}
