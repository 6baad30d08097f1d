import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { AllyFormDialog, RotateInviteDialog } from './ally-form.tsx'
import { GuestList, RemoveGuestConfirmStep } from './guests.tsx'
import { ALLY_INTENTS } from './intents.ts'
import {
  ALLY_MESSAGES,
  alliedUnitSchema,
  rotateInviteSchema,
  type AlliedGuest,
  type AlliedUnitItem,
} from '#contracts/allies.ts'
import { parseIdText } from '#contracts/fields.ts'
import { countOf } from '#contracts/plural.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import {
  askToConfirm,
  failInline,
  invalid,
  postedId,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import type { ActionAnswer } from '#app/hooks/use-form-post.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { primaryButton, smallButton } from '#app/ui/button.ts'
import { CopyField } from '#app/ui/copy-field.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { confirmKeyOf, DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import {
  createAlliedUnit,
  deleteAlliedUnit,
  listAlliedUnits,
  listGuests,
  removeGuest,
  rotateInvite,
  updateAlliedUnit,
} from '#server/allies/allies.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Conflict } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'

// Allied units (docs/rules/joint-operations.md): the other communities the unit plays joint operations with. Each has
// a tag, a release rule for the slots reserved for it, and an invite link (Copy; Rotate makes a new one); a person who
// opens the link and logs in becomes its guest. Add and Edit (URL dialogs), Delete (confirmed), and the chosen unit's
// guests with Remove guest (confirmed). Every form is a plain post: the page works without JavaScript. The same use
// cases answer /api/admin/allied-units.

const deleteQuestion = (unit: AlliedUnitItem) =>
  `Delete ${unit.name} [${unit.tag}]? Its reserved slots open to everyone, and its ${countOf(unit.guests, 'guest')} lose their slots and waitlist places.`

interface AlliedUnitsData {
  units: AlliedUnitItem[]
  /** The unit whose guests are shown (?unit=<id>, else the first). */
  shown: number | null
  guests: AlliedGuest[]
  /** The server's clock when the page was made: whether an invite link has expired, the same on server and client. */
  now: string
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<AlliedUnitsData> {
  await requirePageUser(request, context, 'admin')
  const { db, config } = getServices(context)
  const asked = parseIdText(new URL(request.url).searchParams.get('unit'))
  const now = new Date().toISOString()
  return withLoadError(
    'admin allied units',
    async () => {
      const units = await listAlliedUnits(db, config)
      const shown = units.find((u) => u.id === asked)?.id ?? units[0]?.id ?? null
      return { units, shown, guests: shown === null ? [] : await listGuests(db, shown), now }
    },
    { units: [], shown: null, guests: [], now },
    'Failed to load the allied units.',
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const id = postedId(post) ?? 0
  switch (post.intent) {
    case ALLY_INTENTS.save:
      return saveUnit(post)
    case ALLY_INTENTS.remove:
      return deleteRecord(post, (unit) => deleteAlliedUnit(services, post.admin, unit), {
        success: ALLY_MESSAGES.deleted,
        failure: 'Could not delete the allied unit.',
      })
    case ALLY_INTENTS.rotate: {
      // The dialog that sends it is the question: no confirm step of its own.
      const submission = parseWithZod(post.form, { schema: rotateInviteSchema })
      if (submission.status !== 'success') return invalid(post, submission)
      try {
        await rotateInvite(services, post.admin, id, submission.value.invite_expires_in_days)
      } catch (error) {
        return failInline(post, submission, error, 'Could not make a new invite link.')
      }
      return succeed(post, ALLY_MESSAGES.rotated, { to: withUnit(post, id) })
    }
    case ALLY_INTENTS.removeGuest: {
      const userId = postedId(post, 'user')
      if (userId !== null && !post.confirmed) return askToConfirm(post, confirmKeyOf(post.intent, userId))
      return runUseCase(post, () => removeGuest(services, post.admin, id, userId ?? 0), {
        success: ALLY_MESSAGES.guestRemoved,
        failure: 'Could not remove the guest.',
      })
    }
    default:
      return unknownIntent(post)
  }
}

/** Add allied unit (lands on it, its guests shown) or Edit. A name or tag taken shows on its field. */
async function saveUnit(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: alliedUnitSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  const id = postedId(post)
  try {
    if (id) {
      await updateAlliedUnit(services, post.admin, id, submission.value)
      return succeed(post, ALLY_MESSAGES.saved)
    }
    const created = await createAlliedUnit(services, post.admin, submission.value)
    return succeed(post, ALLY_MESSAGES.created, { to: withUnit(post, created.id) })
  } catch (error) {
    const field = takenField(error)
    if (field)
      return data<ActionAnswer>(
        {
          ok: false,
          form: post.formKey,
          result: submission.reply({
            fieldErrors: { [field]: [field === 'name' ? ALLY_MESSAGES.nameTaken : ALLY_MESSAGES.tagTaken] },
          }),
        },
        { status: 409 },
      )
    return failInline(post, submission, error, 'Could not save the allied unit.')
  }
}

/** The field a "taken" refusal is about, if it is one. */
function takenField(error: unknown): 'name' | 'tag' | null {
  if (!(error instanceof Conflict)) return null
  if (error.message === ALLY_MESSAGES.nameTaken) return 'name'
  if (error.message === ALLY_MESSAGES.tagTaken) return 'tag'
  return null
}

/** The page with one unit's guests shown. */
function withUnit(post: AdminPost, id: number): string {
  const [path, query = ''] = post.back.split('?')
  const params = new URLSearchParams(query)
  params.set('unit', String(id))
  return `${path}?${params}`
}

export default function AlliedUnitsPage({ loaderData }: Route.ComponentProps) {
  const { units, shown, guests, now, loadError } = loaderData
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const dialog = searchParams.get('dialog')
  const editing = units.find((u) => u.id === parseIdText(searchParams.get('edit'))) ?? null
  const closeHref = href(null)
  const shownUnit = units.find((u) => u.id === shown) ?? null

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Allied units"
        description={
          <p>
            The communities the unit plays joint operations with. Each gets an invite link: whoever opens it and logs in
            with Discord becomes its guest, not on the roster, and may take only the ORBAT slots reserved for it.
          </p>
        }
        actions={
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add allied unit
          </Link>
        }
      />

      <div className="mt-6 flex flex-col gap-4">
        <LoadError message={loadError} />
        <DeleteConfirmStep intent={ALLY_INTENTS.remove} items={units} message={deleteQuestion} confirmLabel="Delete" />
        <RemoveGuestConfirmStep unit={shownUnit} guests={guests} />
        {units.length === 0 && !loadError ? (
          <EmptyState title="No allied units yet">
            Add one to reserve squads, teams or slots for it on the ORBAT and to get the invite link its players join
            by.
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-zinc-400" data-testid="ally-count">
              {countOf(units.length, 'allied unit')}
            </p>
            <ul className="flex flex-col gap-3" aria-label="Allied units">
              {units.map((unit) => (
                <UnitCard
                  key={unit.id}
                  unit={unit}
                  now={now}
                  shown={unit.id === shown}
                  guestsHref={`${href({ unit: unit.id })}#guests`}
                  editHref={href({ dialog: 'edit', edit: unit.id })}
                  rotateHref={href({ dialog: 'rotate', edit: unit.id })}
                />
              ))}
            </ul>
          </>
        )}
        {shownUnit ? <GuestList unit={shownUnit} guests={guests} /> : null}
      </div>

      {dialog === 'add' ? <AllyFormDialog editing={null} closeHref={closeHref} /> : null}
      {dialog === 'edit' && editing ? (
        <AllyFormDialog key={editing.id} editing={editing} closeHref={closeHref} />
      ) : null}
      {dialog === 'rotate' && editing ? (
        <RotateInviteDialog key={editing.id} unit={editing} closeHref={closeHref} />
      ) : null}
    </main>
  )
}

/** The release rule in words. */
function releaseRule(hours: number | null): string {
  return hours === null ? 'Never released' : `Released ${hours} h before the operation`
}

function UnitCard({
  unit,
  now,
  shown,
  guestsHref,
  editHref,
  rotateHref,
}: {
  unit: AlliedUnitItem
  now: string
  shown: boolean
  guestsHref: string
  editHref: string
  rotateHref: string
}) {
  const expired = unit.invite_expires_at !== null && Date.parse(unit.invite_expires_at) <= Date.parse(now)
  return (
    <li
      data-testid="allied-unit"
      className={`flex flex-col gap-3 rounded-xl border bg-zinc-900/60 px-4 py-3 ${shown ? 'border-brand-600/60' : 'border-zinc-800'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-zinc-100">{unit.name}</h2>
        <Badge shape="tag" data-testid="ally-tag">
          {unit.tag}
        </Badge>
        {unit.released ? (
          <Badge tone="warning" data-testid="ally-released">
            Released now
          </Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Fact label="Guests" testId="ally-guest-count">
          {countOf(unit.guests, 'guest')}
        </Fact>
        <Fact label="Reserved" testId="ally-reserved">
          {countOf(unit.reserved_slots, 'slot')}
        </Fact>
        <Fact label="Release" testId="ally-release" wide>
          {releaseRule(unit.release_hours_before)}
        </Fact>
      </dl>
      {unit.release_hours_before === null ? null : (
        <p className="-mt-2 text-xs text-zinc-400" data-testid="ally-release-state">
          {unit.released
            ? 'Released for the coming operation: its reserved slots nobody took are open to everyone.'
            : 'Not released yet: its reserved slots are held for its guests.'}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <CopyField id={`invite-${unit.id}`} label={`Invite link of ${unit.name}`} value={unit.invite_url} />
        <p className="text-xs text-zinc-400" data-testid="ally-expiry">
          {unit.invite_expires_at === null ? (
            'The link has no end.'
          ) : expired ? (
            <span className="text-red-300">
              The link expired <DateTime iso={unit.invite_expires_at} />: rotate it for a new one.
            </span>
          ) : (
            <>
              The link works until <DateTime iso={unit.invite_expires_at} />.
            </>
          )}
        </p>
      </div>
      {unit.guests_need_roles || unit.discord_guild_id || unit.contact_discord_id ? (
        <p className="text-xs text-zinc-400">
          {[
            unit.guests_need_roles ? 'Its guests must hold a slot’s role.' : null,
            unit.discord_guild_id ? `Discord server ${unit.discord_guild_id}.` : null,
            unit.contact_discord_id ? `Contact ${unit.contact_discord_id}.` : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        <Link
          to={guestsHref}
          preventScrollReset
          className={smallButton}
          aria-current={shown ? 'true' : undefined}
          aria-label={`${unit.name}’s guests`}
        >
          Guests
        </Link>
        <Link to={editHref} preventScrollReset className={smallButton} aria-label={`Edit ${unit.name}`}>
          Edit
        </Link>
        <Link
          to={rotateHref}
          preventScrollReset
          className={smallButton}
          aria-label={`Rotate the invite link of ${unit.name}`}
        >
          Rotate invite link
        </Link>
        <DeleteButton intent={ALLY_INTENTS.remove} id={unit.id} confirm={deleteQuestion(unit)} name={unit.name} />
      </div>
    </li>
  )
}

function Fact({
  label,
  testId,
  wide = false,
  children,
}: {
  label: string
  testId: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="text-zinc-200" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

export function meta() {
  return [{ title: 'Allied units · Task Force HQ' }]
}
