import { inEveryLanguage } from '../notifications/texts.ts'
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import {
  AWARD_MESSAGES,
  type AwardGrantItem,
  type AwardInput,
  type AwardItem,
  type GrantAwardInput,
  type RackAward,
  type RosterAward,
} from '#contracts/awards.ts'
import type { DbOrTx } from '#db/client.ts'
import { awardGrants, awards } from '#db/schema/personnel.ts'
import { members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { checkImage, storeImage } from '../lib/stored-images.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { announceAward } from '../discord/award-announcements.ts'
import { Conflict, Invalid, NotFound, ServiceError } from '../errors.ts'
import { getSetting } from '../unit/settings.ts'
import { notify } from '../notifications/outbox.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'

// Awards (docs/rules/personnel.md, Awards): admins define them (name, description, an image or a drawn ribbon, the
// precedence), grant them to members with a citation and a day, and revoke a grant. A grant copies the award's name,
// so a deleted award stays readable in its holders' records (award_id then becomes null). Every change is audited in
// its transaction; a grant may be announced in the promotion channel after the commit.

// ---- reads ------------------------------------------------------------------------------------------------------------

// NOTE: spelled out: drizzle may leave the table off a column inside sql``, which would compare award_grants with itself.
const grantCount = sql<number>`(select count(*)::int from award_grants g where g.award_id = "awards"."id")`

const itemColumns = {
  id: awards.id,
  name: awards.name,
  description: awards.description,
  image_url: awards.image_url,
  precedence: awards.precedence,
  grant_count: grantCount,
}

/** GET /api/awards: every award in precedence order (lower first), with how many grants of it members hold. */
export async function listAwards(db: DbOrTx): Promise<AwardItem[]> {
  return db
    .select(itemColumns)
    .from(awards)
    .orderBy(asc(awards.precedence), sql`lower(${awards.name})`, asc(awards.id))
}

/** Each award's image address by id: what a page adds to GET /api/roster's awards to draw their racks. */
export async function awardImages(db: DbOrTx): Promise<Map<number, string | null>> {
  const rows = await db.select({ id: awards.id, image_url: awards.image_url }).from(awards)
  return new Map(rows.map((r) => [r.id, r.image_url]))
}

/** A roster row's awards with their images (none for a deleted award: its ribbon is drawn). */
export function withImages(list: RosterAward[], images: Map<number, string | null>): RackAward[] {
  return list.map((a) => ({ ...a, image_url: a.award_id === null ? null : (images.get(a.award_id) ?? null) }))
}

async function awardItem(db: DbOrTx, id: number): Promise<AwardItem> {
  const [row] = await db.select(itemColumns).from(awards).where(eq(awards.id, id)).limit(1)
  if (!row) throw new NotFound(AWARD_MESSAGES.awardNotFound)
  return row
}

/**
 * A member's ribbon rack: one entry per award held (a deleted award by its kept name), with the count, in precedence
 * order; awards that no longer exist come last.
 */
export async function memberRack(db: DbOrTx, memberId: number): Promise<RackAward[]> {
  const name = sql<string>`coalesce(${awards.name}, ${awardGrants.award_name})`
  return db
    .select({
      award_id: awardGrants.award_id,
      name,
      image_url: awards.image_url,
      count: sql<number>`count(*)::int`,
    })
    .from(awardGrants)
    .leftJoin(awards, eq(awards.id, awardGrants.award_id))
    .where(eq(awardGrants.member_id, memberId))
    .groupBy(awardGrants.award_id, name, awards.image_url, awards.precedence)
    .orderBy(sql`${awards.precedence} asc nulls last`, sql`lower(${name})`, asc(awardGrants.award_id))
}

/** A member's grants, newest first (the admin's member sheet: each can be revoked). */
export async function memberGrants(db: DbOrTx, memberId: number): Promise<AwardGrantItem[]> {
  return db
    .select({
      id: awardGrants.id,
      award_id: awardGrants.award_id,
      name: sql<string>`coalesce(${awards.name}, ${awardGrants.award_name})`,
      image_url: awards.image_url,
      citation: awardGrants.citation,
      date: awardGrants.date,
      announced: awardGrants.announced,
    })
    .from(awardGrants)
    .leftJoin(awards, eq(awards.id, awardGrants.award_id))
    .where(eq(awardGrants.member_id, memberId))
    .orderBy(desc(awardGrants.date), desc(awardGrants.id))
}

/** A grant named for Revoke's confirm step: the award, and whose it is; null when there is no such grant. */
export async function grantSummary(
  db: DbOrTx,
  grantId: number,
): Promise<{ id: number; member_id: number; name: string; member: string } | null> {
  const [row] = await db
    .select({
      id: awardGrants.id,
      member_id: awardGrants.member_id,
      name: sql<string>`coalesce(${awards.name}, ${awardGrants.award_name})`,
      member: members.ingame_name,
    })
    .from(awardGrants)
    .innerJoin(members, eq(members.id, awardGrants.member_id))
    .leftJoin(awards, eq(awards.id, awardGrants.award_id))
    .where(eq(awardGrants.id, grantId))
    .limit(1)
  return row ?? null
}

// ---- writes inside a use case's transaction --------------------------------------------------------------------------

/** Names are unique whatever their case: "Purple Heart" and "purple heart" would be one award to a reader. */
async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const same = sql`lower(${awards.name}) = lower(${name})`
  const [taken] = await tx
    .select({ name: awards.name })
    .from(awards)
    .where(exceptId === undefined ? same : and(same, ne(awards.id, exceptId)))
    .limit(1)
  if (taken) throw new Conflict(AWARD_MESSAGES.nameTaken(taken.name), { name: [AWARD_MESSAGES.nameTaken(taken.name)] })
}

/** An uploaded file's bytes, checked before anything is written (a bad file is a 400 naming the `image` field). */
function checkedUpload(image: Uint8Array | null | undefined): Uint8Array | null {
  if (!image?.length) return null
  try {
    checkImage(image)
  } catch (error) {
    if (error instanceof ServiceError) throw new Invalid(error.message, { image: [error.message] })
    throw error
  }
  return image
}

/** The award's image address: an upload replaces what the form said. */
async function imageAddress(services: AppServices, input: AwardInput, upload: Uint8Array | null) {
  return upload ? (await storeImage(services, upload)).url : input.image_url
}

const describeAward = (a: { name: string; precedence: number; image_url: string | null }) =>
  `${a.name} (precedence ${a.precedence}${a.image_url ? `, image ${a.image_url}` : ', drawn ribbon'})`

// ---- use cases --------------------------------------------------------------------------------------------------------

/**
 * Add Award. `image` is an uploaded file's bytes (the page's form; the /api sends `image_url` instead). A file that is
 * no image, or too large, is refused before anything is stored.
 */
export async function addAward(
  services: AppServices,
  admin: User,
  input: AwardInput,
  image?: Uint8Array | null,
): Promise<AwardItem> {
  const upload = checkedUpload(image)
  return runTransaction(
    services,
    async (tx) => {
      await assertNameFree(tx, input.name)
      const values = { ...input, image_url: await imageAddress(services, input, upload) }
      const [row] = await tx.insert(awards).values(values).returning({ id: awards.id })
      await recordAudit(tx, admin, 'Award added', describeAward(values))
      return awardItem(tx, row!.id)
    },
    { name: 'add award', changes: [] },
  )
}

/** Edit Award; a rename shows at once wherever the award is held (grants keep the name they were given with). */
export async function editAward(
  services: AppServices,
  admin: User,
  id: number,
  input: AwardInput,
  image?: Uint8Array | null,
): Promise<AwardItem> {
  const upload = checkedUpload(image)
  return runTransaction(
    services,
    async (tx) => {
      const [before] = await tx.select().from(awards).where(eq(awards.id, id)).for('update').limit(1)
      if (!before) throw new NotFound(AWARD_MESSAGES.awardNotFound)
      await assertNameFree(tx, input.name, id)
      const values = { ...input, image_url: await imageAddress(services, input, upload), updated_at: new Date() }
      await tx.update(awards).set(values).where(eq(awards.id, id))
      const renamed = before.name === input.name ? '' : ` (was ${before.name})`
      await recordAudit(tx, admin, 'Award updated', `${describeAward(values)}${renamed}`)
      return awardItem(tx, id)
    },
    // The public roster lists each member's awards by name.
    { name: 'edit award', changes: ['roster'] },
  )
}

/** Delete Award: its grants stay in their holders' records under the name they were given with (award_id null). */
export async function removeAward(services: AppServices, admin: User, id: number): Promise<{ grantsKept: number }> {
  return runTransaction(
    services,
    async (tx) => {
      const [held] = await tx.select({ n: count() }).from(awardGrants).where(eq(awardGrants.award_id, id))
      const [removed] = await tx.delete(awards).where(eq(awards.id, id)).returning({ name: awards.name })
      if (!removed) throw new NotFound(AWARD_MESSAGES.awardNotFound)
      const grantsKept = held?.n ?? 0
      await recordAudit(
        tx,
        admin,
        'Award deleted',
        grantsKept ? `${removed.name} (${grantsKept} grants kept in members' records)` : removed.name,
      )
      return { grantsKept }
    },
    { name: 'remove award', changes: ['roster'] },
  )
}

interface Granted {
  id: number
  award: string
  member: string
  citation: string
  /** The promotion channel to post in, when asked and one is set. */
  channel: string | null
}

/**
 * Grant Award: one more grant of an award to a member (a member may hold an award several times). An unknown award is
 * a 400 naming `award_id`; an unknown member a 404. With `announce`, the grant is posted in the promotion channel after
 * the commit (nothing when no channel is set); a Discord failure never undoes the grant.
 */
export async function grantAward(
  services: AppServices,
  admin: User,
  memberId: number,
  input: GrantAwardInput,
): Promise<Granted> {
  return runTransaction(
    services,
    async (tx) => {
      const [member] = await tx
        .select({ id: members.id, name: members.ingame_name })
        .from(members)
        .where(eq(members.id, memberId))
        .for('share')
        .limit(1)
      if (!member) throw new NotFound('Member not found.')
      const [award] = await tx
        .select({ id: awards.id, name: awards.name })
        .from(awards)
        .where(eq(awards.id, input.award_id))
        .for('share')
        .limit(1)
      if (!award) throw new Invalid(AWARD_MESSAGES.awardUnknown, { award_id: [AWARD_MESSAGES.awardUnknown] })
      const channel = input.announce ? (await getSetting(tx, 'promotion_channel_id')) || null : null
      const [row] = await tx
        .insert(awardGrants)
        .values({
          member_id: member.id,
          award_id: award.id,
          award_name: award.name,
          citation: input.citation,
          date: input.date,
          announced: channel !== null,
          granted_by_user_id: admin.id,
        })
        .returning({ id: awardGrants.id })
      await recordAudit(
        tx,
        admin,
        'Award granted',
        `${award.name} to ${member.name} on ${input.date}${input.citation ? `: ${input.citation}` : ''}`,
      )
      await notify(
        tx,
        { memberId: member.id, except: admin.id },
        {
          kind: 'promotions_awards',
          event: `award:${row!.id}`,
          title: inEveryLanguage('notifications.award.title', { award: award.name }),
          body: input.citation
            ? inEveryLanguage('notifications.award.bodyWithCitation', { award: award.name, citation: input.citation })
            : inEveryLanguage('notifications.award.body', { award: award.name }),
          url: '/account/record',
        },
      )
      // The grant as the member's grants list shows it (GET /api/roster/members/{id}/awards), with whose it is.
      await emitWebhook(tx, 'award.granted', async () => ({
        member_id: member.id,
        grant: (await memberGrants(tx, member.id)).find((g) => g.id === row!.id) ?? null,
      }))
      return { id: row!.id, award: award.name, member: member.name, citation: input.citation, channel }
    },
    {
      name: 'grant award',
      changes: ['roster'],
      after: (granted) => (granted.channel ? announceAward(services, granted.channel, granted) : undefined),
    },
  )
}

/** Revoke: removes one grant of the member's (another member's grant id is not found). */
export async function revokeAward(
  services: AppServices,
  admin: User,
  memberId: number,
  grantId: number,
): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      // The grant as it was (a revoke that finds nothing rolls back, and with it this).
      await emitWebhook(tx, 'award.revoked', async () => ({
        member_id: memberId,
        grant: (await memberGrants(tx, memberId)).find((g) => g.id === grantId) ?? null,
      }))
      const [removed] = await tx
        .delete(awardGrants)
        .where(and(eq(awardGrants.id, grantId), eq(awardGrants.member_id, memberId)))
        .returning({ name: awardGrants.award_name, date: awardGrants.date })
      if (!removed) throw new NotFound(AWARD_MESSAGES.grantNotFound)
      const [member] = await tx
        .select({ name: members.ingame_name })
        .from(members)
        .where(eq(members.id, memberId))
        .limit(1)
      await recordAudit(
        tx,
        admin,
        'Award revoked',
        `${removed.name} (${removed.date}) from ${member?.name ?? memberId}`,
      )
    },
    { name: 'revoke award', changes: ['roster'] },
  )
}
