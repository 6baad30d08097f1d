import { parseWithZod } from '@conform-to/zod/v4'
import { DEFAULT_ROLE, normalizeTime, pingFormSchema } from './schemas.ts'
import { failInline, idOf, invalid, succeed, wallTimeToIso, type AdminPost } from './respond.server.ts'
import type { AttendanceData, DiscordPickers, PickerMember } from './types.ts'
import type { DbOrTx } from '#db/client.ts'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import type { AppServices } from '#server/context.ts'
import { getServices } from '#server/context.ts'
import { listChannels, listRoles } from '#server/discord/guild.ts'
import { FILL_ALL_FIELDS, schedulePing, schedulePingSchema } from '#server/discord/pings.ts'
import { NotFound } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { attendanceSchema } from '#server/roster/events.ts'
import { listRoster } from '#server/roster/roster.ts'
import { getSetting } from '#server/settings/settings.ts'

// What the Events and Trainings tabs share on the server: the Discord pickers, the attendance picker, and the
// Schedule Ping and Attendance actions.

/** Channels and roles for Schedule Ping / Post Training. Discord may be down: the dialog says so. */
export async function loadPickers(services: AppServices): Promise<DiscordPickers> {
  try {
    const [channels, roles] = await Promise.all([listChannels(services.discord), listRoles(services.discord)])
    return { channels, roles }
  } catch (error) {
    logger.warn({ msg: 'admin roster: Discord pickers unavailable', error: error instanceof Error ? error.message : String(error) })
    return { channels: [], roles: [], error: error instanceof Error ? error.message : 'Could not load channels and roles from Discord.' }
  }
}

/** Whether an event ping role is set (an event ping with no role chosen falls back to it). */
export async function hasEventPingRole(db: DbOrTx): Promise<boolean> {
  return Boolean((await getSetting(db, 'event_ping_role_id')).trim())
}

/**
 * Every member for the attendance picker (spec 2 §7: the admin's full list, limit 9999): the active roster, then
 * banned members, so saving never drops a banned member's past attendance.
 */
export async function loadAttendance(db: DbOrTx, memberIds: number[]): Promise<AttendanceData> {
  const query = { page: 1, limit: 9999, term: '', type: 'name' as const }
  const [active, banned] = await Promise.all([
    listRoster(db, query, { admin: true }),
    listRoster(db, { ...query, is_banned: true }, { admin: true }),
  ])
  const members: PickerMember[] = [
    ...active.members.map((m) => ({ id: m.id, ingame_name: m.ingame_name, rank: m.rank, is_banned: false })),
    ...banned.members.map((m) => ({ id: m.id, ingame_name: m.ingame_name, rank: m.rank, is_banned: true })),
  ]
  return { members, memberIds }
}

/** Save Attendance: the full list of ticked members. */
export async function attendanceAction(
  post: AdminPost,
  save: (tx: DbOrTx, id: number, memberIds: number[]) => Promise<unknown>,
  what: 'Event' | 'Training',
) {
  const ids = post.form.getAll('memberIds').map(String)
  const submission = { reply: (options?: { formErrors?: string[] }) => ({ status: 'error' as const, initialValue: { memberIds: ids }, error: { '': options?.formErrors ?? [] } }) }
  try {
    const id = idOf(post.form.get('id'))
    if (id === null) throw new NotFound(`${what} not found.`)
    const { memberIds } = parseInput(attendanceSchema, { memberIds: ids })
    await runAdmin(getServices(post.context), (tx) => save(tx, id, memberIds))
  } catch (error) {
    return failInline(post, submission, error, 'Failed to update attendance.')
  }
  return succeed(post, 'Attendance updated!')
}

/** Schedule Ping for an event or a training (spec 2 §5): the form's checks, then the service's. */
export async function pingAction(post: AdminPost, type: 'event' | 'training') {
  const submission = parseWithZod(post.form, { schema: pingFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const value = submission.value
  const services = getServices(post.context)
  try {
    const id = idOf(post.form.get('id'))
    if (id === null) throw new NotFound(type === 'event' ? 'Event not found.' : 'Training not found.')
    const pingTime = wallTimeToIso(value.date!, normalizeTime(value.time!)!, value.tz)
    if (!pingTime) return invalid(post, { reply: () => submission.reply({ fieldErrors: { time: ['Your time zone is not known to the server.'] } }) })
    let rolesToPing = value.rolesToPing ?? []
    // None chosen falls back to the default event ping role, when one is set; otherwise the service asks for one.
    if (type === 'event' && rolesToPing.length === 0 && (await hasEventPingRole(services.db))) rolesToPing = [DEFAULT_ROLE]
    const input = parseInput(schedulePingSchema, { channelId: value.channelId, pingTime, messageContent: value.messageContent, rolesToPing }, FILL_ALL_FIELDS)
    await runAdmin(services, (tx) => schedulePing(tx, post.admin, type, id, input))
  } catch (error) {
    return failInline(post, submission, error, 'Failed to schedule ping.', {
      channelId: 'channelId',
      pingTime: 'time',
      messageContent: 'messageContent',
      rolesToPing: 'rolesToPing',
    })
  }
  return succeed(post, 'Ping scheduled successfully!')
}
