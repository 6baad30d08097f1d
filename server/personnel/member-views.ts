import { asc, desc, eq } from 'drizzle-orm'
import type { AdminMember, PublicMember } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import {
  eventAttendance,
  events,
  memberQualifications,
  members,
  qualifications,
  trainingAttendance,
  trainings,
  type Member,
} from '#db/schema/roster.ts'
import { NotFound } from '../errors.ts'
import { isOnLeave } from '../leave/days.ts'
import { zonedIso } from '../lib/wall-time.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { memberGrants, memberRack } from './awards.ts'

// A roster member as the /api shows them: to anyone (GET /api/roster/member/{id}) and to an admin
// (GET /api/roster/admin/member/{id}, also the data of the member.* webhooks). Read by the roster's use cases and by
// recruitment, which creates members too. event_score = attended_events_count + hidden_score (docs/rules/roster.md).

const eventScore = (m: Pick<Member, 'attended_events_count' | 'hidden_score'>) =>
  Math.round((m.attended_events_count + Number(m.hidden_score)) * 100) / 100

export async function memberRow(db: DbOrTx, id: number, forUpdate = false): Promise<Member> {
  const query = db.select().from(members).where(eq(members.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw new NotFound('Member not found.')
  return row
}

async function memberLinks(db: DbOrTx, id: number) {
  const [quals, evts, trns] = await Promise.all([
    db
      .select({ id: qualifications.id, name: qualifications.name, description: qualifications.description })
      .from(memberQualifications)
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
      .where(eq(memberQualifications.member_id, id))
      .orderBy(asc(qualifications.name)),
    db
      .select({ id: events.id, name: events.name, date: events.date, orbat_image_url: events.orbat_image_url })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.event_id))
      .where(eq(eventAttendance.member_id, id))
      .orderBy(desc(events.date), desc(events.id)),
    db
      .select({
        id: trainings.id,
        name: trainings.name,
        date: trainings.date,
        is_bmt_training: trainings.is_bmt_training,
      })
      .from(trainingAttendance)
      .innerJoin(trainings, eq(trainings.id, trainingAttendance.training_id))
      .where(eq(trainingAttendance.member_id, id))
      .orderBy(desc(trainings.date), desc(trainings.id)),
  ])
  return { quals, evts, trns }
}

/** The fields both views share. */
function summaryOf(row: Member) {
  return {
    id: row.id,
    ingame_name: row.ingame_name,
    rank: row.rank,
    join_date: row.join_date,
    event_score: eventScore(row),
  }
}

/** GET /api/roster/member/{id}: what anyone may see. Banned members are not on the public roster. */
export async function getPublicMember(db: DbOrTx, id: number): Promise<PublicMember> {
  const row = await memberRow(db, id)
  if (row.is_banned) throw new NotFound('Member not found.')
  const [{ quals, evts, trns }, zone, awards, onLoa] = await Promise.all([
    memberLinks(db, id),
    getUnitTimeZone(db),
    memberRack(db, id),
    isOnLeave(db, id),
  ])
  return {
    ...summaryOf(row),
    on_loa: onLoa,
    qualifications: quals,
    events: evts.map((e) => ({ ...e, date: zonedIso(e.date, zone) })),
    trainings: trns.map((t) => ({ ...t, date: zonedIso(t.date, zone) })),
    awards,
  }
}

/** GET /api/roster/admin/member/{id}. */
export async function getAdminMember(db: DbOrTx, id: number): Promise<AdminMember> {
  const row = await memberRow(db, id)
  const [{ quals, evts, trns }, awards, grants] = await Promise.all([
    memberLinks(db, id),
    memberRack(db, id),
    memberGrants(db, id),
  ])
  return {
    ...summaryOf(row),
    notes: row.notes,
    discord_id: row.discord_id,
    bohemia_uuid: row.bohemia_uuid,
    hidden_score: Number(row.hidden_score),
    attended_events_count: row.attended_events_count,
    is_banned: row.is_banned,
    banned_date: row.banned_date ? row.banned_date.toISOString() : null,
    ban_reason: row.ban_reason,
    qualifications: quals.map((q) => q.id),
    events: evts.map((e) => e.id),
    trainings: trns.map((t) => t.id),
    awards,
    award_grants: grants,
  }
}
