import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { AttendanceByUuidResult, OrbatByPlayer, PlayerSlot } from '#contracts/integrations.ts'
import type { DbOrTx } from '#db/client.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import type { ServerToken } from '../auth/api-token.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { getEventAttendance, setEventAttendance } from '../roster/events.ts'

// The game-server endpoints (docs/game-server.md): an Arma server mod asks where a player belongs and reports who
// played. Players are roster members found by their Bohemia UUID (case does not matter); a slot belongs to the member
// whose Discord account holds it.

const uuidKey = sql<string>`lower(${members.bohemia_uuid})`

/** Slots held by members that have a Bohemia UUID, in the ORBAT's order. */
function heldSlots(db: DbOrTx) {
  return db
    .select({ uuid: members.bohemia_uuid, slot_id: slots.id, squad: squads.name, team: slots.team, role: slots.role })
    .from(slots)
    .innerJoin(squads, eq(squads.id, slots.squad_id))
    .innerJoin(users, eq(users.id, slots.user_id))
    .innerJoin(members, eq(members.discord_id, users.discord_id))
}

/** GET /api/integrations/slots?bohemia_uuid=: the player's slot, or 404. */
export async function playerSlot(db: DbOrTx, bohemiaUuid: string): Promise<PlayerSlot> {
  const [row] = await heldSlots(db).where(eq(uuidKey, bohemiaUuid.toLowerCase())).limit(1)
  if (!row) throw new NotFound('No member with that Bohemia UUID holds a slot.')
  return { slot_id: row.slot_id, squad: row.squad, team: row.team, role: row.role }
}

/**
 * GET /api/integrations/orbat: who holds which slot, by Bohemia UUID, with a weak ETag of the body: the compression
 * middleware may send the same data raw or compressed, and a strong tag would have to differ per coding.
 */
export async function orbatByPlayer(db: DbOrTx): Promise<{ body: OrbatByPlayer; etag: string }> {
  const rows = await heldSlots(db)
    .where(isNotNull(members.bohemia_uuid))
    .orderBy(
      asc(squads.pos_y),
      asc(squads.pos_x),
      asc(squads.id),
      asc(slots.team_order),
      asc(slots.slot_order),
      asc(slots.id),
    )
  const body: OrbatByPlayer = {
    slots: Object.fromEntries(
      rows.map((r) => [r.uuid!, { slot_id: r.slot_id, squad: r.squad, team: r.team, role: r.role }]),
    ),
  }
  const etag = `W/"${crypto.createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`
  return { body, etag }
}

/**
 * POST /api/integrations/events/{id}/attendance: adds the listed players to the event's attendance through the admin
 * screen's use case (scores move the same way; the audit entry names the server token). Idempotent: players already
 * recorded are left alone, and a list with nothing new writes nothing.
 */
export async function recordAttendanceByUuid(
  services: AppServices,
  token: ServerToken,
  eventId: number,
  bohemiaUuids: string[],
): Promise<AttendanceByUuidResult> {
  const lowered = bohemiaUuids.map((u) => u.toLowerCase())
  const found = lowered.length
    ? await services.db
        .select({ id: members.id, uuid: uuidKey })
        .from(members)
        .where(and(isNotNull(members.bohemia_uuid), inArray(uuidKey, lowered)))
    : []
  const idOf = new Map(found.map((m) => [m.uuid, m.id]))
  const known = bohemiaUuids.filter((u) => idOf.has(u.toLowerCase()))
  const wanted = known.map((u) => idOf.get(u.toLowerCase())!)

  let before = (await getEventAttendance(services.db, eventId)).memberIds
  let after = before
  if (wanted.some((id) => !before.includes(id))) {
    ;({ memberIds: after } = await setEventAttendance(services, token.actor, eventId, (current) => {
      before = current
      return [...new Set([...current, ...wanted])]
    }))
  }
  const wasThere = (uuid: string) => before.includes(idOf.get(uuid.toLowerCase())!)
  return {
    event_id: eventId,
    recorded: known.filter((u) => !wasThere(u)),
    already_recorded: known.filter(wasThere),
    unknown: bohemiaUuids.filter((u) => !idOf.has(u.toLowerCase())),
    attendance_count: after.length,
  }
}
