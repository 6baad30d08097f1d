import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { attendanceSchema, type AttendanceData, type AttendanceResult } from '#contracts/attendance.ts'
import { pingSchema } from '#contracts/pings.ts'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { failInline, idOf, invalid, postedId, succeed, type AdminPost } from '#app/forms/respond.ts'
import { parseInput } from '#server/http/request.ts'
import { getServices, type AppServices } from '#server/context.ts'
import { schedulePing } from '#server/discord/pings.ts'
import { NotFound } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import { attendancePicker } from '#server/roster/attendance.ts'

// What the Events and Trainings tabs share on the server: reading the tab's list with the record its dialog is about,
// and the two dialogs both have (app/components/attendance-dialog.tsx, ping-dialog.tsx), whose actions parse with the
// contract schema the /api route uses and call the same use case.

type Target = 'event' | 'training'
const notFound = (target: Target) => new NotFound(target === 'event' ? 'Event not found.' : 'Training not found.')

interface TabData<T> {
  items: T[]
  dialog: string | null
  target: T | undefined
}

/** The tab's list, its open dialog and the record it is about (?dialog=ping&event=3), or the list's load error. */
export async function loadTab<T extends { id: number }>(
  request: Request,
  target: Target,
  list: () => Promise<T[]>,
  loadError: string,
) {
  const url = new URL(request.url)
  const id = idOf(url.searchParams.get(target))
  const load = async () => {
    const items = await list()
    return { items, dialog: url.searchParams.get('dialog'), target: items.find((item) => item.id === id) }
  }
  return withLoadError<TabData<T>>(
    `admin roster: ${target}s`,
    load,
    { items: [], dialog: null, target: undefined },
    loadError,
  )
}

/** The Attendance dialog's members and who attended, or its load error. */
export async function loadAttendanceDialog(
  db: DbOrTx,
  id: number,
  getAttendance: (db: DbOrTx, id: number) => Promise<AttendanceResult>,
): Promise<{ attendance?: AttendanceData; loadError?: string }> {
  const load = async () => ({ attendance: await attendancePicker(db, (await getAttendance(db, id)).memberIds) })
  return withLoadError<{ attendance?: AttendanceData }>(
    'admin roster: attendance',
    load,
    {},
    'Failed to fetch attendance.',
  )
}

/** Save Attendance: the full list of ticked members (none ticked: nobody attended). */
export async function saveAttendance(
  post: AdminPost,
  target: Target,
  save: (services: AppServices, admin: User, id: number, memberIds: number[]) => Promise<AttendanceResult>,
) {
  const ids = post.form.getAll('memberIds').map(String)
  // The dialog shows a refusal above its buttons (a member that no longer exists).
  const submission = {
    reply: (options?: { formErrors?: string[] }): SubmissionResult<string[]> => ({
      status: 'error',
      initialValue: { memberIds: ids },
      error: { '': options?.formErrors ?? [] },
    }),
  }
  try {
    const id = postedId(post)
    if (id === null) throw notFound(target)
    const { memberIds } = parseInput(attendanceSchema, { memberIds: ids })
    await save(getServices(post.context), post.admin, id, memberIds)
  } catch (error) {
    return failInline(post, submission, error, 'Failed to update attendance.')
  }
  return succeed(post, 'Attendance updated!')
}

/** Schedule Ping: the form's day and time in the admin's zone; an event ping with no role chosen pings the default role. */
export async function schedulePingFromForm(post: AdminPost, target: Target) {
  const submission = parseWithZod(post.form, { schema: pingSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    const id = postedId(post)
    if (id === null) throw notFound(target)
    await schedulePing(getServices(post.context), post.admin, target, id, submission.value, {
      noRoleMeansDefault: true,
    })
  } catch (error) {
    return failInline(post, submission, error, 'Failed to schedule ping.', {
      channelId: 'channelId',
      pingTime: 'time',
      time: 'time',
      messageContent: 'messageContent',
      rolesToPing: 'rolesToPing',
    })
  }
  return succeed(post, 'Ping scheduled successfully!')
}
