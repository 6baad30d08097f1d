import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/awards'
import { AwardDialog } from './awards/award-dialog.tsx'
import {
  AWARD_IMAGES,
  AWARD_INTENTS,
  AWARD_MESSAGES,
  awardFormSchema,
  deleteAwardQuestion,
  type AwardItem,
} from '#contracts/awards.ts'
import { deleteRecord, saveRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { RibbonRack } from '#app/components/roster/ribbon-rack.tsx'
import { dangerButton, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import { addAward, editAward, listAwards, removeAward } from '#server/personnel/awards.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// Awards tab (docs/rules/personnel.md, Awards): the awards in precedence order with their ribbons and how often each
// was granted; Add / Edit Award (with an uploaded image, checked by its bytes) and delete, which asks first and says
// how many grants the members keep. The same use cases and schema as /api/awards; works without JavaScript.

interface AwardsData {
  awards: AwardItem[]
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<AwardsData> {
  await requirePageUser(request, context, 'admin')
  return withLoadError(
    'admin roster: awards',
    async () => ({ awards: await listAwards(getServices(context).db) }),
    { awards: [] },
    AWARD_MESSAGES.loadFailed,
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case AWARD_INTENTS.save:
      return save(post)
    case AWARD_INTENTS.delete:
      return deleteRecord(post, (id) => removeAward(getServices(post.context), post.admin, id), {
        success: AWARD_MESSAGES.deleted,
        failure: AWARD_MESSAGES.requestFailed,
      })
    default:
      return unknownIntent(post)
  }
}

/** The chosen file's bytes (a form without a file sends an empty one). */
async function uploadedImage(post: AdminPost): Promise<Uint8Array | null> {
  const file = post.form.get(AWARD_IMAGES.field)
  if (!(file instanceof Blob) || file.size === 0) return null
  return new Uint8Array(await file.arrayBuffer())
}

async function save(post: AdminPost) {
  const services = getServices(post.context)
  const image = await uploadedImage(post)
  return saveRecord(post, awardFormSchema, {
    save: ({ image: _file, ...input }, id) =>
      id ? editAward(services, post.admin, id, input, image) : addAward(services, post.admin, input, image),
    done: (id) => (id ? AWARD_MESSAGES.updated : AWARD_MESSAGES.added),
    failed: AWARD_MESSAGES.requestFailed,
  })
}

export default function AwardsRoute({ loaderData: data }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const hrefWith = useStateHref()
  const closeHref = hrefWith(null)
  const editing = data.awards.find((a) => String(a.id) === params.get('edit')) ?? null
  const adding = params.get('dialog') === 'add-award'
  const count = data.awards.length
  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      <DeleteConfirmStep
        intent={AWARD_INTENTS.delete}
        items={data.awards}
        message={deleteAwardQuestion}
        confirmLabel="Delete Award"
      />
      {adding || editing ? <AwardDialog key={editing?.id ?? 'add'} editing={editing} closeHref={closeHref} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">
          {count} {count === 1 ? 'award' : 'awards'}, in order of precedence
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadCsv href="/api/admin/export/awards.csv" label="Download grants (CSV)" />
          <Link to={hrefWith({ dialog: 'add-award' })} preventScrollReset className={primaryButton}>
            Add Award
          </Link>
        </div>
      </div>
      {count === 0 ? (
        <EmptyState text="No awards yet." />
      ) : (
        <ol className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60" aria-label="Awards">
          {data.awards.map((award) => (
            <AwardRow key={award.id} award={award} editHref={hrefWith({ edit: award.id })} />
          ))}
        </ol>
      )}
    </div>
  )
}

function AwardRow({ award, editHref }: { award: AwardItem; editHref: string }) {
  const granted = award.grant_count
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="award-row">
      <div className="flex w-28 shrink-0 justify-start">
        <RibbonRack
          awards={[{ award_id: award.id, name: award.name, image_url: award.image_url, count: 1 }]}
          size="full"
          label={`Ribbon of ${award.name}`}
        />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-100">{award.name}</p>
        {award.description ? <p className="mt-0.5 text-sm text-zinc-400">{award.description}</p> : null}
        <p className="mt-1 text-xs text-zinc-500">
          Precedence {award.precedence} ·{' '}
          {granted === 0 ? 'Not granted yet' : `Granted ${granted} ${granted === 1 ? 'time' : 'times'}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link to={editHref} preventScrollReset className={secondaryButton} aria-label={`Edit ${award.name}`}>
          Edit
        </Link>
        <DeleteButton
          intent={AWARD_INTENTS.delete}
          id={award.id}
          name={award.name}
          confirm={deleteAwardQuestion(award)}
          className={dangerButton}
        />
      </div>
    </li>
  )
}

export function meta() {
  return [{ title: 'Awards · Roster Management · Task Force HQ' }]
}
