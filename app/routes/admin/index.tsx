import { useEffect, useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { Route } from './+types/index'
import type { AuditEntry } from '#contracts/types.ts'
import { BackupFailureBanner } from '#app/components/backup-failure.tsx'
import { HubGrid } from '#app/components/hub-card.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { useSheet } from '#app/ui/sheet.tsx'
import { Badge } from '#app/ui/badge.tsx'
import {
  ActivityIcon,
  AlliesIcon,
  BackupIcon,
  DiscordIcon,
  LeaveIcon,
  LibraryIcon,
  OrbatIcon,
  RecruitIcon,
  RosterIcon,
  SettingsIcon,
  TestIcon,
  WebhookIcon,
} from '#app/ui/icons.tsx'
import { useToast } from '#app/ui/toaster.tsx'
import { getServices } from '#server/context.ts'
import { recentActivity } from '#server/audit/audit.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { lastBackupFailureOf } from '#server/backups/overview.ts'
import { pendingLeaveCount } from '#server/leave/leave.ts'
import { openApplicationCount } from '#server/recruitment/pipeline.ts'
import { inputClass, labelClass } from '#app/ui/field.tsx'

/** The audit log is polled every 15 s. */
const ACTIVITY_POLL_MS = 15_000

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const [activity, pendingLeave, openApplications, backupFailure] = await Promise.all([
    recentActivity(db),
    pendingLeaveCount(db),
    openApplicationCount(db),
    lastBackupFailureOf(db),
  ])
  return { activity, pendingLeave, openApplications, backupFailure }
}

const cards = [
  {
    to: '/admin/orbat',
    title: 'ORBAT Editor',
    text: 'Lay out squads, teams and slots; presets and settings.',
    icon: <OrbatIcon />,
  },
  {
    to: '/admin/roster',
    title: 'Roster',
    text: 'Members, events, trainings, qualifications, awards and promotions.',
    icon: <RosterIcon />,
  },
  {
    to: '/admin/activity',
    title: 'Activity',
    text: 'Turnout, squads, reliability and who is drifting away.',
    icon: <ActivityIcon />,
  },
  { to: '/admin/knowledge', title: 'Library', text: 'Document links', icon: <LibraryIcon /> },
  {
    to: '/admin/tests',
    title: 'Qual Tests',
    text: 'Tests, eligibility, attempts and live evaluations.',
    icon: <TestIcon />,
  },
  {
    to: '/admin/discord',
    title: 'Discord',
    text: 'Role mappings, channels, scheduled pings and the audit log.',
    icon: <DiscordIcon />,
  },
  {
    to: '/admin/webhooks',
    title: 'Webhooks',
    text: "Signed posts to the unit's other tools for every change, with each endpoint's deliveries.",
    icon: <WebhookIcon />,
  },
  {
    to: '/admin/allied-units',
    title: 'Allied units',
    text: 'Other communities in joint operations: their invite links, release rules and guests.',
    icon: <AlliesIcon />,
  },
  {
    to: '/admin/settings',
    title: 'Admin Settings',
    text: 'Signup time lock, eligible roles, ORBAT presets and platoons.',
    icon: <SettingsIcon />,
  },
]

/** The Backups card, marked when the last backup failed (the banner above the cards says why). */
function backupsCard(failed: boolean) {
  return {
    to: '/admin/backups',
    title: 'Backups',
    text: 'The backup files, how they are made here, Back up now and downloads.',
    icon: <BackupIcon />,
    badge: failed ? <Badge tone="danger">Failed</Badge> : undefined,
  }
}

/** The Leave card, with the requests waiting for a decision. */
function leaveCard(pending: number) {
  return {
    to: '/admin/roster/leave',
    title: 'Leave of Absence',
    text: "Members' leave requests to approve or deny, and who is away today.",
    icon: <LeaveIcon />,
    badge: pending ? (
      <Badge tone="warning" data-testid="pending-leave">
        {pending} pending
      </Badge>
    ) : undefined,
  }
}

/** The Recruitment card, with the applications still open. */
function recruitmentCard(open: number) {
  return {
    to: '/admin/recruitment',
    title: 'Recruitment',
    text: 'The application form and the pipeline from new application to recruit.',
    icon: <RecruitIcon />,
    badge: open ? (
      <Badge tone="warning" data-testid="open-applications">
        {open} open
      </Badge>
    ) : undefined,
  }
}

export default function AdminHub({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, ACTIVITY_POLL_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Hub</h1>
      {loaderData.backupFailure ? (
        <div className="mt-6">
          <BackupFailureBanner failure={loaderData.backupFailure} linked />
        </div>
      ) : null}
      <HubGrid
        cards={[
          ...cards,
          leaveCard(loaderData.pendingLeave),
          recruitmentCard(loaderData.openApplications),
          backupsCard(Boolean(loaderData.backupFailure)),
        ]}
        className="mt-6"
      />
      <div className="mt-10 flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">Recent Activity</h2>
        <FullLogButton />
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ActivityList title="User Actions" entries={loaderData.activity.user} />
        <ActivityList title="System & Bot Actions" entries={loaderData.activity.system} />
      </div>
      <form
        method="get"
        action="/api/admin/export/audit-log.csv"
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Download the audit log"
      >
        <label className={labelClass}>
          From
          <input type="date" name="from" className={inputClass} />
        </label>
        <label className={labelClass}>
          To
          <input type="date" name="to" className={inputClass} />
        </label>
        <button type="submit" className={secondaryButton}>
          Download the audit log (CSV)
        </button>
      </form>
    </main>
  )
}

function ActivityList({ title, entries }: { title: string; entries: AuditEntry[] }) {
  return (
    <section className="rounded-xl border border-zinc-800 bg-zinc-900/60" aria-label={title}>
      <h3 className="border-b border-zinc-800 px-4 py-3 font-semibold">{title}</h3>
      {/* The list scrolls and its rows hold no control: it takes focus itself, so a keyboard can scroll it. */}
      {entries.length === 0 ? (
        <p className="px-4 py-6 text-sm text-zinc-400">No activity yet.</p>
      ) : (
        <ul className="max-h-96 divide-y divide-zinc-800 overflow-y-auto" tabIndex={0} aria-label={title}>
          {entries.map((entry) => (
            <AuditEntryRow key={entry.id} entry={entry} className="px-4 py-2.5" />
          ))}
        </ul>
      )}
    </section>
  )
}

/** Opens the whole audit log (GET /api/admin/audit-log) in the side sheet. Needs JavaScript, so it is not rendered without it. */
function FullLogButton() {
  const { openSheet } = useSheet()
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <button type="button" onClick={() => openSheet('Audit Log', <FullAuditLog />)} className={secondaryButton}>
      View full log
    </button>
  )
}

function FullAuditLog() {
  const toast = useToast()
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  useEffect(() => {
    let cancelled = false
    fetch('/api/admin/audit-log?limit=200', { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) {
          throw new Error(`/api/admin/audit-log answered ${response.status}`)
        }
        return (await response.json()) as AuditEntry[]
      })
      .then((list) => !cancelled && setEntries(list))
      .catch((error: Error) => {
        if (cancelled) return
        setEntries([])
        toast.error(`Could not load the audit log: ${error.message}`)
      })
    return () => {
      cancelled = true
    }
  }, [toast])
  if (!entries) return <p className="text-sm text-zinc-400">Loading…</p>
  if (entries.length === 0) return <p className="text-sm text-zinc-400">No activity yet.</p>
  return (
    <ul className="divide-y divide-zinc-800" data-testid="audit-log">
      {entries.map((entry) => (
        <AuditEntryRow key={entry.id} entry={entry} className="py-2.5" />
      ))}
    </ul>
  )
}

function AuditEntryRow({ entry, className }: { entry: AuditEntry; className: string }) {
  return (
    <li className={`text-sm ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-zinc-100">
          {entry.actor} <span className="font-normal text-zinc-400">· {entry.action}</span>
        </span>
        <DateTime iso={entry.timestamp} className="shrink-0 text-xs text-zinc-400" />
      </div>
      {entry.details ? (
        <p className="mt-0.5 break-words text-zinc-400">
          <DetailsText text={entry.details} />
        </p>
      ) : null}
    </li>
  )
}

export function meta() {
  return [{ title: 'Admin Hub · Task Force HQ' }]
}

/** An instant written into an entry's details (2026-11-26T11:50:00.000Z), as the server stores them. */
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g

/**
 * An entry's details with each instant in them shown in the viewer's zone, as every other time
 * (docs/decisions/025-times-in-the-viewers-zone.md); the stored text keeps the ISO form for readers of the API.
 */
function DetailsText({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(INSTANT)) {
    if (Number.isNaN(Date.parse(match[0]))) continue
    parts.push(text.slice(last, match.index), <DateTime key={match.index} iso={match[0]} />)
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return <>{parts}</>
}
