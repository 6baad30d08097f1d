import { Link } from 'react-router'
import type { Route } from './+types/history'
import { DiffView } from '#app/components/orbat-history/diff-view.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { deleteRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import {
  HISTORY_MESSAGES,
  reseatText,
  type Reseat,
  type VersionItem,
  type VersionWithReseat,
} from '#contracts/orbat-history.ts'
import { countOf } from '#contracts/plural.ts'
import { Badge } from '#app/ui/badge.tsx'
import { secondaryButton, smallButton, buttonClass } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { EmptyState, Section } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { idOf } from '#app/forms/respond.ts'
import { listVersions } from '#server/orbat/history.ts'
import { getVersionWithReseat, restoreVersion } from '#server/orbat/restore.ts'

// ORBAT history (docs/rules/orbat-history.md): every save as a version, newest first; the chosen one (?version=ID,
// the newest without it) with its diff against the one before, who a restore would put back in the slots it brings
// back, and Restore, which asks first naming them (the app's confirm dialog, or the page's confirm step without
// JavaScript) and runs the ordinary save.

export const RESTORE_VERSION = 'restore-version'
const LIST_SIZE = 100

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const versions = await listVersions(db, LIST_SIZE)
  const params = new URL(request.url).searchParams
  // The confirm step without JavaScript (?confirm=restore-version-ID) asks about the version it names.
  const confirming = idOf(params.get('confirm')?.slice(`${RESTORE_VERSION}-`.length))
  const wanted = idOf(params.get('version')) ?? confirming ?? versions[0]?.id ?? null
  const selected = wanted === null ? null : await getVersionWithReseat(db, wanted).catch(() => null)
  return { versions, selected, newest: versions[0]?.id ?? null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== RESTORE_VERSION) return unknownIntent(post)
  return deleteRecord(post, (id) => restoreVersion(getServices(context), post.admin, id), {
    success: (result) =>
      [
        `${HISTORY_MESSAGES.restored(Number(post.form.get('id')))} Now version ${result.version}.`,
        HISTORY_MESSAGES.putBack(result.reseat),
      ]
        .filter(Boolean)
        .join(' '),
    failure: 'Could not restore the version.',
    // The page then shows the version the restore made (the ORBAT now), not the one restored.
    to: (result) => `/admin/orbat/history?version=${result.version}`,
  })
}

const VIA_TEXT: Record<VersionItem['via'], string> = {
  editor: 'Editor',
  preset: 'Preset',
  import: 'Import',
  restore: 'Restore',
  seed: 'Seed',
}

export default function OrbatHistoryPage({ loaderData }: Route.ComponentProps) {
  const { versions, selected, newest } = loaderData
  const columns: ReadonlyArray<Column<VersionItem>> = [
    {
      header: 'Version',
      rowHeader: true,
      cell: (v) => (
        <Link
          to={`?version=${v.id}`}
          preventScrollReset
          className="text-brand-300 underline"
          aria-current={selected?.id === v.id ? 'true' : undefined}
        >
          Version {v.id}
        </Link>
      ),
    },
    { header: 'When', className: 'whitespace-nowrap', cell: (v) => <DateTime iso={v.at} /> },
    { header: 'By', cell: (v) => v.by },
    { header: 'How', cell: (v) => <Badge tone={v.via === 'restore' ? 'warning' : 'neutral'}>{VIA_TEXT[v.via]}</Badge> },
    { header: 'Summary', cellClassName: 'text-zinc-300', cell: (v) => v.summary },
  ]
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">ORBAT History</h1>
          <p className="mt-1 text-sm text-zinc-400">
            {countOf(versions.length, 'version')} kept. Every save is one; a restore makes a version the ORBAT again
            through an ordinary save.
          </p>
        </div>
        <Link to="/admin/orbat" className={secondaryButton}>
          Back to the editor
        </Link>
      </div>
      {selected ? (
        <ConfirmStep
          confirmKey={confirmKeyOf(RESTORE_VERSION, selected.id)}
          intent={RESTORE_VERSION}
          fields={{ id: selected.id }}
          message={HISTORY_MESSAGES.restoreConfirm(selected.id)}
          detail={reseatText(selected.reseat) || undefined}
          confirmLabel="Restore"
        />
      ) : null}
      {versions.length === 0 ? (
        <EmptyState>No ORBAT saves yet: the first save of the editor will be version 1.</EmptyState>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Table
            label="ORBAT versions"
            stacked
            columns={columns}
            rows={versions}
            rowKey={(v) => v.id}
            rowProps={(v) => ({
              'data-testid': 'version-row',
              className: selected?.id === v.id ? 'bg-brand-600/10' : undefined,
            })}
          />
          {selected ? <Selected version={selected} newest={newest} /> : null}
        </div>
      )}
    </main>
  )
}

function Selected({ version, newest }: { version: VersionWithReseat; newest: number | null }) {
  const squads = version.layout.squads.length
  const slots = version.layout.slots.filter((s) => !/^---.*---$/.test(s.role)).length
  return (
    <Section
      title={`Version ${version.id}`}
      description={
        <>
          {version.summary}. {countOf(squads, 'squad')}, {countOf(slots, 'slot')}.{' '}
          {version.previous_id ? `Against version ${version.previous_id}.` : 'The first version kept.'}
        </>
      }
    >
      <DiffView diff={version.diff} />
      {version.id === newest ? null : <ReseatView reseat={version.reseat} />}
      <div className="flex flex-wrap gap-2">
        {version.id === newest ? (
          <p className="text-sm text-zinc-400">This is the ORBAT as it stands.</p>
        ) : (
          <ConfirmButtonForm
            formKey={`${RESTORE_VERSION}-${version.id}`}
            intent={RESTORE_VERSION}
            fields={{ id: version.id }}
            confirm={HISTORY_MESSAGES.restoreConfirm(version.id, version.reseat)}
            label={`Restore version ${version.id}`}
            className={buttonClass('primary', 'sm')}
          />
        )}
        {version.previous_id ? (
          <Link to={`?version=${version.previous_id}`} preventScrollReset className={smallButton}>
            Version before
          </Link>
        ) : null}
      </div>
    </Section>
  )
}

/** Who a restore of the version now puts back in the slots it brings back, and who not and why. */
function ReseatView({ reseat }: { reseat: Reseat }) {
  if (!reseat.put_back.length && !reseat.not_put_back.length) return null
  return (
    <div data-testid="version-reseat">
      <h3 className="text-sm font-semibold text-zinc-200">Who held the slots it brings back</h3>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm">
        {reseat.put_back.map((p, i) => (
          <li key={`b${i}`} className="break-words text-emerald-300">
            {p.member}, {p.slot}: put back
          </li>
        ))}
        {reseat.not_put_back.map((p, i) => (
          <li key={`n${i}`} className="break-words text-amber-200">
            {p.member}, {p.slot}: not put back, {p.why}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function meta() {
  return [{ title: 'ORBAT History · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
