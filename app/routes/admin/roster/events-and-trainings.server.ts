import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { attendanceSchema, type AttendanceData, type AttendanceResult } from '#contracts/attendance.ts'
import { parseCursor, type ListCursor } from '#contracts/paging.ts'
import { pingSchema } from '#contracts/pings.ts'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { failInline, idOf, invalid, postedId, succeed, type AdminPost } from '#app/forms/respond.ts'
import { parseInput } from '#server/lib/request.ts'
import { getServices, type AppServices } from '#server/context.ts'
import { schedulePing } from '#server/discord/pings.ts'
import { NotFound } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import { attendancePicker } from '#server/roster/attendance.ts'

// What the Events and Trainings tabs share on the server: reading the tab's lists (upcoming, and a page of the past)
// with the record its dialog is about, and the two dialogs both have (app/components/attendance-dialog.tsx, ping-dialog.tsx), whose actions parse with the
// contract schema the /api route uses and call the same use case.

type Target = 'event' | 'training'
const notFound = (target: Target) => new NotFound(target === 'event' ? 'Event not found.' : 'Training not found.')

/** A tab's lists: what is coming, one page of the past (newest first) and the cursor of the page after it. */
interface TabLists<T> {
  upcoming: T[]
  past: T[]
  older: string | null
  total: number
}

interface TabData<T> {
  lists: TabLists<T>
  dialog: string | null
  target: T | undefined
}

/**
 * The tab's lists (the page of past records the URL's `before` names, the newest without it), its open dialog and the
 * record it is about (?dialog=ping&event=3), looked up on its own when it is on no page shown; or the lists' load error.
 */
export async function loadTab<T extends { id: number }>(
  request: Request,
  target: Target,
  read: {
    lists: (before: ListCursor | null) => Promise<TabLists<T>>
    one: (id: number) => Promise<T | null>
  },
  loadError: string,
) {
  const url = new URL(request.url)
  const id = idOf(url.searchParams.get(target))
  // A cursor that does not parse (an edited URL) shows the newest page.
  const before = parseCursor(url.searchParams.get('before') ?? '')
  const load = async () => {
    const lists = await read.lists(before)
    const shown = [...lists.upcoming, ...lists.past].find((item) => item.id === id)
    const record = shown ?? (id === null ? null : await read.one(id))
    return { lists, dialog: url.searchParams.get('dialog'), target: record ?? undefined }
  }
  return withLoadError<TabData<T>>(
    `admin roster: ${target}s`,
    load,
    { lists: { upcoming: [], past: [], older: null, total: 0 }, dialog: null, target: undefined },
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
