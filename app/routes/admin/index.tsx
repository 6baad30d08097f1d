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
import { useT } from '#app/ui/i18n.tsx'
import { pageMessages } from '#server/http/page-texts.ts'

/** The audit log is polled every 15 s. */
const ACTIVITY_POLL_MS = 15_000

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const [activity, pendingLeave, openApplications, backupFailure, messages] = await Promise.all([
    recentActivity(db),
    pendingLeaveCount(db),
    openApplicationCount(db),
    lastBackupFailureOf(db),
    pageMessages(request, context, ['adminHub']),
  ])
  return { activity, pendingLeave, openApplications, backupFailure, messages }
}

type HubT = ReturnType<typeof useT<'adminHub'>>

/** The hub's cards, each with its catalog key (`adminHub.cards.<key>`). */
const CARDS = [
  { key: 'orbat', to: '/admin/orbat', icon: <OrbatIcon /> },
  { key: 'roster', to: '/admin/roster', icon: <RosterIcon /> },
  { key: 'activity', to: '/admin/activity', icon: <ActivityIcon /> },
  { key: 'library', to: '/admin/knowledge', icon: <LibraryIcon /> },
  { key: 'tests', to: '/admin/tests', icon: <TestIcon /> },
  { key: 'discord', to: '/admin/discord', icon: <DiscordIcon /> },
  { key: 'webhooks', to: '/admin/webhooks', icon: <WebhookIcon /> },
  { key: 'allies', to: '/admin/allied-units', icon: <AlliesIcon /> },
  { key: 'settings', to: '/admin/settings', icon: <SettingsIcon /> },
] as const

type CardKey = (typeof CARDS)[number]['key'] | 'backups' | 'leave' | 'recruitment'

function card(t: HubT, key: CardKey, to: string, icon: ReactNode, badge?: ReactNode) {
  return { to, title: t(`cards.${key}.title`), text: t(`cards.${key}.text`), icon, badge }
}

/** The Backups card, marked when the last backup failed (the banner above the cards says why). */
function backupsCard(t: HubT, failed: boolean) {
  const badge = failed ? <Badge tone="danger">{t('badges.failed')}</Badge> : undefined
  return card(t, 'backups', '/admin/backups', <BackupIcon />, badge)
}

/** The Leave card, with the requests waiting for a decision. */
function leaveCard(t: HubT, pending: number) {
  const badge = pending ? (
    <Badge tone="warning" data-testid="pending-leave">
      {t('badges.pending', { count: pending })}
    </Badge>
  ) : undefined
  return card(t, 'leave', '/admin/roster/leave', <LeaveIcon />, badge)
}

/** The Recruitment card, with the applications still open. */
function recruitmentCard(t: HubT, open: number) {
  const badge = open ? (
    <Badge tone="warning" data-testid="open-applications">
      {t('badges.open', { count: open })}
    </Badge>
  ) : undefined
  return card(t, 'recruitment', '/admin/recruitment', <RecruitIcon />, badge)
}

export default function AdminHub({ loaderData }: Route.ComponentProps) {
  const t = useT('adminHub')
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, ACTIVITY_POLL_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      {loaderData.backupFailure ? (
        <div className="mt-6">
          <BackupFailureBanner
            failure={loaderData.backupFailure}
            linked
            texts={{ failed: t('backupFailure.failed'), open: t('backupFailure.open') }}
          />
        </div>
      ) : null}
      <HubGrid
        cards={[
          ...CARDS.map(({ key, to, icon }) => card(t, key, to, icon)),
          leaveCard(t, loaderData.pendingLeave),
          recruitmentCard(t, loaderData.openApplications),
          backupsCard(t, Boolean(loaderData.backupFailure)),
        ]}
        className="mt-6"
      />
      <div className="mt-10 flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">{t('activity.title')}</h2>
        <FullLogButton />
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ActivityList title={t('activity.user')} entries={loaderData.activity.user} />
        <ActivityList title={t('activity.system')} entries={loaderData.activity.system} />
      </div>
      <form
        method="get"
        action="/api/admin/export/audit-log.csv"
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label={t('download.label')}
      >
        <label className={labelClass}>
          {t('download.from')}
          <input type="date" name="from" className={inputClass} />
        </label>
        <label className={labelClass}>
          {t('download.to')}
          <input type="date" name="to" className={inputClass} />
        </label>
        <button type="submit" className={secondaryButton}>
          {t('download.submit')}
        </button>
      </form>
    </main>
  )
}

function ActivityList({ title, entries }: { title: string; entries: AuditEntry[] }) {
  const t = useT('adminHub')
  return (
    <section className="rounded-xl border border-zinc-800 bg-zinc-900/60" aria-label={title}>
      <h3 className="border-b border-zinc-800 px-4 py-3 font-semibold">{title}</h3>
      {/* The list scrolls and its rows hold no control: it takes focus itself, so a keyboard can scroll it. */}
      {entries.length === 0 ? (
        <p className="px-4 py-6 text-sm text-zinc-400">{t('activity.none')}</p>
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
  const t = useT('adminHub')
  const { openSheet } = useSheet()
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <button type="button" onClick={() => openSheet(t('auditLog.title'), <FullAuditLog />)} className={secondaryButton}>
      {t('activity.fullLog')}
    </button>
  )
}

function FullAuditLog() {
  const t = useT('adminHub')
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
        toast.error(t('auditLog.loadFailed', { reason: error.message }))
      })
    return () => {
      cancelled = true
    }
  }, [toast, t])
  if (!entries) return <p className="text-sm text-zinc-400">{t('auditLog.loading')}</p>
  if (entries.length === 0) return <p className="text-sm text-zinc-400">{t('activity.none')}</p>
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

export function meta({ loaderData }: Route.MetaArgs) {
  const hub = loaderData?.messages['adminHub'] as { pageTitle?: string } | undefined
  return [{ title: hub?.pageTitle ?? 'Admin Hub · Task Force HQ' }]
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
