import type { OrbatRights } from '#contracts/orbat-rights.ts'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { isBanned, waitlistEligibility } from './waitlist/waitlist.ts'
import { guestUnitOf } from './guests.ts'
import { eligibleRoleIds, qualifiesForLock } from './orbat.ts'

/**
 * What the member may do on the public ORBAT, by the rules signUpToSlot and joinWaitlist enforce (the ban, the role
 * locks, the waitlist's eligible roles, a guest's allied unit), so the page offers only actions that can succeed. The
 * time lock, who holds which slot and which reservations hold change live; the page decides those from the live data.
 */
export async function orbatRights(db: DbOrTx, user: User): Promise<OrbatRights> {
  const [roles, banned, guestUnit] = await Promise.all([
    eligibleRoleIds(db),
    isBanned(db, user),
    guestUnitOf(db, user.id),
  ])
  // A guest holds no roles in the unit's guild: the waitlist takes them whatever their roles (db/functions/waitlist.sql).
  const waitlist = guestUnit ? { eligible: true, general: true } : waitlistEligibility(user.discord_roles, roles)
  return {
    qualifiedLocks: [...roles.keys()].filter((name) => qualifiesForLock(name, user.discord_roles, roles)),
    signUpRefusal: banned ? { label: 'banned', code: 'bannedSignUp', detail: null } : null,
    waitlistRefusal: banned ? 'bannedWaitlist' : waitlist.eligible ? null : 'noEligibleRole',
    generalWaitlist: waitlist.general,
    guestOf: guestUnit && { id: guestUnit.id, name: guestUnit.name, tag: guestUnit.tag },
    roleLocksApply: guestUnit === null || guestUnit.guests_need_roles,
  }
}
