import { asc, eq } from 'drizzle-orm'
import type { OrbatSaveInput } from '#contracts/orbat.ts'
import { HISTORY_MESSAGES, type Reseat, type VersionWithReseat } from '#contracts/orbat-history.ts'
import type { DbOrTx } from '#db/client.ts'
import { orbatVersions } from '#db/schema/orbat-history.ts'
import { alliedUnits } from '#db/schema/allies.ts'
import { eligibleRoles, platoons, slots } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { EVERYONE } from '../role-sync/queue.ts'
import { Conflict, NotFound } from '../errors.ts'
import { placementLine } from './waitlist/placement.ts'
import { tellAllyContacts } from './ally-contacts.ts'
import { runTransaction } from '../transaction.ts'
import { postActivity } from '../discord/activity-channel.ts'
import { getVersion, undoTarget } from './history.ts'
import { lockFill, lockMembers } from './locks.ts'
import { isSpacer } from './orbat.ts'
import { decideReseats, reseatOf, type ReseatDecision } from './reseat.ts'
import { saveOrbat, type SaveResult } from './save.ts'

// Restore (docs/rules/orbat-history.md): a version's squads, teams, slots and diagram become the ORBAT through the
// ordinary save, so everything a save guarantees holds. A slot that still exists keeps whoever holds it now; a slot
// the version brings back gets back who held it then where the re-seat rule allows (server/orbat/reseat.ts), else it
// is open and the waitlist fills it as after any save. The save runs under the same locks as any other, after this
// reads what the slots hold, and the members to put back are locked against their own sign-ups first, so a sign-up
// racing the restore lands either before it (and is kept where its slot stays, or makes its member "hold another
// slot now") or after it.

interface RestorePlan {
  body: OrbatSaveInput
  reseat: ReseatDecision
}

/** A version's layout as a save body, with the slots' present holders as the base the save checks against. */
async function restorePlan(tx: DbOrTx, versionId: number): Promise<RestorePlan> {
  const version = await getVersion(tx, versionId)
  const { layout } = version
  // The members the version may put back (every member it names: a slot still there may be empty by now) wait for
  // this restore in their own writes (taken before the slots' rows, as their sign-up takes its lock before the rows).
  await lockMembers(
    tx,
    layout.slots.flatMap((s) => (s.user_id !== null ? [s.user_id] : [])),
  )
  const [roleRows, platoonRows, allyRows, current] = await Promise.all([
    tx.select({ name: eligibleRoles.role_name }).from(eligibleRoles),
    tx.select({ id: platoons.id }).from(platoons),
    tx.select({ id: alliedUnits.id }).from(alliedUnits),
    tx
      .select({ id: slots.id, user_id: slots.user_id, manual_username: slots.manual_username })
      .from(slots)
      .orderBy(asc(slots.id))
      .for('update'),
  ])
  const roles = new Set(roleRows.map((r) => r.name))
  // A reservation for an allied unit deleted since is gone (as the delete ended it); versions older than reservations
  // have none.
  const allies = new Set(allyRows.map((a) => a.id))
  const keptAlly = (id: number | null | undefined) => (id != null && allies.has(id) ? id : null)
  const platoonIds = new Set(platoonRows.map((p) => p.id))
  const squadName = new Map(layout.squads.map((s) => [s.id, s.name]))
  for (const squad of layout.squads) {
    if (squad.platoon_id !== null && !platoonIds.has(squad.platoon_id))
      throw new Conflict(
        `Version ${versionId} puts ${squad.name} in the platoon "${squad.platoon_name ?? squad.platoon_id}", which has since been deleted. Nothing was restored.`,
      )
  }
  for (const slot of layout.slots) {
    if (slot.required_role_id !== null && !roles.has(slot.required_role_id))
      throw new Conflict(
        `Version ${versionId} locks ${slot.role || 'a slot'} (${squadName.get(slot.squad_id) ?? 'a squad'}) to the role "${slot.required_role_id}", which has since been deleted. Nothing was restored.`,
      )
  }
  const reseat = await decideReseats(tx, layout, current)
  const now = new Map(current.map((s) => [s.id, s]))
  const body: OrbatSaveInput = {
    squads: layout.squads.map((s) => ({
      id: s.id,
      name: s.name,
      pos_x: s.pos_x,
      pos_y: s.pos_y,
      can_be_primary_waitlist: s.can_be_primary_waitlist,
      platoon_id: s.platoon_id,
      reserved_for: keptAlly(s.reserved_for),
    })),
    slots: layout.slots.map((s) => {
      // A heading row holds nobody; whoever holds the slot now is freed by the save. A slot someone holds now keeps
      // them; one brought back or found empty holds whom the re-seat puts back, or nobody.
      const present = isSpacer(s.role) ? undefined : (reseat.seats.get(s.id) ?? now.get(s.id))
      return {
        id: s.id,
        squadName: squadName.get(s.squad_id) ?? '',
        team: s.team,
        team_order: s.team_order,
        slot_order: s.slot_order,
        role: s.role,
        user_id: present?.user_id ?? null,
        manual_username: present?.manual_username ?? null,
        required_role_id: s.required_role_id,
        reserved_for: keptAlly(s.reserved_for),
        team_reserved_for: keptAlly(s.team_reserved_for),
      }
    }),
    edges: layout.edges.map((e) => ({
      source: e.source,
      target: e.target,
      sourceHandle: e.source_handle,
      targetHandle: e.target_handle,
    })),
    waypoints: layout.waypoints,
    pax_counters: layout.pax_counters,
    base_slots: current.map((s) => ({ id: s.id, user_id: s.user_id })),
  }
  return { body, reseat }
}

export type RestoreResult = SaveResult & { reseat: Reseat }

/** The audit line of a restore's re-seat: who was put back and who not, and why. */
function reseatDetails(reseat: Reseat): string {
  return [
    reseat.put_back.length ? `Put back: ${reseat.put_back.map((p) => `${p.member} (${p.slot})`).join(', ')}.` : '',
    reseat.not_put_back.length
      ? `Not put back: ${reseat.not_put_back.map((p) => `${p.member} (${p.slot}): ${p.why}`).join('; ')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** POST /api/admin/orbat/versions/{id}/restore: answers as a save does, with who it put back. */
export function restoreVersion(services: AppServices, admin: User, versionId: number): Promise<RestoreResult> {
  return runTransaction(
    services,
    async (tx) => {
      // Taken before the slots are read, so no fill or save changes them between the read and the save.
      await lockFill(tx)
      const { body, reseat } = await restorePlan(tx, versionId)
      const result = await saveOrbat(tx, admin, body, { via: 'restore', note: `Restored version ${versionId}` })
      await recordAudit(
        tx,
        admin,
        'ORBAT version restored',
        [`Version ${versionId} (now version ${result.version}).`, reseatDetails(reseat)].filter(Boolean).join(' '),
      )
      return { ...result, reseat: reseatOf(reseat) }
    },
    {
      name: 'restore ORBAT version',
      changes: ['orbat'],
      // Whoever it put back gains their squad's roles, whoever it freed loses them: the reconcile finds both.
      syncRoles: () => [EVERYONE],
      after: async (result) => {
        postActivity(services, result.placements.map(placementLine))
        await tellAllyContacts(services, result.allies)
      },
    },
  )
}

/**
 * A version with what restoring it now would do with the people who held the slots it brings back (GET
 * /api/admin/orbat/versions/{id}, the history page's and the Undo's confirms). Read without locks: the restore
 * decides again under them.
 */
export async function getVersionWithReseat(db: DbOrTx, versionId: number): Promise<VersionWithReseat> {
  const version = await getVersion(db, versionId)
  const present = await db
    .select({ id: slots.id, user_id: slots.user_id, manual_username: slots.manual_username })
    .from(slots)
  return { ...version, reseat: reseatOf(await decideReseats(db, version.layout, present)) }
}

/** The editor's Undo: restores the version before the newest one. */
export async function undoLastSave(services: AppServices, admin: User): Promise<RestoreResult & { restored: number }> {
  const target = await undoTarget(services.db)
  if (target === null) throw new NotFound(HISTORY_MESSAGES.nothingToUndo)
  return { ...(await restoreVersion(services, admin, target)), restored: target }
}

/** Whether a version exists (the pages' 404). */
export async function versionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: orbatVersions.id }).from(orbatVersions).where(eq(orbatVersions.id, id))
  return Boolean(row)
}
