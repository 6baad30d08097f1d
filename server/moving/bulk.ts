import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { awardGrants, awards } from '#db/schema/personnel.ts'
import { events, memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { BulkInput } from '#contracts/moving.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Invalid } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { markChange } from '../personnel/history.ts'
import { addEventAttendees } from '../roster/events.ts'
import { clearBan, deleteMember, emitMemberEvents, storeBan } from '../roster/members.ts'
import { runTransaction } from '../transaction.ts'

// Bulk actions on the roster admin's ticked members (docs/rules/roster.md, Moving in and out): one action on many
// members in one transaction, one audit entry per member, the role sync queued once per member. An id that is not a
// member, or a member the action cannot apply to (banning the banned, unbanning someone who is not), refuses the whole
// action with a 400 naming them, and nothing changes.

interface Target {
  id: number
  name: string
  discord_id: string | null
  rank: string
  is_banned: boolean
}

const names = (list: Target[]) => list.map((m) => m.name).join(', ')

async function targets(tx: DbOrTx, ids: number[]): Promise<Target[]> {
  const rows = await tx
    .select({
      id: members.id,
      name: members.ingame_name,
      discord_id: members.discord_id,
      rank: members.rank,
      is_banned: members.is_banned,
    })
    .from(members)
    .where(inArray(members.id, ids))
    .orderBy(members.id)
    .for('update')
  const found = new Set(rows.map((r) => r.id))
  const unknown = ids.filter((id) => !found.has(id))
  if (unknown.length)
    throw new Invalid(`Not on the roster: member ${unknown.join(', ')}.`, {
      member_ids: [`Unknown: ${unknown.join(', ')}`],
    })
  return rows
}

function named<T extends { id: number; name: string }>(rows: T[], what: string, field: string): T {
  const [row] = rows
  if (!row) throw new Invalid(`That ${what} does not exist.`, { [field]: [`That ${what} does not exist.`] })
  return row
}

/** Applies the action to every member: answers how many changed (a member the action leaves as it was is not counted). */
async function applyBulk(
  tx: DbOrTx,
  admin: User,
  input: BulkInput,
): Promise<{ changed: number; discordIds: (string | null)[] }> {
  const list = await targets(tx, input.member_ids)
  const discordIds = list.map((m) => m.discord_id)
  await markChange(tx, 'admin', admin)
  switch (input.action) {
    case 'set_rank': {
      const moving = list.filter((m) => m.rank !== input.rank)
      if (moving.length)
        await tx
          .update(members)
          .set({ rank: input.rank })
          .where(
            inArray(
              members.id,
              moving.map((m) => m.id),
            ),
          )
      for (const m of moving)
        await recordAudit(tx, admin, 'Member updated', `${m.name}: rank ${m.rank} -> ${input.rank} (bulk)`)
      await emitMemberEvents(
        tx,
        'member.updated',
        moving.map((m) => m.id),
      )
      return { changed: moving.length, discordIds }
    }
    case 'grant_qualification':
    case 'revoke_qualification': {
      const qualification = await named(
        await tx
          .select({ id: qualifications.id, name: qualifications.name })
          .from(qualifications)
          .where(eq(qualifications.id, input.qualification_id)),
        'qualification',
        'qualification_id',
      )
      const ids = list.map((m) => m.id)
      const changed =
        input.action === 'grant_qualification'
          ? await tx
              .insert(memberQualifications)
              .values(ids.map((member_id) => ({ member_id, qualification_id: qualification.id })))
              .onConflictDoNothing()
              .returning({ id: memberQualifications.member_id })
          : await tx
              .delete(memberQualifications)
              .where(
                and(
                  eq(memberQualifications.qualification_id, qualification.id),
                  inArray(memberQualifications.member_id, ids),
                ),
              )
              .returning({ id: memberQualifications.member_id })
      const changedIds = new Set(changed.map((r) => r.id))
      const action = input.action === 'grant_qualification' ? 'Qualification granted' : 'Qualification revoked'
      for (const m of list.filter((m) => changedIds.has(m.id)))
        await recordAudit(tx, admin, action, `${qualification.name}: ${m.name} (bulk)`)
      return { changed: changedIds.size, discordIds }
    }
    case 'grant_award': {
      const award = await named(
        await tx.select({ id: awards.id, name: awards.name }).from(awards).where(eq(awards.id, input.award_id)),
        'award',
        'award_id',
      )
      const granted = await tx
        .insert(awardGrants)
        .values(
          list.map((m) => ({
            member_id: m.id,
            award_id: award.id,
            award_name: award.name,
            citation: input.citation,
            date: input.date,
            granted_by_user_id: admin.id,
          })),
        )
        .returning({ id: awardGrants.id, member: awardGrants.member_id })
      for (const m of list) {
        await recordAudit(
          tx,
          admin,
          'Award granted',
          `${award.name} to ${m.name} on ${input.date}${input.citation ? `: ${input.citation}` : ''} (bulk)`,
        )
        const grant = granted.find((g) => g.member === m.id)!
        await notify(
          tx,
          { memberId: m.id, except: admin.id },
          {
            kind: 'promotions_awards',
            event: `award:${grant.id}`,
            title: inEveryLanguage('notifications.award.title', { award: award.name }),
            body: input.citation
              ? inEveryLanguage('notifications.award.bodyWithCitation', { award: award.name, citation: input.citation })
              : inEveryLanguage('notifications.award.body', { award: award.name }),
            url: '/account/record',
          },
        )
      }
      return { changed: list.length, discordIds }
    }
    case 'mark_attended': {
      const event = await named(
        await tx
          .select({ id: events.id, name: events.name })
          .from(events)
          .where(eq(events.id, input.event_id))
          .for('update'),
        'event',
        'event_id',
      )
      const added = new Set(
        await addEventAttendees(
          tx,
          event.id,
          list.map((m) => m.id),
        ),
      )
      for (const m of list.filter((m) => added.has(m.id)))
        await recordAudit(tx, admin, 'Attendance recorded', `${event.name}: ${m.name} attended (bulk)`)
      return { changed: added.size, discordIds }
    }
    case 'ban': {
      const already = list.filter((m) => m.is_banned)
      if (already.length)
        throw new Invalid(`Already banned: ${names(already)}.`, { member_ids: [`Already banned: ${names(already)}`] })
      // A freed slot goes to the waitlist: whoever it placed gets their squad's role too.
      const placed: (string | null)[] = []
      for (const m of list) placed.push((await storeBan(tx, admin, m.id, input.reason)).placement?.discordId ?? null)
      return { changed: list.length, discordIds: [...discordIds, ...placed] }
    }
    case 'unban': {
      const notBanned = list.filter((m) => !m.is_banned)
      if (notBanned.length)
        throw new Invalid(`Not banned: ${names(notBanned)}.`, { member_ids: [`Not banned: ${names(notBanned)}`] })
      for (const m of list) await clearBan(tx, admin, m.id)
      return { changed: list.length, discordIds }
    }
    case 'delete': {
      for (const m of list) await deleteMember(tx, admin, m.id)
      return { changed: list.length, discordIds }
    }
  }
}

/** The fields each action reads: a body with any other key is refused, naming it (docs/security.md, strict bodies). */
const ACTION_FIELDS: Record<BulkInput['action'], string[]> = {
  set_rank: ['rank'],
  grant_qualification: ['qualification_id'],
  revoke_qualification: ['qualification_id'],
  grant_award: ['award_id', 'citation', 'date'],
  mark_attended: ['event_id'],
  ban: ['reason'],
  unban: [],
  delete: [],
}

/** Refuses keys the body's action does not read (an unknown action is left to the schema's own message). */
export function refuseUnknownKeys(body: Record<string, unknown>): void {
  const fields = ACTION_FIELDS[body.action as BulkInput['action']]
  if (!fields) return
  const unknown = Object.keys(body).filter((key) => key !== 'action' && key !== 'member_ids' && !fields.includes(key))
  if (unknown.length)
    throw new Invalid(
      `Unknown field${unknown.length > 1 ? 's' : ''} for ${String(body.action)}: ${unknown.join(', ')}.`,
      Object.fromEntries(unknown.map((key) => [key, ['This field is not accepted here.']])),
    )
}

/** POST /api/admin/roster/members/bulk and the member list's action bar. */
export async function bulkMemberAction(
  services: AppServices,
  admin: User,
  input: BulkInput,
): Promise<{ changed: number }> {
  const { changed } = await runTransaction(services, (tx) => applyBulk(tx, admin, input), {
    name: `bulk ${input.action}`,
    changes: ['roster', 'orbat'],
    syncRoles: ({ discordIds }) => discordIds,
  })
  return { changed }
}
