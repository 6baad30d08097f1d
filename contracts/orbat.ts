import { z } from 'zod'
import { fieldLabel, MAX_INT, text } from './fields.ts'
import type { WaitlistItem, WaitlistSquad } from './waitlist.ts'
import { SAVE_VIA } from './orbat-history.ts'

// The ORBAT as both sides see it (docs/rules/orbat.md): the JSON shapes of GET /api/orbat (also a save's answer and a
// loaded preset) and the body of PUT /api/admin/orbat/save, which the server parses with this schema and the editor
// builds (its type is the schema's input).

export interface OrbatSquad {
  id: number
  name: string
  pos_x: number
  pos_y: number
  can_be_primary_waitlist: boolean
  platoon_id: number | null
  discord_channel_id: string | null
  /** The squad's own reservation for an allied unit (stored: the editor's value, released or not), or null. */
  reserved_for?: number | null
}

/** An allied unit a slot is reserved for, as the ORBAT shows it (docs/rules/joint-operations.md). */
export interface SlotReservation {
  id: number
  tag: string
  name: string
}

/** Who holds a slot, as shown: a guest of an allied unit carries its tag. */
export interface SlotHolder {
  name: string
  guest_of: string | null
}

export interface OrbatSlot {
  id: number
  squad_id: number
  team: string
  team_order: number
  slot_order: number
  role: string
  user_id: number | null
  manual_username: string | null
  /** Read only: the holder's name as shown (in-game name preferred). */
  discord_username: string | null
  avatar: string | null
  /** The role lock: an eligible role name, or null for UNLOCKED. */
  required_role_id: string | null
  /**
   * Read only: the holder is on leave of absence today (docs/rules/personnel.md); false for an open slot or a manual
   * name. Every slot of GET /api/orbat has it; a layout the editor builds or a preset loads may not.
   */
  on_loa?: boolean
  /**
   * Read only: the allied unit the slot is reserved for while the reservation holds (its own, else its team's, else its
   * squad's), or null (none, or released). Every slot of GET /api/orbat has it.
   */
  reserved_for?: SlotReservation | null
  /** The slot's own and its team's stored reservations (allied unit ids), as the editor keeps them. */
  own_reserved_for?: number | null
  team_reserved_for?: number | null
  /** Read only: the holder as shown, or null for an open slot. */
  holder?: SlotHolder | null
}

export interface OrbatEdge {
  id: number
  source: string
  target: string
  sourceHandle: string | null
  targetHandle: string | null
  type: 'smoothstep'
}

export interface OrbatPoint {
  id: number
  pos_x: number
  pos_y: number
}

export interface OrbatPayload {
  squads: OrbatSquad[]
  slots: OrbatSlot[]
  edges: OrbatEdge[]
  waypoints: OrbatPoint[]
  pax_counters: OrbatPoint[]
}

/** A roster member as the editor's Assigned field offers it: `user_id` when their Discord account is linked, else null (a manual name only). */
export interface AssignableMember {
  name: string
  user_id: number | null
  banned: boolean
}

/** GET /api/settings: what the public ORBAT needs of the settings. */
export interface OrbatSettings {
  /** ISO date-time of the time lock, or '' when none is set. */
  signup_time: string
}

/** The public ORBAT's four polled answers (/api/orbat, /api/waitlist, /api/settings, /api/waitlist/squads), together: the live stream's snapshot and the page's loader data. */
export interface LiveOrbatData {
  orbat: OrbatPayload
  waitlist: WaitlistItem[]
  settings: OrbatSettings
  squads: WaitlistSquad[]
}

// ---- PUT /api/admin/orbat/save -------------------------------------------------------------------------------------

/** Every error names its row and field: `slots[3].role: Slot roles are limited to 100 characters.` */
const at = (message: string) => ({
  error: (issue: { path?: PropertyKey[] }) => `${fieldLabel(issue.path)}: ${message}`,
})

/** A temporary id of a new row as text (e.g. @xyflow/react's node ids): not all digits, so it never reads as a stored id. */
const TEMP_ID = /^(?=.*[^\d-])[\w:.-]{1,100}$/
/**
 * A row's id: a stored row's number; for a new row none, a number <= 0 or an unknown one (the editor's temporary ids
 * are negative), or a text id. Slots find their squad by name; edges find their ends by these ids.
 */
const rowId = z
  .custom<number | string>(
    (v) =>
      (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= MAX_INT) ||
      (typeof v === 'string' && TEMP_ID.test(v)),
    {
      error: (issue) =>
        `${fieldLabel(issue.path)}: ${typeof issue.input === 'number' ? 'Ids must be integers.' : 'Ids must be numbers, or temporary text ids such as "new-1" for new rows.'}`,
    },
  )
  // What the OpenAPI document says of it: a custom check has no JSON Schema of its own.
  .meta({
    anyOf: [{ type: 'integer' }, { type: 'string', pattern: TEMP_ID.source }],
    description: "A stored row's id; none, a number <= 0 or a text id for a new row.",
  })
  .optional()
const userId = z
  .number(at('user_id must be a number or null.'))
  .int(at('user_id must be a whole number.'))
  .min(1, at('user_id must be a user id.'))
  .max(MAX_INT, at('user_id must be a user id.'))
const PLATOON_ID = 'platoon_id must be a platoon id or null.'
const platoonId = z.number(at(PLATOON_ID)).int(at(PLATOON_ID)).min(1, at(PLATOON_ID)).max(MAX_INT, at(PLATOON_ID))
const ALLY_ID = 'reserved_for must be an allied unit id or null.'
const alliedIdNumber = z.number(at(ALLY_ID)).int(at(ALLY_ID)).min(1, at(ALLY_ID)).max(MAX_INT, at(ALLY_ID))
/**
 * A reservation for an allied unit (docs/rules/joint-operations.md): its id, or null for none; left out, a stored
 * squad or slot keeps the one it has (a new one has none). A slot's reservation as GET /api/orbat shows it
 * (`{ id, tag }`) is read as its id.
 */
const reservedFor = z
  .union([alliedIdNumber, z.object({ id: alliedIdNumber }).transform((v) => v.id), z.null()], at(ALLY_ID))
  .optional()
const coordinate = z
  .number(at('Positions must be numbers.'))
  .finite(at('Positions must be numbers.'))
  .min(-1_000_000, at('Positions are limited to ±1,000,000.'))
  .max(1_000_000, at('Positions are limited to ±1,000,000.'))
const order = z
  .number(at('Orders must be numbers.'))
  .int(at('Orders must be whole numbers.'))
  .min(-100_000, at('Orders are limited to ±100,000.'))
  .max(100_000, at('Orders are limited to ±100,000.'))
/** '' and whitespace-only become null. */
const optionalText = (max: number, what: string) =>
  text(at(`${what} must be text or null.`))
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, at(`${what} is too long (${max} characters at most).`))

const NODE_ID = /^(squad|waypoint|pax)-(-?\d{1,10}|(?=.*[^\d-])[\w:.-]{1,100})$/
const nodeRef = text(at('Edge ends must be node ids.')).regex(
  NODE_ID,
  at('Edge ends must be node ids like squad-1, waypoint-2 or pax-3.'),
)
const handle = text(at('Edge handles must be left, right, top or bottom.'))
  .nullable()
  .optional()
  .transform((v) => v || null)
  .refine(
    (v) => v === null || /^(left|right|top|bottom)$/.test(v),
    at('Edge handles must be left, right, top or bottom.'),
  )

const squadInput = z.object(
  {
    id: rowId,
    name: text(at('Every squad needs a name.'))
      .trim()
      .min(1, at('Every squad needs a name.'))
      .max(100, at('Squad names are limited to 100 characters.')),
    pos_x: coordinate,
    pos_y: coordinate,
    can_be_primary_waitlist: z.boolean(at('can_be_primary_waitlist must be true or false.')).optional().default(false),
    platoon_id: platoonId.nullable().optional().default(null),
    reserved_for: reservedFor,
  },
  at('Every squad must be an object.'),
)

const slotInput = z.object(
  {
    id: rowId,
    squadName: text(at('Every slot needs its squadName.'))
      .trim()
      .min(1, at('Every slot needs its squadName.'))
      .max(100, at('Squad names are limited to 100 characters.')),
    team: text(at('Every slot needs a team name.'))
      .trim()
      .min(1, at('Team names cannot be empty.'))
      .max(100, at('Team names are limited to 100 characters.')),
    team_order: order.optional().default(0),
    slot_order: order.optional().default(0),
    role: text(at('A slot role must be text.'))
      .trim()
      .max(100, at('Slot roles are limited to 100 characters.'))
      .optional()
      .default(''),
    user_id: userId.nullable().optional().default(null),
    manual_username: optionalText(100, 'The assigned name'),
    required_role_id: optionalText(100, 'The role lock'),
    /** The slot's own reservation (it wins over its team's and its squad's). */
    reserved_for: reservedFor,
    /** Its team's reservation, when the body has no `teams` list (every slot of a team should say the same). */
    team_reserved_for: reservedFor,
    base_user_id: userId.nullable().optional(),
  },
  at('Every slot must be an object.'),
)

const pointInput = z.object({ id: rowId, pos_x: coordinate, pos_y: coordinate }, at('Every point must be an object.'))

export const orbatSaveSchema = z.object({
  squads: z.array(squadInput, { error: 'squads must be a list.' }).max(500, 'At most 500 squads.'),
  slots: z.array(slotInput, { error: 'slots must be a list.' }).max(10_000, 'At most 10,000 slots.'),
  edges: z
    .array(
      z.object(
        {
          source: nodeRef,
          target: nodeRef,
          sourceHandle: handle,
          targetHandle: handle,
          type: z.literal('smoothstep', at('Edges are of type smoothstep.')).optional(),
        },
        at('Every edge must be an object.'),
      ),
      { error: 'edges must be a list.' },
    )
    .max(5_000, 'At most 5,000 edges.')
    .optional()
    .default([]),
  waypoints: z
    .array(pointInput, { error: 'waypoints must be a list.' })
    .max(1_000, 'At most 1,000 waypoints.')
    .optional()
    .default([]),
  pax_counters: z
    .array(pointInput, { error: 'pax_counters must be a list.' })
    .max(100, 'At most 100 pax counters.')
    .optional()
    .default([]),
  teams: z
    .array(
      z.object(
        {
          squadName: text(at('Every team needs its squadName.')).trim().min(1, at('Every team needs its squadName.')),
          team: text(at('Every team needs its name.')).trim().min(1, at('Every team needs its name.')),
          reserved_for: reservedFor,
        },
        at('Every team must be an object.'),
      ),
      { error: 'teams must be a list.' },
    )
    .max(10_000, 'At most 10,000 teams.')
    .optional()
    .meta({
      description:
        "Teams' reservations for allied units, by squad and team name (teams are the slots that share a team name). When given, it replaces every slot's team_reserved_for.",
    }),
  base_slots: z
    .array(
      z.object(
        { id: z.number(at('Ids must be numbers.')).int(at('Ids must be integers.')), user_id: userId.nullable() },
        at('Every base slot must be an object.'),
      ),
      {
        error: 'base_slots must be a list.',
      },
    )
    .max(10_000)
    .optional(),
  via: z
    .enum(SAVE_VIA, { error: 'via must be editor, preset or import.' })
    .optional()
    .meta({ description: "How the layout came, for the save's version: editor (the default), preset or import." }),
})
/** The save body as the editor sends it (defaults not yet applied). */
export type OrbatSaveBody = z.input<typeof orbatSaveSchema>
/** The save body as the server reads it. */
export type OrbatSaveInput = z.output<typeof orbatSaveSchema>
