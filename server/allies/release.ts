import { sql } from 'drizzle-orm'
import type { AppServices } from '../context.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { postActivity } from '../discord/activity-channel.ts'
import { fillOpenSlots } from '../orbat/waitlist/waitlist.ts'
import { placementLine } from '../orbat/waitlist/placement.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import { runTransaction } from '../transaction.ts'

// The release of reservations (docs/rules/joint-operations.md). A reservation holds until its allied unit's release
// time before the next ORBAT-linked operation: the sign-up rules read the clock themselves
// (db/functions/orbat.sql allied_reservation_holds), so a slot is open to members from that second whatever runs. The
// job runner then announces each release once per operation: the waitlist fills the slots that opened (the longest
// waiting first, as when any slot opens), those still waiting hear that slots opened, and open pages refresh.

type Released = {
  id: number
  name: string
  open_slots: number
}

export async function releaseDueReservations(services: AppServices): Promise<Released[]> {
  return runTransaction(
    services,
    async (tx) => {
      const released = [
        ...(await tx.execute<Released & { operation: string }>(sql`
          update allied_units a set released_for = next_operation_start()
           where a.release_hours_before is not null and next_operation_start() is not null
             and now() >= next_operation_start() - make_interval(hours => a.release_hours_before)
             and a.released_for is distinct from next_operation_start()
          returning a.id, a.name, next_operation_start()::text as operation,
            (select count(*)::int from slots s join squads q on q.id = s.squad_id
              where coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) = a.id
                and s.user_id is null and s.manual_username is null and s.role not like '---%') as open_slots`)),
      ]
      if (!released.length) return { released, placed: [] }
      const placed = await fillOpenSlots(tx)
      for (const unit of released) {
        await recordAudit(
          tx,
          SYSTEM_ACTOR,
          'Allied reservation released',
          `${unit.name}: ${unit.open_slots} open slot${unit.open_slots === 1 ? '' : 's'} opened to everyone`,
        )
        if (unit.open_slots === 0) continue
        // Those who still wait (a placement took the others off the waitlist) hear that the slots are theirs to take:
        // one statement for the whole waitlist.
        await notify(
          tx,
          { waitlist: true },
          {
            kind: 'slot_changed',
            event: `ally-release:${unit.id}:${unit.operation}`,
            title: inEveryLanguage('notifications.reservedOpen.title'),
            body: inEveryLanguage('notifications.reservedOpen.body', { unit: unit.name }),
            url: '/orbat',
          },
        )
      }
      return { released: released.map(({ id, name, open_slots }) => ({ id, name, open_slots })), placed }
    },
    {
      name: 'allied reservation release',
      changes: (result) => (result.released.length ? ['orbat'] : []),
      syncRoles: (result) => result.placed.map((p) => p.discordId),
      after: (result) => postActivity(services, result.placed.map(placementLine)),
    },
  ).then((result) => result.released)
}
