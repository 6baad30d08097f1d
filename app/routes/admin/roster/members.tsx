import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/members'
import { addMemberFormSchema, banFormSchema, editMemberFormSchema, graduateFormSchema } from '#app/components/admin-roster/forms.server.ts'
import { MembersTab } from '#app/components/admin-roster/members-tab.tsx'
import {
  askToConfirm,
  fail,
  invalid,
  postedId,
  readRosterPost,
  serviceFieldErrors,
  succeed,
  unknownIntent,
  type RosterPost,
} from '#app/components/admin-roster/respond.server.ts'
import { INTENTS } from '#app/components/admin-roster/schemas.ts'
import type { MembersData, PickItem } from '#app/components/admin-roster/types.ts'
import { postActivity, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import { listEvents } from '#server/roster/events.ts'
import { BAN_MEMBER_REQUIRED, banMember, createMember, deleteMember, getAdminMember, syncMemberDiscordRoles, unbanMember, updateMember } from '#server/roster/members.ts'
import { graduateBmts, syncPromotions } from '#server/roster/promotions.ts'
import { listQualifications } from '#server/roster/qualifications.ts'
import { listRoster, parseRosterQuery, ROSTER_MAX_LIMIT, ROSTER_PAGE_SIZES, type AdminRosterMember } from '#server/roster/roster.ts'
import { listTrainings } from '#server/roster/trainings.ts'
import { placementLine } from '#server/waitlist/waitlist.ts'

// Members tab (spec 2 §2 Roster admin, §4, §5, §8): the admin roster list (GET /api/roster's service with is_banned),
// and Add / Edit / Ban / Unban / delete / Graduate BMTs through the same services and schemas as /api/roster/*.

const DATE_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})

export async function loader({ request, context }: Route.LoaderArgs): Promise<MembersData> {
  assertAdminPage(context)
  const { db } = getServices(context)
  const url = new URL(request.url)
  const query = parseRosterQuery(url)
  // The admin list searches by name, Discord ID or Bohemia UUID (rank search is the public roster's) and pages 30/60/100.
  const type = query.type === 'rank' ? 'name' : query.type
  const limit = (ROSTER_PAGE_SIZES as readonly number[]).includes(query.limit) ? query.limit : ROSTER_PAGE_SIZES[0]
  const filters = {
    term: query.term,
    type,
    qualification: query.qualification ?? null,
    is_banned: query.is_banned === true,
    page: query.page,
    limit,
  }
  const dialog = url.searchParams.get('dialog')
  const editId = Number(url.searchParams.get('edit'))
  const confirmKey = url.searchParams.get('confirm') ?? ''
  const today = new Date().toISOString().slice(0, 10)
  try {
    const [page, qualifications] = await Promise.all([listRoster(db, { ...query, type, limit }, { admin: true }), listQualifications(db)])
    const members = page.members as AdminRosterMember[]
    // The pick lists are read only for the dialog that needs them.
    let active: PickItem[] | null = null
    let bmt: PickItem[] | null = null
    if (dialog === 'ban' || dialog === 'graduate') {
      const all = (
        await listRoster(
          db,
          {
            page: 1,
            limit: ROSTER_MAX_LIMIT,
            term: '',
            type: 'name',
            qualification: undefined,
            is_banned: undefined,
          },
          { admin: true },
        )
      ).members as AdminRosterMember[]
      const byName = [...all].sort((a, b) => a.ingame_name.localeCompare(b.ingame_name))
      active = byName.map((m) => ({
        id: m.id,
        name: m.ingame_name,
        detail: m.rank,
      }))
      bmt = byName
        .filter((m) => m.rank === 'BMT')
        .map((m) => ({
          id: m.id,
          name: m.ingame_name,
          detail: `Joined ${m.join_date}`,
        }))
    }
    let editing: MembersData['editing'] = null
    if (Number.isSafeInteger(editId) && editId > 0 && editId <= 2_147_483_647) {
      const [member, events, trainings] = await Promise.all([getAdminMember(db, editId).catch(() => null), listEvents(db), listTrainings(db)])
      if (member) {
        editing = {
          member,
          events: events.map((e) => ({
            id: e.id,
            name: e.name,
            detail: DATE_FORMAT.format(new Date(e.date)),
          })),
          trainings: trainings.map((t) => ({
            id: t.id,
            name: t.name,
            detail: `${t.is_bmt_training ? 'BMT · ' : ''}${DATE_FORMAT.format(new Date(t.date))}`,
          })),
        }
      }
    }
    const confirmId = /^delete-member-(\d{1,10})$/.exec(confirmKey)?.[1]
    let confirming: MembersData['confirming'] = null
    if (confirmId) {
      const row = members.find((m) => m.id === Number(confirmId)) ?? (await getAdminMember(db, Number(confirmId)).catch(() => null))
      if (row) confirming = { id: row.id, name: row.ingame_name }
    }
    return {
      filters,
      members,
      pagination: page.pagination,
      qualifications,
      activeMembers: active,
      bmtMembers: bmt,
      editing,
      confirming,
      today,
    }
  } catch (error) {
    logger.error({
      msg: 'roster admin: loading members failed',
      error: error instanceof Error ? error.stack : String(error),
    })
    return {
      filters,
      members: [],
      pagination: { page: 1, limit, total: 0, totalPages: 1 },
      qualifications: [],
      activeMembers: null,
      bmtMembers: null,
      editing: null,
      confirming: null,
      today,
      loadError: 'Could not load roster data: An error occurred.',
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readRosterPost(request, context)
  switch (post.intent) {
    case INTENTS.addMember:
      return addMember(post)
    case INTENTS.editMember:
      return editMember(post)
    case INTENTS.banMember:
      return ban(post)
    case INTENTS.unbanMember: {
      try {
        await runAdmin(getServices(context), (tx) => unbanMember(tx, post.admin, postedId(post) ?? 0))
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
      return succeed(post, 'Member unbanned.')
    }
    case INTENTS.deleteMember: {
      const id = postedId(post)
      if (id !== null && !post.confirmed) return askToConfirm(post, `delete-member-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deleteMember(tx, post.admin, id ?? 0))
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
      return succeed(post, 'Member deleted.')
    }
    case INTENTS.graduate:
      return graduate(post)
    default:
      return unknownIntent(post)
  }
}

async function addMember(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: addMemberFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  try {
    const member = await runAdmin(services, (tx) =>
      createMember(tx, post.admin, {
        ...submission.value,
        qualifications: submission.value.qualifications ?? [],
      }),
    )
    await syncMemberDiscordRoles(services, member.id)
  } catch (error) {
    // A taken Discord ID or Bohemia UUID belongs next to its field.
    const errors = serviceFieldErrors(error)
    if (errors) return invalid(post, { reply: () => submission.reply(errors) })
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, 'Member added!')
}

async function editMember(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: editMemberFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, ...fields } = submission.value
  try {
    // The form always shows all three lists: nothing ticked means none (a browser sends no field for that).
    const input = {
      ...fields,
      qualifications: fields.qualifications ?? [],
      events: fields.events ?? [],
      trainings: fields.trainings ?? [],
    }
    const services = getServices(post.context)
    await runAdmin(services, (tx) => updateMember(tx, post.admin, id, input))
    await syncMemberDiscordRoles(services, id)
  } catch (error) {
    const errors = serviceFieldErrors(error)
    if (errors && (error as { status?: number }).status !== 404) return invalid(post, { reply: () => submission.reply(errors) })
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, 'Member updated!')
}

async function ban(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: banFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  try {
    const result = await runAdmin(services, (tx) => banMember(tx, post.admin, submission.value.member_id, submission.value.reason))
    if (result.placement) postActivity(services, [placementLine(result.placement)])
  } catch (error) {
    const status = (error as { status?: number }).status
    // Unknown or already banned: not a member of the active list.
    if (status === 404 || status === 409)
      return invalid(post, {
        reply: () =>
          submission.reply({
            fieldErrors: { member_id: [BAN_MEMBER_REQUIRED] },
          }),
      })
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, 'Member banned.')
}

async function graduate(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: graduateFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  try {
    const { memberIds, completionDate } = submission.value
    const graduated = await runAdmin(services, (tx) => graduateBmts(tx, post.admin, memberIds, completionDate))
    // After commit: rank roles follow (a Discord failure is logged, never undoes the graduation).
    await syncPromotions(services, graduated, false).catch((error: unknown) =>
      logger.error({
        msg: 'roster admin: graduation role sync failed',
        error: String(error),
      }),
    )
  } catch (error) {
    const errors = serviceFieldErrors(error)
    if (errors && (error as { status?: number }).status === 400)
      return invalid(post, {
        reply: () => submission.reply({ formErrors: errors.formErrors }),
      })
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, 'Members promoted to JNCO!')
}

export default function MembersRoute({ loaderData }: Route.ComponentProps) {
  return <MembersTab data={loaderData} />
}

export function meta() {
  return [{ title: 'Members · Roster Management · Task Force HQ' }]
}
