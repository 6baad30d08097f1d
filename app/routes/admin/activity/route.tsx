import { Link } from 'react-router'
import type { Route } from './+types/route'
import {
  ACTIVITY_INTENTS,
  ACTIVITY_WINDOWS,
  inactivityWeeksSchema,
  type ActivityDashboard,
  type DrifterRow,
} from '#contracts/activity.ts'
import { countOf } from '#contracts/plural.ts'
import { hrefWith } from './href.ts'
import { MembersTable } from './members-table.tsx'
import { InactivityForm } from './inactivity-form.tsx'
import { SquadChart, TurnoutChart } from '#app/components/activity/charts.tsx'
import { formatDateOnly } from '#app/components/roster/ui.tsx'
import { submitForm } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { buttonClass } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { LoadError, Section } from '#app/ui/field.tsx'
import { activityDashboard, dashboardQuery } from '#server/activity/dashboard.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import { saveSetting } from '#server/settings/admin-settings.ts'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'

// Activity (docs/rules/activity.md): turnout over time, per squad, every member's attendance and reliability, who is
// drifting away, and the CSV. Everything is a link or a plain form (window, sort, page), and the charts are SVG drawn
// in the server's render, so the page is whole without JavaScript.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const query = dashboardQuery(new URL(request.url))
  const empty: ActivityDashboard = {
    ...query,
    from: '',
    to: '',
    zone: 'UTC',
    unitSize: 0,
    inactivityWeeks: 3,
    totals: { attended: 0, possible: 0, rate: null, inactive: 0, onLeave: 0 },
    sessions: [],
    squads: [],
    inactive: [],
    halved: [],
    totalPages: 1,
    members: [],
  }
  return withLoadError(
    'admin activity',
    () => activityDashboard(getServices(context).db, query),
    empty,
    'Failed to load activity.',
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== ACTIVITY_INTENTS.saveInactivity) return unknownIntent(post)
  return submitForm(
    post,
    inactivityWeeksSchema,
    (value) =>
      saveSetting(getServices(post.context), post.admin, { key: 'inactivity_weeks', value: value.inactivity_weeks }),
    { success: 'Inactivity setting saved.', failure: 'Failed to save the inactivity setting.' },
  )
}

export function meta() {
  return [{ title: 'Activity · Task Force HQ' }]
}

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`)
const dayLabel = (day: string) => (day ? formatDateOnly(day) : '')

export default function ActivityRoute({ loaderData: data }: Route.ComponentProps) {
  const turnoutCaption = data.sessions.length
    ? `${countOf(data.sessions.length, 'session')} from ${dayLabel(data.from)} to ${dayLabel(data.to)}: ${data.totals.possible ? `${percent(data.totals.rate)} of possible attendance at operations` : 'no operation had attendance recorded'}. Bars: members who attended; dashed line: members on the roster that day.`
    : `No events or trainings from ${dayLabel(data.from)} to ${dayLabel(data.to)}.`
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Activity"
        description={<p>Who shows up, who signs up and does not come, and who is drifting away.</p>}
        actions={
          <nav aria-label="Window" className="flex flex-wrap gap-1.5" data-testid="activity-window">
            {ACTIVITY_WINDOWS.map((weeks) => (
              <Link
                key={weeks}
                to={hrefWith(data, { weeks, page: 1 })}
                aria-current={weeks === data.weeks ? 'page' : undefined}
                className={buttonClass(weeks === data.weeks ? 'primary' : 'secondary', 'sm')}
              >
                {weeks} weeks
              </Link>
            ))}
          </nav>
        }
      />
      <LoadError message={data.loadError} />

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="activity-totals">
        <Stat
          label="Turnout"
          value={percent(data.totals.rate)}
          note={`${data.totals.attended} of ${data.totals.possible} possible`}
        />
        <Stat label="Members" value={String(data.unitSize)} note={`${dayLabel(data.from)} – ${dayLabel(data.to)}`} />
        <Stat
          label="Inactive"
          value={String(data.totals.inactive)}
          note={`No attendance in ${countOf(data.inactivityWeeks, 'week')}`}
        />
        <Stat label="On leave" value={String(data.totals.onLeave)} note="Today" />
      </dl>

      <Section title="Turnout over time" description="Attendance at every event and training of the window.">
        <TurnoutChart
          caption={turnoutCaption}
          points={data.sessions.map((s) => ({ ...s, key: `${s.kind}:${s.id}` }))}
        />
        {data.sessions.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-zinc-300">The numbers</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="turnout-table">
                <caption className="sr-only">Attendance per session</caption>
                <thead className="text-zinc-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Session
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">
                      Attended
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Members that day
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-800">
                  {data.sessions.map((s) => (
                    <tr key={`${s.kind}:${s.id}`}>
                      <td className="py-1 pr-3 whitespace-nowrap">{dayLabel(s.day)}</td>
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {s.name}{' '}
                        <span className="text-zinc-400">({s.kind === 'event' ? 'operation' : 'training'})</span>
                      </th>
                      <td className="py-1 pr-3 text-right tabular-nums">
                        {s.attended}
                        {s.allies.map((a) => (
                          <span key={a.tag} className="block text-xs text-zinc-400">
                            {`+ ${countOf(a.guests, 'guest')} of ${a.tag}`}
                          </span>
                        ))}
                      </td>
                      <td className="py-1 text-right tabular-nums">{s.roster_size}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        ) : null}
      </Section>

      <Section
        title="Squads"
        description="Turnout at operations per squad: members count for the squad whose slot they held in the operation's ORBAT, else for their squad now."
      >
        <SquadChart
          squads={data.squads}
          caption={
            data.squads.length
              ? data.squads.map((s) => `${s.squad} ${percent(s.rate)} (${s.attended} of ${s.possible})`).join('; ')
              : 'No operation of the window had attendance recorded.'
          }
        />
      </Section>

      <Section
        title="Drifting away"
        description={`Members with no attendance in ${countOf(data.inactivityWeeks, 'week')} who are not on leave, newest first, and members whose rate fell by half or more against the previous ${countOf(data.weeks, 'week')}.`}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <DrifterList
            title={`Inactive (${data.totals.inactive})`}
            rows={data.inactive}
            empty="Nobody is inactive."
            note={(r) =>
              r.since ? (
                <>
                  Inactive since <DateTime iso={r.since} />
                </>
              ) : null
            }
            testId="inactive-list"
          />
          <DrifterList
            title={`Rate halved (${data.halved.length})`}
            rows={data.halved}
            empty="Nobody's rate fell by half."
            note={(r) => `${percent(r.previous_rate)} → ${percent(r.rate)}`}
            testId="halved-list"
          />
        </div>
        <InactivityForm weeks={data.inactivityWeeks} />
      </Section>

      <Section
        title="Members"
        description="Attended of possible operations (since they joined, leave excused), reliability (trainings signed up to and operation slots held, attended), and the trend against the previous window."
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-400">
            {countOf(data.unitSize, 'member')}, page {data.page} of {data.totalPages}
          </p>
          <a
            href={`/api/activity.csv?weeks=${data.weeks}`}
            download
            className={buttonClass('secondary', 'sm')}
            data-testid="activity-csv"
          >
            Download CSV
          </a>
        </div>
        <MembersTable data={data} />
        {data.totalPages > 1 ? (
          <nav aria-label="Members pages" className="flex items-center justify-between gap-3 text-sm">
            {data.page > 1 ? (
              <Link to={hrefWith(data, { page: data.page - 1 })} className={buttonClass('secondary', 'sm')}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            {data.page < data.totalPages ? (
              <Link to={hrefWith(data, { page: data.page + 1 })} className={buttonClass('secondary', 'sm')}>
                Next
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>
    </main>
  )
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-zinc-400">{note}</dd>
    </div>
  )
}

function DrifterList({
  title,
  rows,
  empty,
  note,
  testId,
}: {
  title: string
  rows: readonly DrifterRow[]
  empty: string
  note: (row: DrifterRow) => React.ReactNode
  testId: string
}) {
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-zinc-300">{title}</h3>
      {rows.length ? (
        <ul className="divide-y divide-zinc-800 rounded-lg border border-zinc-800">
          {rows.map((r) => (
            <li key={r.member_id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
              <Link
                to={`/admin/roster/members/${r.member_id}/record`}
                className="font-medium text-sky-300 underline decoration-sky-300/40 underline-offset-2 hover:decoration-sky-300"
              >
                {r.ingame_name}
              </Link>
              <span className="text-xs text-zinc-400">{note(r)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">{empty}</p>
      )}
    </div>
  )
}
