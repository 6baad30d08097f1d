import type { z } from 'zod'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { POST_TRAINING, PostTrainingDialog } from './post-training-dialog.tsx'
import { REMOVE_SIGNUP, SignupsDialog } from './signups-dialog.tsx'
import { SAVE_TRAINING, TrainingFormDialog } from './training-form.tsx'
import { DELETE_TRAINING, deleteConfirm, TrainingGroup } from './training-list.tsx'
import type { AttendanceData } from '#contracts/attendance.ts'
import type { DiscordPickers } from '#contracts/guild.ts'
import {
  POST_TRAINING_FAILED,
  postTrainingSchema,
  trainingSchema,
  type TrainingItem,
  type TrainingSignupItem,
} from '#contracts/trainings.ts'
import { deleteRecord, saveRecord, submitForm } from '#app/forms/actions.ts'
import { failWithToast, postedId, readAdminPost, succeed, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { ATTENDANCE_INTENT } from '#app/components/attendance-dialog.tsx'
import { PING_INTENT } from '#app/components/ping-dialog.tsx'
import { PingAndAttendanceDialogs, ScheduleHeading } from '../events-and-trainings.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { buttonClass, primaryButton } from '#app/ui/button.ts'
import { DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { LoadError } from '#app/ui/field.tsx'
import { OlderPager } from '#app/ui/pager.tsx'
import { loadAttendanceDialog, loadTab, saveAttendance, schedulePingFromForm } from '../events-and-trainings.server.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { loadPickers } from '#server/discord/guild.ts'
import { postTrainingToDiscord } from '#server/discord/pings.ts'
import { withLoadError } from '#server/load-error.ts'
import {
  createTraining,
  deleteTraining,
  findTraining,
  getTrainingAttendance,
  listTrainingSignups,
  removeTrainingSignup,
  setTrainingAttendance,
  trainingsTab,
  updateTraining,
} from '#server/roster/trainings.ts'
import { countOf } from '#contracts/plural.ts'
import type { DiscordEventStatus } from '#contracts/discord-events.ts'
import { discordEventStatuses, publishedByDefault } from '#server/discord/scheduled-events.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// Roster admin, Trainings tab (docs/rules/roster.md, trainings): the upcoming BMT Trainings and General Trainings, one
// page of Past Trainings (Show older: ?before=<cursor>, a link), Create BMT Training and Add Training, and per training
// Schedule Ping, Attendance and a menu (Post Training on Discord, View Signups, Edit Training, Delete Training). Dialogs
// are URL states (?dialog=signups&training=3): every form works without JavaScript. The actions call the same use
// cases, with the same schemas, as /api/roster/trainings.

interface TrainingsData {
  upcoming: TrainingItem[]
  past: TrainingItem[]
  older: string | null
  total: number
  /** The training the open dialog is about (on a page shown or not). */
  target: TrainingItem | null
  loadError?: string
  pickers?: DiscordPickers
  attendance?: AttendanceData
  signups?: TrainingSignupItem[]
  /** The state on Discord of each training shown that is published. */
  discord: Record<number, DiscordEventStatus>
  /** Whether Add Training's "Publish as a Discord event" starts ticked (setting discord_events_default). */
  publishByDefault: boolean
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<TrainingsData> {
  await requirePageUser(request, context, 'admin')
  const { db, discord } = getServices(context)
  const tab = await loadTab(
    request,
    'training',
    { lists: (before) => trainingsTab(db, { before }), one: (id) => findTraining(db, id) },
    'Failed to fetch trainings.',
  )
  // After a failed load the lists are empty and the database is likely down: nothing more is asked of it.
  const [discordStatus, publishByDefault] = tab.loadError
    ? [{}, false]
    : await Promise.all([
        discordEventStatuses(db, 'training', [...tab.lists.upcoming, ...tab.lists.past]),
        publishedByDefault(db),
      ])
  const data: TrainingsData = { ...tab.lists, target: tab.target ?? null, discord: discordStatus, publishByDefault }
  if (tab.loadError || !tab.target) return { ...data, loadError: tab.loadError }
  if (tab.dialog === 'ping' || tab.dialog === 'post') return { ...data, pickers: await loadPickers(discord) }
  if (tab.dialog === 'attendance')
    return { ...data, ...(await loadAttendanceDialog(db, tab.target.id, getTrainingAttendance)) }
  if (tab.dialog === 'signups') {
    const target = tab.target
    return withLoadError<TrainingsData>(
      'admin roster: signups',
      async () => ({ ...data, signups: await listTrainingSignups(db, target.id) }),
      data,
      'Failed to fetch signups.',
    )
  }
  return data
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case SAVE_TRAINING:
      return saveRecord(post, trainingSchema, {
        // The form's checkbox sends nothing when unticked: on the form, absent means unpublished.
        save: (input, id) => {
          const value = { ...input, discord_event: input.discord_event ?? false }
          return id ? updateTraining(services, post.admin, id, value) : createTraining(services, post.admin, value)
        },
        done: (id, saved) =>
          id ? 'Training updated!' : saved.is_bmt_training ? 'BMT training created!' : 'Training added!',
        failed: 'Failed to save training.',
      })
    case DELETE_TRAINING:
      return deleteRecord(post, (id) => deleteTraining(services, post.admin, id), {
        success: 'Training deleted.',
        failure: 'Failed to delete training.',
      })
    case ATTENDANCE_INTENT:
      return saveAttendance(post, 'training', setTrainingAttendance)
    case PING_INTENT:
      return schedulePingFromForm(post, 'training')
    case POST_TRAINING:
      return postTraining(post)
    case REMOVE_SIGNUP:
      return removeSignup(post)
    default:
      return unknownIntent(post)
  }
}

function postTraining(post: AdminPost) {
  const send = (value: z.output<typeof postTrainingSchema>) =>
    postTrainingToDiscord(getServices(post.context), post.admin, postedId(post) ?? 0, value)
  return submitForm(post, postTrainingSchema, send, {
    success: (posted) => posted.message,
    failure: POST_TRAINING_FAILED,
  })
}

async function removeSignup(post: AdminPost) {
  const id = postedId(post) ?? 0
  // The dialog stays open on its (shorter) list.
  const to = `${post.back.split('?')[0]}?dialog=signups&training=${id}`
  try {
    await removeTrainingSignup(getServices(post.context), post.admin, id, postedId(post, 'memberId') ?? 0)
  } catch (error) {
    return failWithToast(post, error, 'Failed to remove sign-up.', { to })
  }
  return succeed(post, 'Sign-up removed.', { to })
}

export default function TrainingsTab({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { upcoming, past, older, total, target } = loaderData
  const dialog = searchParams.get('dialog')
  const closeHref = href(null)
  const activeId = target?.id ?? null

  return (
    <section aria-labelledby="trainings-heading" className="flex flex-col gap-4">
      <ScheduleHeading id="trainings-heading" title="Trainings" count={`${countOf(total, 'training')}.`}>
        <div className="flex flex-wrap gap-2">
          <DownloadCsv href="/api/admin/export/trainings.csv" />
          <Link to={href({ dialog: 'add-bmt' })} preventScrollReset className={buttonClass('secondary', 'md')}>
            Create BMT Training
          </Link>
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add Training
          </Link>
        </div>
      </ScheduleHeading>

      <LoadError message={loaderData.loadError} />
      <DeleteConfirmStep
        intent={DELETE_TRAINING}
        items={[...upcoming, ...past]}
        message={deleteConfirm}
        confirmLabel="Delete Training"
      />

      <TrainingGroup
        id="bmt-trainings"
        title="BMT Trainings"
        trainings={upcoming.filter((t) => t.is_bmt_training)}
        empty="No BMT trainings scheduled."
        activeId={activeId}
        discord={loaderData.discord}
      />
      <TrainingGroup
        id="general-trainings"
        title="General Trainings"
        trainings={upcoming.filter((t) => !t.is_bmt_training)}
        empty="No general trainings scheduled."
        activeId={activeId}
        discord={loaderData.discord}
      />
      {past.length || older || searchParams.has('before') ? (
        <TrainingGroup
          id="past-trainings"
          title="Past Trainings"
          trainings={past}
          empty="No past trainings."
          activeId={activeId}
          discord={loaderData.discord}
          counted={false}
        >
          <OlderPager older={older} anchor="past-trainings" label="Older trainings" />
        </TrainingGroup>
      ) : null}

      {dialog === 'add' || dialog === 'add-bmt' ? (
        <TrainingFormDialog
          key={dialog}
          editing={null}
          bmt={dialog === 'add-bmt'}
          closeHref={closeHref}
          publishByDefault={loaderData.publishByDefault}
        />
      ) : null}
      {dialog === 'edit' && target ? (
        <TrainingFormDialog
          key={target.id}
          editing={target}
          bmt={target.is_bmt_training}
          closeHref={closeHref}
          publishByDefault={false}
        />
      ) : null}
      <PingAndAttendanceDialogs
        kind="training"
        dialog={dialog}
        target={target}
        data={loaderData}
        closeHref={closeHref}
      />
      {dialog === 'post' && target && loaderData.pickers ? (
        <PostTrainingDialog key={target.id} training={target} pickers={loaderData.pickers} closeHref={closeHref} />
      ) : null}
      {dialog === 'signups' && target && loaderData.signups ? (
        <SignupsDialog training={target} signups={loaderData.signups} closeHref={closeHref} />
      ) : null}
    </section>
  )
}

export function meta() {
  return [{ title: 'Trainings · Roster Admin · Task Force HQ' }]
}
