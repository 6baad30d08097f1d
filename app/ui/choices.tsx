import { FieldError } from './field.tsx'

// Choices in forms: the options of a select, and a scrolling list of checkboxes.

type Choice = string | number | { value: string | number; label: string }

/** The <option>s of a select: plain values (shown as they are) or value/label pairs. */
export function Options({ items }: { items: readonly Choice[] }) {
  return (
    <>
      {items.map((item) => {
        const { value, label } = typeof item === 'object' ? item : { value: item, label: String(item) }
        return (
          <option key={value} value={value}>
            {label}
          </option>
        )
      })}
    </>
  )
}

/** Ticked ids from a form's initial value (one string, a list, or nothing). */
export function idSet(value: unknown): Set<number> {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]
  return new Set(list.map(Number).filter((n) => Number.isInteger(n)))
}

/** A checkbox per item (name and an optional second line) in a scrolling box; all post under `name`. */
export function CheckboxList({
  legend,
  name,
  items,
  checked,
  empty,
  errors,
  errorId,
}: {
  legend: string
  name: string
  items: ReadonlyArray<{ id: number; name: string; detail?: string }>
  checked: ReadonlySet<number>
  empty: string
  errors?: string[]
  errorId?: string
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1.5 text-sm text-zinc-300">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">{empty}</p>
      ) : (
        <div className="max-h-56 overflow-y-auto rounded-md border border-zinc-800 bg-zinc-950/60 p-2">
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.id}>
                <label className="flex items-start gap-2 rounded px-1.5 py-1 text-sm text-zinc-200 hover:bg-zinc-800/60">
                  <input
                    type="checkbox"
                    name={name}
                    value={item.id}
                    defaultChecked={checked.has(item.id)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block truncate">{item.name}</span>
                    {item.detail ? <span className="block truncate text-xs text-zinc-500">{item.detail}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  )
}
