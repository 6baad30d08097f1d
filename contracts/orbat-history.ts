import { z } from 'zod'
import { numberInput, text } from './fields.ts'

// The ORBAT's memory (docs/rules/orbat-history.md): the answers of /api/admin/orbat/versions and
// /api/roster/events/{id}/orbat-snapshot, and the shapes the pages draw.

/** How a version came to be (the database's check lists the same). */
export const VERSION_VIA = ['editor', 'preset', 'import', 'restore', 'seed'] as const
export type VersionVia = (typeof VERSION_VIA)[number]
/** What a caller of the save may say of it; a restore and the seed are the server's own. */
export const SAVE_VIA = ['editor', 'preset', 'import'] as const
export type SaveVia = (typeof SAVE_VIA)[number]

const id = z.number().int()

/** One line of GET /api/admin/orbat/versions. */
export const versionItemSchema = z.object({
  id,
  at: text().meta({ description: 'When the save was made (ISO 8601).' }),
  by: text().meta({ description: 'Who saved it (the name is kept if the user goes).' }),
  via: z
    .enum(VERSION_VIA)
    .meta({ description: 'editor, preset (a preset loaded and saved), import, restore or seed.' }),
  summary: text().meta({ description: 'What changed, e.g. "+1 squad, 3 slots renamed, 2 members moved".' }),
})
export type VersionItem = z.output<typeof versionItemSchema>

const layoutSquad = z.object({
  id,
  name: text(),
  pos_x: z.number(),
  pos_y: z.number(),
  can_be_primary_waitlist: z.boolean(),
  platoon_id: id.nullable(),
  platoon_name: text().nullable(),
  reserved_for: id
    .nullable()
    .optional()
    .meta({ description: 'The allied unit the squad was reserved for (absent in versions older than reservations).' }),
})
const layoutSlot = z.object({
  id,
  squad_id: id,
  team: text(),
  team_order: z.number().int(),
  slot_order: z.number().int(),
  role: text(),
  required_role_id: text().nullable().meta({ description: 'The role lock: an eligible role name, or null.' }),
  user_id: id.nullable(),
  manual_username: text().nullable(),
  holder: text().nullable().meta({ description: 'The holder as shown then.' }),
  reserved_for: id.nullable().optional().meta({ description: "The slot's own reservation for an allied unit." }),
  team_reserved_for: id.nullable().optional().meta({ description: "Its team's reservation for an allied unit." }),
})
const layoutEdge = z.object({
  source: text(),
  target: text(),
  source_handle: text().nullable(),
  target_handle: text().nullable(),
})
const layoutPoint = z.object({ id, pos_x: z.number(), pos_y: z.number() })

/** A version's whole layout: the squads, slots (with their locks and holders) and the diagram after the save. */
export const versionLayoutSchema = z.object({
  squads: z.array(layoutSquad),
  slots: z.array(layoutSlot),
  edges: z.array(layoutEdge),
  waypoints: z.array(layoutPoint),
  pax_counters: z.array(layoutPoint),
})
export type VersionLayout = z.output<typeof versionLayoutSchema>
export type VersionSquad = VersionLayout['squads'][number]
export type VersionSlot = VersionLayout['slots'][number]

const slotPlace = z.object({ squad: text(), team: text(), role: text() })
const change = z.object({ from: text(), to: text() })

/** What changed from one version to the next. Assignments are shown apart: they are the members' own doing. */
const headingPlace = z.object({
  squad: text(),
  team: text(),
  text: text().meta({ description: 'The heading as shown, without its dashes.' }),
})

export const versionDiffSchema = z.object({
  squads: z.object({
    added: z.array(text()),
    removed: z.array(text()),
    renamed: z.array(change),
  }),
  teams: z.object({
    added: z.array(z.object({ squad: text(), team: text() })),
    removed: z.array(z.object({ squad: text(), team: text() })),
    renamed: z.array(change.extend({ squad: text() })),
  }),
  slots: z.object({
    added: z.array(slotPlace),
    removed: z.array(slotPlace),
    renamed: z.array(change.extend({ squad: text(), team: text() })),
    locks: z
      .array(slotPlace.extend({ from: text().nullable(), to: text().nullable() }))
      .meta({ description: 'Role locks changed (null: unlocked).' }),
    reservations: z.array(slotPlace.extend({ from: id.nullable(), to: id.nullable() })).meta({
      description:
        "Slots whose reservation for an allied unit changed (its own, its team's or its squad's): allied unit ids, null for none.",
    }),
  }),
  headings: z
    .object({
      added: z.array(headingPlace),
      removed: z.array(headingPlace),
      renamed: z.array(change.extend({ squad: text(), team: text() })),
    })
    .meta({ description: 'Heading rows (a role in three dashes): not slots, so apart from them.' }),
  assignments: z.array(slotPlace.extend({ from: text().nullable(), to: text().nullable() })),
})
export type VersionDiff = z.output<typeof versionDiffSchema>

/** GET /api/admin/orbat/versions/{id}. */
export const versionDetailSchema = versionItemSchema.extend({
  previous_id: id.nullable().meta({ description: 'The version before it (null for the first one kept).' }),
  layout: versionLayoutSchema,
  diff: versionDiffSchema.meta({ description: 'Against the version before it (all added for the first one kept).' }),
})
export type VersionDetail = z.output<typeof versionDetailSchema>

/** Why a restore does not put back a member who held a slot it brings back (docs/rules/orbat-history.md). */
export const RESEAT_REASONS = ['holdsSlot', 'banned', 'lock', 'notOnRoster', 'notReserved'] as const
export type ReseatReason = (typeof RESEAT_REASONS)[number]
/** The reasons as the confirms and the history page say them; `lock` names the slot's role lock. */
export const RESEAT_WHY: Record<ReseatReason, (lock: string | null) => string> = {
  holdsSlot: () => 'holds another slot now',
  banned: () => 'banned',
  lock: (lock) => `no longer meets the slot's lock (${lock ?? 'a deleted role'})`,
  notOnRoster: () => 'no longer on the roster',
  notReserved: () => 'no longer a guest of the allied unit the slot is reserved for',
}

const reseatPlace = z.object({
  member: text().meta({ description: 'Who held the slot in the version (a manual name as typed).' }),
  slot: text().meta({ description: 'The slot as "Role (Squad)".' }),
})
/** Who a restore of a version puts back in the slots it brings back, and who not, and why. */
export const reseatSchema = z.object({
  put_back: z.array(reseatPlace).meta({
    description: 'Members who held a slot the restore brings back and get it back (manual names too).',
  }),
  not_put_back: z
    .array(
      reseatPlace.extend({
        reason: z.enum(RESEAT_REASONS),
        why: text().meta({ description: 'The reason in words, e.g. "holds another slot now".' }),
      }),
    )
    .meta({ description: 'Members who held a slot the restore brings back and do not get it back.' }),
})
export type Reseat = z.output<typeof reseatSchema>

/** The re-seat part of a restore's or an Undo's question: "Puts back: ... Not put back: ..." (empty: nobody). */
export function reseatText(reseat: Reseat): string {
  const parts: string[] = []
  if (reseat.put_back.length)
    parts.push(`Puts back: ${reseat.put_back.map((p) => `${p.member} in ${p.slot}`).join(', ')}.`)
  if (reseat.not_put_back.length)
    parts.push(`Not put back: ${reseat.not_put_back.map((p) => `${p.member} (${p.why})`).join(', ')}.`)
  return parts.join(' ')
}

/** GET /api/admin/orbat/versions/{id}: the version, and what restoring it now would do with its slots' people. */
export const versionWithReseatSchema = versionDetailSchema.extend({
  reseat: reseatSchema.meta({
    description:
      'Restoring this version now: who held a slot it brings back and is put back, and who not (holds another slot now, banned, no longer meets the lock, no longer on the roster).',
  }),
})
export type VersionWithReseat = z.output<typeof versionWithReseatSchema>

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 500.'
/** POST /api/admin/orbat/versions/{id}/restore: as PUT /api/admin/orbat/save answers. */
export const restoreAnswerSchema = z.object({
  message: text().meta({ description: '"Version {id} restored."' }),
  version: id.meta({ description: 'The version the restore wrote (via restore).' }),
  kept: z.array(text()).meta({ description: 'Members kept in their slot because they signed up meanwhile.' }),
  removed: z.array(text()).meta({ description: 'Members whose slot the restore removed.' }),
  moved: z.array(text()).meta({ description: 'Squads moved so that no cards overlap.' }),
  placements: z.number().int().meta({ description: 'Open slots filled from the waitlist.' }),
  orbat: z.looseObject({}).meta({ description: 'The ORBAT as GET /api/orbat answers it.' }),
  reseat: reseatSchema.meta({ description: 'Who the restore put back in the slots it brought back, and who not.' }),
})

export const versionsQuerySchema = z.object({
  limit: numberInput(LIMIT_MESSAGE, { integer: true })
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(500, LIMIT_MESSAGE))
    .optional()
    .meta({ description: 'Versions, newest first (default 50, at most 500).' }),
})

// ---- An operation's frozen ORBAT --------------------------------------------------------------------------------

const snapshotSlot = z.object({
  id,
  role: text(),
  required_role_id: text().nullable(),
  holder: text().nullable().meta({ description: 'Who held it, as shown then; null when open.' }),
  member_id: id.nullable().meta({ description: 'The roster member who held it, when there was one.' }),
  guest_of: text()
    .nullable()
    .optional()
    .meta({ description: "The allied unit's tag of a guest who held it (docs/rules/joint-operations.md), else null." }),
  reserved_for: text().nullable().optional().meta({
    description: 'The tag of the allied unit it was reserved for then, while the reservation held; else null.',
  }),
})
const snapshotSquad = z.object({
  id,
  name: text(),
  platoon: text().nullable(),
  teams: z.array(z.object({ name: text(), slots: z.array(snapshotSlot) })),
})
const snapshotWaitlisted = z.object({
  position: z.number().int(),
  name: text(),
  member_id: id.nullable(),
  squad_preference: text().nullable().meta({ description: 'A squad name, or null for Any Squad.' }),
})

/** GET /api/roster/events/{id}/orbat-snapshot (and the freeze's answer). */
export const orbatSnapshotSchema = z.object({
  taken_at: text().meta({ description: 'When it was frozen (ISO 8601).' }),
  taken_by: text().nullable().meta({ description: 'The admin who froze it by hand; null: the job runner.' }),
  squads: z.array(snapshotSquad),
  waitlist: z.array(snapshotWaitlisted),
})
export type OrbatSnapshot = z.output<typeof orbatSnapshotSchema>
export type SnapshotSquad = OrbatSnapshot['squads'][number]
export type SnapshotWaitlisted = OrbatSnapshot['waitlist'][number]

/** GET /api/roster/events/{id}/attendance?suggest=orbat. */
export const attendanceSuggestionSchema = z.object({
  memberIds: z.array(id).meta({ description: "The roster members who held a slot in the event's frozen ORBAT." }),
})

/** One member who held a slot at an operation and was not marked present. */
export interface HeldButAbsent {
  member_id: number
  name: string
  squad: string
  team: string
  slot: string
}

/** A slot a member held in an operation's frozen ORBAT. */
export interface HeldSlot {
  event_id: number
  event: string
  /** The operation's start (ISO 8601). */
  date: string
  squad: string
  team: string
  slot: string
}

/** "Alpha 1-1": where a held slot was, its squad and team as the ORBAT names them. */
export function heldSlotPlace(held: { squad: string; team: string }): string {
  return !held.team ? held.squad : held.team.startsWith(held.squad) ? held.team : `${held.squad} ${held.team}`
}

/** "Rifleman, Alpha 1-1": a slot as the service record says it. */
export function heldSlotText(held: { squad: string; team: string; slot: string }): string {
  return `${held.slot || 'a slot'}, ${heldSlotPlace(held)}`
}

/** What the ORBAT history pages and the editor's Undo say, word for word. */
export const HISTORY_MESSAGES = {
  restored: (id: number) => `Version ${id} restored.`,
  /** With the re-seat's lines (reseatText) after it when the restore brings back held slots. */
  restoreConfirm: (id: number, reseat?: Reseat) =>
    [
      `Restore version ${id}? Its squads, teams and slots become the ORBAT; members keep their slots where the slot still exists.`,
      reseat ? reseatText(reseat) : '',
    ]
      .filter(Boolean)
      .join(' '),
  undoConfirm: 'Undo the last save? The ORBAT goes back to how it stood before it.',
  /** After a restore or an Undo: who it put back ("Put back: Reyes, Novak."); empty when nobody. */
  putBack: (reseat: Reseat) =>
    reseat.put_back.length ? `Put back: ${reseat.put_back.map((p) => p.member).join(', ')}.` : '',
  nothingToUndo: 'There is no earlier version to go back to.',
  frozen: 'The ORBAT was frozen for this operation.',
  freezeOver: 'This operation is over: its ORBAT can no longer be frozen again.',
  notLinked: 'This event is not linked to the ORBAT.',
  noSnapshot: 'No ORBAT was frozen for this event.',
} as const
