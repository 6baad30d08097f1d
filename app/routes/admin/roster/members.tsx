import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { data, useActionData, useLocation, useSearchParams } from 'react-router'
import type { Route } from './+types/members'
import { BanDialog } from './members/ban-dialog.tsx'
import { GrantAwardDialog } from './members/grant-award-dialog.tsx'
import { GraduateDialog } from './members/graduate-dialog.tsx'
import { MemberFormDialog } from './members/member-form-dialog.tsx'
import { MembersTable } from './members/members-table.tsx'
import { MembersToolbar } from './members/search-form.tsx'
import { confirmingIdOf, deleteMemberConfirm, openDialogOf, pageHref, SEARCH_FORM_ID } from './members/state.ts'
import {
  banFormSchema,
  createMemberSchema,
  graduateSchema,
  memberFieldsSchema,
  ROSTER_INTENTS,
  ROSTER_MESSAGES,
  ROSTER_PAGE_SIZES,
} from '#contracts/roster.ts'
import type { MembersData } from '#contracts/roster-types.ts'
import { AWARD_INTENTS, AWARD_MESSAGES, grantAwardSchema, revokeAwardQuestion } from '#contracts/awards.ts'
import {
  askToConfirm,
  failInline,
  failWithToast,
  idOf,
  invalid,
  postedId,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { hrefWithState, useStateHref } from '#app/hooks/url-state.ts'
import { ConfirmStep } from '#app/ui/confirm.tsx'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { LoadError } from '#app/ui/field.tsx'
import { BulkActions, BULK_INTENT, FIELDS_OF, type BulkConfirm } from './members/bulk-actions.tsx'
import { bulkSchema, MOVING_MESSAGES } from '#contracts/moving.ts'
import { countOf } from '#contracts/plural.ts'
import { parseInput } from '#server/lib/request.ts'
import { bulkMemberAction } from '#server/moving/bulk.ts'
import { Pager } from '#app/ui/pager.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Conflict, NotFound } from '#server/errors.ts'
import { addMember, banMember, editMember, removeMember, unbanMember } from '#server/roster/members.ts'
import { graduateBmts } from '#server/roster/promotions.ts'
import { grantAward, revokeAward } from '#server/personnel/awards.ts'
import { withLoadError } from '#server/load-error.ts'
import { loadMembersTab, matchingMemberIds, membersFilters } from '#server/roster/members-tab.ts'
import { parseRosterQuery } from '#server/roster/roster.ts'
import { viewerTimeZone } from '#server/unit/time-zone.ts'
import { deleteRecord, submitForm } from '#app/forms/actions.ts'

// Members tab (docs/rules/roster.md, members and bans): the admin roster list (GET /api/roster's service with
// is_banned) and Add / Edit / Ban / Unban / delete / Graduate BMTs through the same use cases and schemas as
// /api/roster/*. The member sheet (Edit) also holds the member's awards: Grant Award and Revoke
// (docs/rules/personnel.md, Awards), as POST/DELETE /api/roster/members/{id}/awards.

const FAILED = ROSTER_MESSAGES.requestFailed

export async function loader({ request, context }: Route.LoaderArgs): Promise<MembersData> {
  await requirePageUser(request, context, 'admin')
  const url = new URL(request.url)
  const filters = membersFilters(parseRosterQuery(url))
  const dialog = openDialogOf(url.searchParams)
  const { db } = getServices(context)
  const today = new Date().toISOString().slice(0, 10)
  const empty = {
    filters,
    members: [],
    pagination: { page: 1, limit: filters.limit, total: 0, totalPages: 1 },
    qualifications: [],
    activeMembers: null,
    bmtMembers: null,
    editing: null,
    confirming: null,
    awards: null,
    granting: null,
    revoking: null,
    bulk: null,
  }
  const load = async () => {
    const { zone } = await viewerTimeZone(request, db)
    const wants = {
      pickLists: dialog === 'ban' || dialog === 'graduate',
      editId: idOf(url.searchParams.get('edit')),
      confirmId: idOf(confirmingIdOf(url.searchParams)),
      grantTo: dialog === 'grant-award' ? idOf(url.searchParams.get('member')) : null,
      revokeId: idOf(confirmingIdOf(url.searchParams, AWARD_INTENTS.revoke)),
      timeZone: zone,
      bulk: dialog === 'bulk',
    }
    return loadMembersTab(db, filters, wants)
  }
  return { ...(await withLoadError('admin roster: members', load, empty, ROSTER_MESSAGES.loadFailed)), today }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case ROSTER_INTENTS.addMember:
      return add(post)
    case ROSTER_INTENTS.editMember:
      return edit(post)
    case ROSTER_INTENTS.banMember:
      return ban(post)
    case ROSTER_INTENTS.unbanMember:
      return unban(post)
    case ROSTER_INTENTS.deleteMember:
      return remove(post)
    case ROSTER_INTENTS.graduate:
      return graduate(post)
    case AWARD_INTENTS.grant:
      return grant(post)
    case AWARD_INTENTS.revoke:
      return revoke(post)
    case BULK_INTENT:
      return bulk(post)
    default:
      return unknownIntent(post)
  }
}

/** The fields a destructive bulk action posts, sent again from its confirm (BulkConfirm). */
const BULK_FIELDS = [
  'intent',
  'action',
  'rank',
  'qualification_id',
  'award_id',
  'citation',
  'date',
  'event_id',
  'reason',
]
const BULK_FILTER_FIELDS = ['term', 'type', 'qualification', 'is_banned', 'all_matching']

/**
 * Bulk actions: the ticked members (member_ids), or with all_matching every member the posted search matches, through
 * the same use case as POST /api/admin/roster/members/bulk. Delete and Ban ask first on the page (naming the count).
 */
async function bulk(post: AdminPost) {
  const services = getServices(post.context)
  const form = post.form
  const action = String(form.get('action') ?? '')
  let ids = form.getAll('member_ids').map(String)
  if (form.get('all_matching') === 'yes') {
    const query = parseRosterQuery(
      new URL(
        `http://x/?${new URLSearchParams(BULK_FILTER_FIELDS.slice(0, 4).map((k) => [k, String(form.get(k) ?? '')]))}`,
      ),
    )
    ids = (await matchingMemberIds(services.db, membersFilters(query))).map(String)
  }
  if ((action === 'delete' || action === 'ban') && !post.confirmed && ids.length) {
    const fields: [string, string][] = [
      ...BULK_FIELDS.flatMap((name): [string, string][] => {
        const value = form.get(name)
        return typeof value === 'string' ? [[name, value]] : []
      }),
      ...ids.map((id): [string, string] => ['member_ids', id]),
    ]
    const question =
      action === 'delete'
        ? `Delete ${countOf(ids.length, 'member')}? Their records go with them; this cannot be undone.`
        : `Ban ${countOf(ids.length, 'member')}? They leave their slots and the waitlist.`
    return data<{ bulkConfirm: BulkConfirm }>({ bulkConfirm: { question, fields } })
  }
  // The chosen action's own fields: the form shows every action's.
  const fields = FIELDS_OF[action as keyof typeof FIELDS_OF] ?? []
  const body = Object.fromEntries(
    fields.flatMap((name) => {
      const value = form.get(name)
      return typeof value === 'string' && value !== '' ? [[name, value]] : []
    }),
  )
  try {
    const input = parseInput(bulkSchema, { ...body, action, member_ids: ids })
    const { changed } = await bulkMemberAction(services, post.admin, input)
    // Back on the list with the bulk actions still open: the next action is often on the same members.
    const back = new URL(post.back, 'http://page')
    back.searchParams.set('dialog', 'bulk')
    return succeed(post, MOVING_MESSAGES.bulkDone(changed), { to: `${back.pathname}${back.search}` })
  } catch (error) {
    return failWithToast(post, error, FAILED)
  }
}

function add(post: AdminPost) {
  return submitForm(post, createMemberSchema, (value) => addMember(getServices(post.context), post.admin, value), {
    success: ROSTER_MESSAGES.memberAdded,
    failure: FAILED,
  })
}

function edit(post: AdminPost) {
  // The form always shows all three lists: nothing ticked means none (a browser sends no field for that).
  const save = (fields: z.output<typeof memberFieldsSchema>) =>
    editMember(getServices(post.context), post.admin, postedId(post) ?? 0, {
      ...fields,
      qualifications: fields.qualifications ?? [],
      events: fields.events ?? [],
      trainings: fields.trainings ?? [],
    })
  return submitForm(post, memberFieldsSchema, save, { success: ROSTER_MESSAGES.memberUpdated, failure: FAILED })
}

async function ban(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: banFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    await banMember(getServices(post.context), post.admin, submission.value.member_id, submission.value.reason)
  } catch (error) {
    // Unknown or already banned: not a member of the active list, told with the form's 'Please select a valid member
    // from the list.' on the member field (400, like the form's own check), not failInline's service message.
    if (error instanceof NotFound || error instanceof Conflict) {
      return invalid(post, {
        reply: () => submission.reply({ fieldErrors: { member_id: [ROSTER_MESSAGES.banMemberRequired] } }),
      })
    }
    return failWithToast(post, error, FAILED)
  }
  return succeed(post, ROSTER_MESSAGES.memberBanned)
}

async function unban(post: AdminPost) {
  try {
    await unbanMember(getServices(post.context), post.admin, postedId(post) ?? 0)
  } catch (error) {
    return failWithToast(post, error, FAILED)
  }
  return succeed(post, ROSTER_MESSAGES.memberUnbanned)
}

function remove(post: AdminPost) {
  return deleteRecord(post, (id) => removeMember(getServices(post.context), post.admin, id), {
    success: ROSTER_MESSAGES.memberDeleted,
    failure: FAILED,
  })
}

function graduate(post: AdminPost) {
  const run = ({ memberIds, completionDate }: z.output<typeof graduateSchema>) =>
    graduateBmts(getServices(post.context), post.admin, memberIds, completionDate)
  return submitForm(post, graduateSchema, run, { success: ROSTER_MESSAGES.graduated, failure: FAILED })
}

/** The member sheet of `memberId`, where a grant or a revoke returns. */
const sheetOf = (post: AdminPost, memberId: number) => {
  const [pathname, search = ''] = post.back.split('?')
  return hrefWithState({ pathname: pathname!, search }, { edit: memberId })
}

async function grant(post: AdminPost) {
  const memberId = postedId(post, 'member_id') ?? 0
  const submission = parseWithZod(post.form, { schema: grantAwardSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  let granted
  try {
    granted = await grantAward(getServices(post.context), post.admin, memberId, submission.value)
  } catch (error) {
    return failInline(post, submission, error, FAILED)
  }
  return succeed(post, AWARD_MESSAGES.granted(granted.award, granted.member), { to: sheetOf(post, memberId) })
}

async function revoke(post: AdminPost) {
  const grantId = postedId(post)
  const memberId = postedId(post, 'member_id') ?? 0
  if (grantId !== null && !post.confirmed) return askToConfirm(post, confirmKeyOf(post.intent, grantId))
  try {
    await revokeAward(getServices(post.context), post.admin, memberId, grantId ?? 0)
  } catch (error) {
    return failWithToast(post, error, FAILED)
  }
  return succeed(post, AWARD_MESSAGES.revoked, { to: sheetOf(post, memberId) })
}

export default function MembersRoute({ loaderData: data }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const answer = useActionData<{ bulkConfirm?: BulkConfirm }>()
  const location = useLocation()
  const closeHref = useStateHref()(null)
  const dialog = openDialogOf(params)
  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      <DeleteConfirmStep
        intent={ROSTER_INTENTS.deleteMember}
        items={data.confirming ? [data.confirming] : []}
        message={(m) => deleteMemberConfirm(m.name)}
        confirmLabel="Delete Member"
      />
      {data.revoking ? (
        <ConfirmStep
          confirmKey={confirmKeyOf(AWARD_INTENTS.revoke, data.revoking.id)}
          intent={AWARD_INTENTS.revoke}
          fields={{ id: data.revoking.id, member_id: data.revoking.member_id }}
          message={revokeAwardQuestion(data.revoking.name, data.revoking.member)}
          confirmLabel="Revoke"
        />
      ) : null}
      {dialog === 'add-member' ? (
        <MemberFormDialog
          mode={{ kind: 'add', today: data.today }}
          qualifications={data.qualifications}
          closeHref={closeHref}
        />
      ) : null}
      {data.editing ? (
        <MemberFormDialog
          mode={{ kind: 'edit', ...data.editing }}
          qualifications={data.qualifications}
          closeHref={closeHref}
        />
      ) : null}
      {dialog === 'grant-award' && data.granting && data.awards ? (
        <GrantAwardDialog member={data.granting} awards={data.awards} today={data.today} />
      ) : null}
      {dialog === 'ban' && data.activeMembers ? (
        <BanDialog members={data.activeMembers} preselect={params.get('member') ?? ''} closeHref={closeHref} />
      ) : null}
      {dialog === 'graduate' && data.bmtMembers ? (
        <GraduateDialog members={data.bmtMembers} today={data.today} closeHref={closeHref} />
      ) : null}
      <MembersToolbar data={data} />
      {dialog === 'bulk' ? <BulkActions data={data} confirm={answer?.bulkConfirm ?? null} /> : null}
      <MembersTable data={data} selectable={dialog === 'bulk'} />
      <Pager
        pagination={data.pagination}
        pageHref={(page) => pageHref(location, page)}
        form={SEARCH_FORM_ID}
        sizes={ROSTER_PAGE_SIZES}
        preventScrollReset
      />
    </div>
  )
}

export function meta() {
  return [{ title: 'Members · Roster Management · Task Force HQ' }]
}
