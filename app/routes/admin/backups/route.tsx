import { useEffect, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { Route } from './+types/route'
import {
  BACK_UP_NOW,
  BACKUP_PAGE_TEXT,
  BACKUP_TRIGGER_LABELS,
  backupKeepText,
  dailyBackupTime,
  type BackupItem,
  type BackupSchedule,
  type BackupsAnswer,
} from '#contracts/backups.ts'
import { BackupFailureBanner } from '#app/components/backup-failure.tsx'
import { failWithToast, readAdminPost, succeed, unknownIntent } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { buttonClass, primaryButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { backupOverview, backupSchedule } from '#server/backups/overview.ts'
import { formatBytes, requestBackup } from '#server/backups/runs.ts'
import { getServices } from '#server/context.ts'
import { Conflict } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'

// Backups (docs/rules/backups.md): how backups are made here (the folder, the schedule, the retention rule, whether
// BACKUP_COMMAND sends each file elsewhere), Back up now (a plain form: works without JavaScript), the last run's
// failure, and the finished backups with a Download each (GET /api/admin/backups/{name}). While a backup is being made
// the page, with JavaScript, looks again every few seconds, so the new backup appears by itself.

/** How often the page looks again while a backup is being made. */
const IN_PROGRESS_POLL_MS = 3_000

interface BackupsPageData extends BackupsAnswer {
  /** BACKUP_DIR. */
  dir: string
  /** BACKUP_COMMAND is set: each finished file is copied off the machine. */
  offMachine: boolean
  /** Each backup's size in words (formatBytes), by name. */
  sizes: Record<string, string>
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<BackupsPageData> {
  await requirePageUser(request, context, 'admin')
  const services = getServices(context)
  const { backups: config } = services.config
  const overview = await withLoadError(
    'admin backups',
    () => backupOverview(services),
    {
      backups: [],
      inProgress: false,
      lastFailure: null,
      schedule: { ...backupSchedule(config.schedule, 'UTC', new Date()), next: null },
      keep: { ...config.keep },
    },
    'Failed to load the backups.',
  )
  return {
    ...overview,
    dir: config.dir,
    offMachine: Boolean(config.command),
    sizes: Object.fromEntries(overview.backups.map((backup) => [backup.name, formatBytes(backup.bytes)])),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== BACK_UP_NOW) return unknownIntent(post)
  try {
    const { queued, message } = await requestBackup(getServices(context), post.admin)
    return queued ? succeed(post, message) : failWithToast(post, new Conflict(message), message)
  } catch (error) {
    return failWithToast(post, error, 'The backup could not be started.')
  }
}

export default function BackupsPage({ loaderData }: Route.ComponentProps) {
  const { backups, inProgress, lastFailure, schedule, sizes, loadError } = loaderData
  useLookAgainWhile(inProgress)

  const columns: ReadonlyArray<Column<BackupItem>> = [
    {
      header: 'Taken',
      rowHeader: true,
      cell: (b) => (
        <>
          <DateTime iso={b.createdAt} className="whitespace-nowrap" />
          <span className="mt-0.5 block font-mono text-xs font-normal wrap-anywhere text-zinc-400">{b.name}</span>
        </>
      ),
    },
    { header: 'Why', cell: (b) => BACKUP_TRIGGER_LABELS[b.trigger], className: 'whitespace-nowrap' },
    {
      header: 'Size',
      align: 'right',
      cell: (b) => sizes[b.name],
      className: 'whitespace-nowrap',
      cellClassName: 'tabular-nums',
    },
    {
      header: 'Rows',
      align: 'right',
      cell: (b) => b.rows.toLocaleString('en-US'),
      className: 'whitespace-nowrap',
      cellClassName: 'tabular-nums',
    },
    {
      header: <span className="sr-only">Download</span>,
      align: 'right',
      cell: (b) => (
        <a
          href={`/api/admin/backups/${encodeURIComponent(b.name)}`}
          download
          className={buttonClass('secondary', 'xs')}
          aria-label={`Download ${b.name}`}
        >
          Download
        </a>
      ),
    },
  ]

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Backups"
        description={
          <p>
            Each backup is one file holding the whole database and the uploaded files, restored with{' '}
            <code className="font-mono text-xs whitespace-nowrap text-zinc-300">npm run restore</code>.
          </p>
        }
        actions={<BackUpNow inProgress={inProgress} />}
      />

      <div className="mt-6 flex flex-col gap-4">
        <HowBackupsAreMade data={loaderData} />
        {lastFailure ? <BackupFailureBanner failure={lastFailure} /> : null}
        <LoadError message={loadError} />
        {backups.length === 0 && !loadError ? (
          <EmptyState>
            No backups yet. <FirstBackup schedule={schedule} />
          </EmptyState>
        ) : (
          <Table
            label="Backups"
            stacked
            columns={columns}
            rows={backups}
            rowKey={(b) => b.name}
            rowProps={() => ({ 'data-testid': 'backup-row' })}
          />
        )}
      </div>
    </main>
  )
}

/** Back up now: a plain form post (post-redirect-get with the toast); off while a backup is being made. */
function BackUpNow({ inProgress }: { inProgress: boolean }) {
  const { Form, action, hidden, busy } = useFormPost('back-up-now')
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <Form method="post" action={action}>
        {hidden}
        <input type="hidden" name="intent" value={BACK_UP_NOW} />
        <button
          type="submit"
          className={primaryButton}
          disabled={busy || inProgress}
          aria-busy={busy || inProgress || undefined}
          aria-describedby={inProgress ? 'backup-in-progress' : undefined}
        >
          Back up now
        </button>
      </Form>
      {inProgress ? (
        <p id="backup-in-progress" role="status" className="text-sm text-zinc-300">
          {BACKUP_PAGE_TEXT.inProgress}
        </p>
      ) : null}
    </div>
  )
}

/** Where backups go, when they are made, what is kept and whether they leave the machine. */
function HowBackupsAreMade({ data }: { data: BackupsPageData }) {
  const { schedule, keep, dir, offMachine } = data
  const rows: Array<[string, ReactNode]> = [
    ['Saved in', <code className="font-mono text-xs wrap-anywhere text-zinc-200">{dir}</code>],
    ['When', <ScheduleText schedule={schedule} />],
    ['Kept', `${backupKeepText(keep)}; older ones are removed.`],
    [
      'Copied off this machine',
      offMachine ? (
        'Yes: BACKUP_COMMAND is given each finished file.'
      ) : (
        <>No: set BACKUP_COMMAND to copy each file elsewhere. A backup on the same disk does not survive losing it.</>
      ),
    ],
  ]
  return (
    <section aria-label="How backups are made here" className="rounded-xl border border-zinc-800 bg-zinc-900/60">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 px-4 py-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="sm:contents">
            <dt className="font-medium text-zinc-400">{term}</dt>
            <dd className="text-zinc-200">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The schedule in words, a cron expression other than daily shown as code. */
function ScheduleText({ schedule }: { schedule: BackupSchedule }) {
  if (schedule.cron && !dailyBackupTime(schedule.cron))
    return (
      <>
        On the schedule <code className="font-mono text-xs text-zinc-200">{schedule.cron}</code>, on the unit&apos;s
        clock <span className="text-zinc-400">({schedule.zone})</span>
      </>
    )
  return (
    <>
      {schedule.text}
      {schedule.cron ? <span className="text-zinc-400"> ({schedule.zone})</span> : null}
      {schedule.next ? (
        <>
          ; the next at <DateTime iso={schedule.next} />
        </>
      ) : null}
    </>
  )
}

/** The empty list's second sentence: when the first scheduled backup is made, or that none is. */
function FirstBackup({ schedule }: { schedule: BackupSchedule }) {
  if (schedule.next)
    return (
      <>
        The first scheduled one is made at <DateTime iso={schedule.next} />; or make one now.
      </>
    )
  if (schedule.cron)
    return (
      <>
        The first scheduled one is made on the schedule <code className="font-mono text-xs">{schedule.cron}</code>; or
        make one now.
      </>
    )
  return <>Scheduled backups are off (BACKUP_SCHEDULE=off): make one now.</>
}

/** With JavaScript, while a backup is being made: the page's data again every few seconds, while the tab is seen. */
function useLookAgainWhile(inProgress: boolean) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!inProgress) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, IN_PROGRESS_POLL_MS)
    return () => clearInterval(timer)
  }, [inProgress, revalidator])
}

export function meta() {
  return [{ title: 'Backups · Task Force HQ' }]
}
