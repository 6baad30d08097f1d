import { useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { FILL_FROM_ORBAT, type AttendanceData } from '#contracts/attendance.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { buttonClass } from '#app/ui/button.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { HiddenFields, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { countOf } from '#contracts/plural.ts'

// Attendance (docs/rules/roster.md, events and attendance; GET/POST .../attendance with memberIds): every member as a
// checkbox, with a filter box (case-insensitive substring on the in-game name). With JavaScript the filter works as you
// type; without it the filter is a GET form. Rows the filter hides stay in the form, so saving never drops an attendee
// you cannot see. Used by the Events and Trainings tabs (their actions save it with
// app/routes/admin/roster/events-and-trainings.server.ts).

export const ATTENDANCE_INTENT = 'attendance'

export function AttendanceDialog({
  title,
  targetId,
  data,
  closeHref,
}: {
  title: string
  targetId: number
  data: AttendanceData
  closeHref: string
}) {
  const [searchParams] = useSearchParams()
  const hydrated = useHydrated()
  const [filter, setFilter] = useState(searchParams.get('q') ?? '')
  const attended = new Set(data.memberIds)
  const [checked, setChecked] = useState(() => new Set(data.memberIds))
  const { Form: PostForm, action, busy, hidden, lastResult } = useFormPost('attendance')
  const needle = filter.trim().toLowerCase()
  const visible = data.members.filter((m) => !needle || m.ingame_name.toLowerCase().includes(needle))
  const errors = lastResult?.error
    ? Object.values(lastResult.error)
        .flat()
        .filter((v): v is string => typeof v === 'string')
    : undefined

  return (
    <UrlDialog
      title={`Attendance: ${title}`}
      description={`${hydrated ? checked.size : attended.size} of ${countOf(data.members.length, 'member')} attended.`}
      closeHref={closeHref}
      size="lg"
    >
      <Form
        method="get"
        className="flex gap-2"
        role="search"
        onSubmit={(event) => {
          // The filter already applies as you type.
          if (hydrated) event.preventDefault()
        }}
      >
        <HiddenFields fields={Object.fromEntries([...searchParams.entries()].filter(([name]) => name !== 'q'))} />
        <label className="sr-only" htmlFor="attendance-filter">
          Filter members by name
        </label>
        <input
          id="attendance-filter"
          type="search"
          name="q"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter members by name..."
          autoComplete="off"
          className={inputClass}
        />
        {hydrated ? null : (
          <button type="submit" className={buttonClass('secondary', 'md')}>
            Filter
          </button>
        )}
      </Form>

      {data.orbat ? <OrbatFill orbat={data.orbat} /> : null}

      <PostForm method="post" action={action} className="mt-3 flex flex-col gap-3" aria-label="Attendance">
        {hidden}
        <input type="hidden" name="intent" value={ATTENDANCE_INTENT} />
        <input type="hidden" name="id" value={targetId} />
        <ul
          className="max-h-96 divide-y divide-zinc-800 overflow-y-auto rounded-md border border-zinc-800 bg-zinc-950"
          data-testid="attendance-list"
        >
          {data.members.map((member) => {
            const shown = !needle || member.ingame_name.toLowerCase().includes(needle)
            return (
              <li key={member.id} hidden={!shown}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-900">
                  <input
                    type="checkbox"
                    name="memberIds"
                    value={member.id}
                    aria-label={member.ingame_name}
                    defaultChecked={attended.has(member.id)}
                    onChange={(event) =>
                      setChecked((current) => {
                        const next = new Set(current)
                        if (event.target.checked) next.add(member.id)
                        else next.delete(member.id)
                        return next
                      })
                    }
                    className="size-4 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1 truncate text-zinc-100">{member.ingame_name}</span>
                  {member.is_banned ? (
                    <span className="rounded bg-red-950/70 px-1.5 py-0.5 text-xs text-red-300">Banned</span>
                  ) : null}
                  <span className="w-12 shrink-0 rounded bg-zinc-800 px-1.5 py-0.5 text-center text-xs font-medium text-zinc-300">
                    {member.rank}
                  </span>
                </label>
              </li>
            )
          })}
          {visible.length === 0 ? (
            <li className="px-3 py-6 text-center text-sm text-zinc-500">No members match your filter.</li>
          ) : null}
        </ul>
        <FormFooter closeHref={closeHref} submitLabel="Save Attendance" busy={busy} errors={errors} />
      </PostForm>
    </UrlDialog>
  )
}

/**
 * Fill from the ORBAT: a link (so it works without JavaScript) that opens the dialog again with everyone who held a
 * slot in the event's frozen ORBAT ticked, on top of who was already recorded. Nothing is saved until Save Attendance.
 */
function OrbatFill({ orbat }: { orbat: NonNullable<AttendanceData['orbat']> }) {
  const [searchParams] = useSearchParams()
  const params = new URLSearchParams(searchParams)
  params.set('fill', FILL_FROM_ORBAT)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-zinc-800 bg-zinc-900/60 px-3 py-2 text-sm">
      {orbat.filled ? (
        <p className="flex-1 text-zinc-300" role="status">
          Ticked the {countOf(orbat.holders, 'member')} who held a slot in the frozen ORBAT. Untick no-shows, tick
          walk-ins, then Save Attendance.
        </p>
      ) : (
        <>
          <p className="flex-1 text-zinc-400">{countOf(orbat.holders, 'member')} held a slot in the frozen ORBAT.</p>
          <Link to={`?${params}`} preventScrollReset replace className={buttonClass('secondary', 'sm')}>
            Fill from the ORBAT
          </Link>
        </>
      )}
    </div>
  )
}
