import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/qualifications'
import { QualificationDialog } from './qualifications/qualification-dialog.tsx'
import { qualificationInputSchema, ROSTER_INTENTS, ROSTER_MESSAGES } from '#contracts/roster.ts'
import type { QualificationItem, QualificationsData } from '#contracts/roster-types.ts'
import {
  failWithToast,
  invalid,
  postedId,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { dangerButton, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Conflict } from '#server/errors.ts'
import { addQualification, editQualification, removeQualification } from '#server/roster/qualifications.ts'
import { withLoadError } from '#server/load-error.ts'
import { loadRolePicker } from '#server/discord/guild.ts'
import { listQualifications } from '#server/roster/qualifications.ts'
import { deleteRecord } from '#app/forms/actions.ts'
import { countOf } from '#contracts/plural.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// Qualifications tab (docs/rules/roster.md, qualifications): list, add / edit, delete (refused while a test grants it),
// through the same use cases and schema as /api/roster/qualifications.

const deleteQualificationConfirm = (q: QualificationItem) =>
  `Are you sure you want to delete the qualification "${q.name}"? Members lose it.`

export async function loader({ request, context }: Route.LoaderArgs): Promise<QualificationsData> {
  await requirePageUser(request, context, 'admin')
  const [data, picker] = await Promise.all([
    withLoadError(
      'admin roster: qualifications',
      async () => ({ qualifications: await listQualifications(getServices(context).db) }),
      { qualifications: [] },
      ROSTER_MESSAGES.loadFailed,
    ),
    loadRolePicker(getServices(context).discord),
  ])
  return { ...data, ...picker }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case ROSTER_INTENTS.saveQualification:
      return save(post)
    case ROSTER_INTENTS.deleteQualification:
      return remove(post)
    default:
      return unknownIntent(post)
  }
}

async function save(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: qualificationInputSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const id = postedId(post)
  const services = getServices(post.context)
  try {
    if (id) await editQualification(services, post.admin, id, submission.value)
    else await addQualification(services, post.admin, submission.value)
  } catch (error) {
    // A name already taken shows next to the name, answered 400 like the form's own checks (not failInline's 409).
    if (error instanceof Conflict)
      return invalid(post, { reply: () => submission.reply({ fieldErrors: { name: [error.message] } }) })
    return failWithToast(post, error, ROSTER_MESSAGES.requestFailed)
  }
  return succeed(post, id ? ROSTER_MESSAGES.qualificationUpdated : ROSTER_MESSAGES.qualificationAdded)
}

function remove(post: AdminPost) {
  return deleteRecord(post, (id) => removeQualification(getServices(post.context), post.admin, id), {
    success: ROSTER_MESSAGES.qualificationDeleted,
    failure: ROSTER_MESSAGES.requestFailed,
  })
}

export default function QualificationsRoute({ loaderData: data }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const hrefWith = useStateHref()
  const closeHref = hrefWith(null)
  const editing = data.qualifications.find((q) => String(q.id) === params.get('edit')) ?? null
  const adding = params.get('dialog') === 'add-qualification'
  const count = data.qualifications.length
  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      <DeleteConfirmStep
        intent={ROSTER_INTENTS.deleteQualification}
        items={data.qualifications}
        message={deleteQualificationConfirm}
        confirmLabel="Delete Qualification"
      />
      {adding || editing ? (
        <QualificationDialog
          key={editing?.id ?? 'add'}
          editing={editing}
          closeHref={closeHref}
          roles={data.discordRoles}
          discordError={data.discordError}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">{countOf(count, 'qualification')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadCsv href="/api/admin/export/qualifications.csv" />
          <Link to={hrefWith({ dialog: 'add-qualification' })} preventScrollReset className={primaryButton}>
            Add Qualification
          </Link>
        </div>
      </div>
      {count === 0 ? (
        <EmptyState text="No qualifications yet." />
      ) : (
        <ul
          className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60"
          aria-label="Qualifications"
        >
          {data.qualifications.map((q) => (
            <QualificationRow key={q.id} qualification={q} editHref={hrefWith({ edit: q.id })} />
          ))}
        </ul>
      )}
    </div>
  )
}

function QualificationRow({ qualification: q, editHref }: { qualification: QualificationItem; editHref: string }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="qualification-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-100">{q.name}</p>
        {q.description ? <p className="mt-0.5 text-sm text-zinc-400">{q.description}</p> : null}
        <p className="mt-1 font-mono text-xs text-zinc-500">
          {q.discord_role_id ? `Discord role: ${q.discord_role_id}` : 'No Discord role'}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link to={editHref} preventScrollReset className={secondaryButton} aria-label={`Edit ${q.name}`}>
          Edit
        </Link>
        <DeleteButton
          intent={ROSTER_INTENTS.deleteQualification}
          id={q.id}
          name={q.name}
          confirm={deleteQualificationConfirm(q)}
          className={dangerButton}
        />
      </div>
    </li>
  )
}

export function meta() {
  return [{ title: 'Qualifications · Roster Management · Task Force HQ' }]
}
