import { parseWithZod } from '@conform-to/zod/v4'
import { useState, type MouseEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/trainings'
import { AttendanceDialog } from '#app/components/admin-events/attendance-dialog.tsx'
import { PingDialog } from '#app/components/admin-events/ping-dialog.tsx'
import { askToConfirm, failInline, failWithToast, idOf, invalid, readAdminPost, succeed, wallTimeToIso, type AdminPost } from '#app/components/admin-events/respond.server.ts'
import { INTENTS, normalizeTime, postTrainingFormSchema, trainingFormSchema } from '#app/components/admin-events/schemas.ts'
import { attendanceAction, loadAttendance, loadPickers, pingAction } from '#app/components/admin-events/shared.server.ts'
import { PostTrainingDialog, SignupsDialog, TrainingFormDialog } from '#app/components/admin-events/training-dialogs.tsx'
import { TRAININGS_PATH, type AttendanceData, type DiscordPickers, type TrainingItem, type TrainingSignupItem } from '#app/components/admin-events/types.ts'
import {
  ConfirmButtonForm,
  ConfirmStep,
  DateTime,
  EmptyState,
  Notice,
  primaryButton,
  secondaryButton,
  smallButton,
  useStateHref,
} from '#app/components/admin-events/ui.tsx'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { postTrainingSchema, postTrainingToDiscord } from '#server/discord/pings.ts'
import { Invalid, NotFound } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import {
  createTraining,
  deleteTraining,
  getTrainingAttendance,
  listTrainings,
  listTrainingSignups,
  removeTrainingSignup,
  setTrainingAttendance,
  trainingInputSchema,
  updateTraining,
} from '#server/roster/trainings.ts'

// Roster admin, Trainings tab (spec 2 §2, §5, §7, §8): BMT Trainings and General Trainings, Create BMT Training and
// Add Training, and per training Schedule Ping, Attendance and a menu (Post Training on Discord, View Signups, Edit
// Training, Delete Training). Dialogs are URL states (?dialog=signups&training=3): every form works without JavaScript.

const deleteConfirm = (training: TrainingItem) => `Are you sure you want to delete the training "${training.name}"? Its sign-ups are removed too.`

interface TrainingsData {
  trainings: TrainingItem[]
  loadError?: string
  pickers?: DiscordPickers
  attendance?: AttendanceData
  signups?: TrainingSignupItem[]
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<TrainingsData> {
  assertAdminPage(context)
  const services = getServices(context)
  const url = new URL(request.url)
  const dialog = url.searchParams.get('dialog')
  const trainingId = idOf(url.searchParams.get('training'))
  let trainings: TrainingItem[]
  try {
    trainings = await listTrainings(services.db)
  } catch (error) {
    logger.error({ msg: 'admin roster: loading trainings failed', error: error instanceof Error ? error.stack : String(error) })
    return { trainings: [], loadError: 'Failed to fetch trainings.' }
  }
  const target = trainings.find((t) => t.id === trainingId)
  if (!target) return { trainings }
  if (dialog === 'ping' || dialog === 'post') return { trainings, pickers: await loadPickers(services) }
  try {
    if (dialog === 'attendance') {
      const { memberIds } = await getTrainingAttendance(services.db, target.id)
      return { trainings, attendance: await loadAttendance(services.db, memberIds) }
    }
    if (dialog === 'signups') return { trainings, signups: await listTrainingSignups(services.db, target.id) }
  } catch (error) {
    logger.error({ msg: 'admin roster: loading a training dialog failed', dialog, error: error instanceof Error ? error.stack : String(error) })
    return { trainings, loadError: dialog === 'signups' ? 'Failed to fetch signups.' : 'Failed to fetch attendance.' }
  }
  return { trainings }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context, TRAININGS_PATH)
  switch (post.intent) {
    case INTENTS.saveTraining:
      return saveTraining(post)
    case INTENTS.deleteTraining: {
      const id = idOf(post.form.get('id'))
      if (id !== null && !post.confirmed) return askToConfirm(post, `delete-training-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deleteTraining(tx, post.admin, id ?? 0))
      } catch (error) {
        return failWithToast(post, error, 'Failed to delete training.')
      }
      return succeed(post, 'Training deleted.')
    }
    case INTENTS.attendance:
      return attendanceAction(post, (tx, id, memberIds) => setTrainingAttendance(tx, post.admin, id, memberIds), 'Training')
    case INTENTS.ping:
      return pingAction(post, 'training')
    case INTENTS.postTraining:
      return postTraining(post)
    case INTENTS.removeSignup: {
      const id = idOf(post.form.get('id'))
      const memberId = idOf(post.form.get('memberId'))
      // The dialog stays open on its (shorter) list.
      const back = `${post.path}?dialog=signups&training=${id ?? ''}`
      try {
        await runAdmin(getServices(context), (tx) => removeTrainingSignup(tx, post.admin, id ?? 0, memberId ?? 0))
      } catch (error) {
        return failWithToast(post, error, 'Failed to remove sign-up.', back)
      }
      return succeed(post, 'Sign-up removed.', back)
    }
    default:
      return failWithToast(post, new Invalid('Unknown action.'), 'Unknown action.')
  }
}

async function saveTraining(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: trainingFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, date, time, tz, ...fields } = submission.value
  try {
    const iso = wallTimeToIso(date, normalizeTime(time)!, tz)
    if (!iso) return invalid(post, { reply: () => submission.reply({ fieldErrors: { time: ['Your time zone is not known to the server.'] } }) })
    // The service's own schema too, so this form and POST /api/roster/trainings agree by construction.
    const input = parseInput(trainingInputSchema, { ...fields, description: fields.description ?? null, date: iso })
    const services = getServices(post.context)
    if (id) await runAdmin(services, (tx) => updateTraining(tx, post.admin, id, input))
    else await runAdmin(services, (tx) => createTraining(tx, post.admin, input))
    return succeed(post, id ? 'Training updated!' : input.is_bmt_training ? 'BMT training created!' : 'Training added!')
  } catch (error) {
    return failInline(post, submission, error, 'Failed to save training.', { name: 'name', description: 'description', date: 'date' })
  }
}

async function postTraining(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: postTrainingFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  let message: string
  try {
    const id = idOf(post.form.get('id'))
    if (id === null) throw new NotFound('Training not found.')
    const input = parseInput(postTrainingSchema, submission.value)
    message = (await postTrainingToDiscord(getServices(post.context), post.admin, id, input)).message
  } catch (error) {
    return failInline(post, submission, error, 'Failed to post training.')
  }
  return succeed(post, message)
}

export default function TrainingsTab({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { trainings } = loaderData
  const dialog = searchParams.get('dialog')
  const target = trainings.find((t) => t.id === Number(searchParams.get('training'))) ?? null
  const confirming = trainings.find((t) => searchParams.get('confirm') === `delete-training-${t.id}`)
  const closeHref = href(null)
  const bmt = trainings.filter((t) => t.is_bmt_training)
  const general = trainings.filter((t) => !t.is_bmt_training)

  return (
    <section aria-labelledby="trainings-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="trainings-heading" className="text-xl font-semibold">
            Trainings
          </h2>
          <p className="text-sm text-zinc-400">
            {trainings.length} {trainings.length === 1 ? 'training' : 'trainings'}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={href({ dialog: 'add-bmt' })} preventScrollReset className={`${secondaryButton} h-10`}>
            Create BMT Training
          </Link>
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add Training
          </Link>
        </div>
      </div>

      {loaderData.loadError ? <Notice>{loaderData.loadError}</Notice> : null}
      {confirming ? <ConfirmStep intent={INTENTS.deleteTraining} fields={{ id: confirming.id }} message={deleteConfirm(confirming)} confirmLabel="Delete Training" /> : null}

      <TrainingGroup title="BMT Trainings" trainings={bmt} empty="No BMT trainings scheduled." activeId={target?.id ?? null} />
      <TrainingGroup title="General Trainings" trainings={general} empty="No general trainings scheduled." activeId={target?.id ?? null} />

      {dialog === 'add' || dialog === 'add-bmt' ? <TrainingFormDialog key={dialog} editing={null} bmt={dialog === 'add-bmt'} closeHref={closeHref} /> : null}
      {dialog === 'edit' && target ? <TrainingFormDialog key={target.id} editing={target} bmt={target.is_bmt_training} closeHref={closeHref} /> : null}
      {dialog === 'ping' && target && loaderData.pickers ? (
        <PingDialog target={{ kind: 'training', id: target.id, name: target.name, date: target.date }} pickers={loaderData.pickers} hasDefaultRole={false} closeHref={closeHref} />
      ) : null}
      {dialog === 'post' && target && loaderData.pickers ? <PostTrainingDialog key={target.id} training={target} pickers={loaderData.pickers} closeHref={closeHref} /> : null}
      {dialog === 'attendance' && target && loaderData.attendance ? (
        <AttendanceDialog key={target.id} title={target.name} targetId={target.id} data={loaderData.attendance} closeHref={closeHref} />
      ) : null}
      {dialog === 'signups' && target && loaderData.signups ? <SignupsDialog training={target} signups={loaderData.signups} closeHref={closeHref} /> : null}
    </section>
  )
}

function TrainingGroup({ title, trainings, empty, activeId }: { title: string; trainings: TrainingItem[]; empty: string; activeId: number | null }) {
  const href = useStateHref()
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
        {title} <span className="font-normal text-zinc-500">({trainings.length})</span>
      </h3>
      {trainings.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60">
          {trainings.map((training) => (
            <li
              key={training.id}
              data-testid="training-row"
              className={`flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center ${activeId === training.id ? 'bg-brand-600/10' : ''}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {training.is_bmt_training ? <span className="rounded bg-amber-500/15 px-1.5 py-0.5 text-xs font-semibold text-amber-300">BMT</span> : null}
                  <span className="truncate font-medium text-zinc-100">{training.name}</span>
                  {training.is_hidden ? <span className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-400">Hidden</span> : null}
                </div>
                <p className="mt-0.5 text-sm text-zinc-400">
                  <DateTime iso={training.date} /> · <span data-testid="signup-count">{training.signup_count}</span> signed up
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <Link to={href({ dialog: 'ping', training: training.id })} preventScrollReset className={smallButton} aria-label={`Schedule Ping for ${training.name}`}>
                  Schedule Ping
                </Link>
                <Link to={href({ dialog: 'attendance', training: training.id })} preventScrollReset className={smallButton} aria-label={`Attendance for ${training.name}`}>
                  Attendance
                </Link>
                <TrainingMenu training={training} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const MENU_WIDTH_PX = 224
const menuItem = 'block w-full rounded px-3 py-2 text-left text-sm text-zinc-200 hover:bg-zinc-800 hover:text-white'

/** Closes the <details> menu a menu item sits in (with JavaScript; without, the page navigates anyway). */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

/** The per-training menu: a <details> disclosure, so it opens without JavaScript too. */
function TrainingMenu({ training }: { training: TrainingItem }) {
  const href = useStateHref()
  // Spec 2 §9: the menu (w-56, 224 px) opens leftwards from its button and flips to the right when less than 224 px
  // remain on that side. Without JavaScript it always opens leftwards.
  const [flipRight, setFlipRight] = useState(false)
  return (
    <details
      className="group relative"
      onToggle={(event) => {
        const details = event.currentTarget
        if (details.open) setFlipRight(details.getBoundingClientRect().right < MENU_WIDTH_PX)
      }}
    >
      <summary className={`${smallButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={`More actions for ${training.name}`}>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden>
          <path d="M3 10a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0Zm5.5 0a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0ZM15.5 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
        </svg>
      </summary>
      <div className={`absolute ${flipRight ? 'left-0' : 'right-0'} z-20 mt-1 w-56 rounded-lg border border-zinc-700 bg-zinc-900 p-1 shadow-xl shadow-black/60`}>
        <Link to={href({ dialog: 'post', training: training.id })} preventScrollReset className={menuItem} onClick={closeMenu}>
          Post Training on Discord
        </Link>
        <Link to={href({ dialog: 'signups', training: training.id })} preventScrollReset className={menuItem} onClick={closeMenu}>
          View Signups
        </Link>
        <Link to={href({ dialog: 'edit', training: training.id })} preventScrollReset className={menuItem} onClick={closeMenu}>
          Edit Training
        </Link>
        <ConfirmButtonForm
          formKey={`delete-training-${training.id}`}
          intent={INTENTS.deleteTraining}
          fields={{ id: training.id }}
          confirm={deleteConfirm(training)}
          label="Delete Training"
          className={`${menuItem} text-red-300 hover:bg-red-950/60 hover:text-red-200`}
        />
      </div>
    </details>
  )
}

export function meta() {
  return [{ title: 'Trainings · Roster Admin · Task Force HQ' }]
}
