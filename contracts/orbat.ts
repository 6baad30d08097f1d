import { z } from 'zod'
import type { WaitlistItem, WaitlistSquad } from './waitlist.ts'

// The ORBAT as both sides see it (spec 1 §3 "ORBAT payload", §7): the JSON shapes of GET /api/orbat (also a save's
// answer and a loaded preset) and the body of PUT /api/admin/orbat/save, which the server parses with this schema and
// the editor builds (its type is the schema's input).

export interface OrbatSquad {
  id: number
  name: string
  pos_x: number
  pos_y: number
  can_be_primary_waitlist: boolean
  platoon_id: number | null
  discord_channel_id: string | null
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

const MAX_INT = 2_147_483_647
const rowId = z.number({ error: 'Ids must be numbers.' }).int('Ids must be integers.').min(-MAX_INT).max(MAX_INT)
const userId = z.number({ error: 'user_id must be a number or null.' }).int().min(1).max(MAX_INT)
const coordinate = z.number({ error: 'Positions must be numbers.' }).finite().min(-1_000_000).max(1_000_000)
const order = z.number({ error: 'Orders must be numbers.' }).int().min(-100_000).max(100_000)
/** '' and whitespace-only become null. */
const optionalText = (max: number, what: string) =>
  z
    .union([z.string(), z.null()], { error: `${what} must be text or null.` })
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, `${what} is too long (${max} characters at most).`)

const NODE_ID = /^(squad|waypoint|pax)-(-?\d{1,10})$/
const nodeRef = z.string({ error: 'Edge ends must be node ids.' }).regex(NODE_ID, 'Edge ends must be node ids like squad-1, waypoint-2 or pax-3.')
const handle = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^(left|right|top|bottom)$/.test(v), 'Edge handles must be left, right, top or bottom.')

const squadInput = z.object({
  id: rowId,
  name: z.string({ error: 'Every squad needs a name.' }).trim().min(1, 'Every squad needs a name.').max(100, 'Squad names are limited to 100 characters.'),
  pos_x: coordinate,
  pos_y: coordinate,
  can_be_primary_waitlist: z.boolean({ error: 'can_be_primary_waitlist must be true or false.' }).optional().default(false),
  platoon_id: z.union([rowId.min(1), z.null()]).optional().default(null),
})

const slotInput = z.object({
  id: rowId,
  squadName: z.string({ error: 'Every slot needs its squadName.' }).trim().min(1, 'Every slot needs its squadName.'),
  team: z.string({ error: 'Every slot needs a team name.' }).trim().min(1, 'Team names cannot be empty.').max(100, 'Team names are limited to 100 characters.'),
  team_order: order.optional().default(0),
  slot_order: order.optional().default(0),
  role: z.string({ error: 'A slot role must be text.' }).trim().max(100, 'Slot roles are limited to 100 characters.').optional().default(''),
  user_id: z.union([userId, z.null()]).optional().default(null),
  manual_username: optionalText(100, 'The assigned name'),
  required_role_id: optionalText(100, 'The role lock'),
  base_user_id: z.union([userId, z.null()]).optional(),
})

const pointInput = z.object({ id: rowId, pos_x: coordinate, pos_y: coordinate })

export const orbatSaveSchema = z.object({
  squads: z.array(squadInput, { error: 'squads must be a list.' }).max(500, 'At most 500 squads.'),
  slots: z.array(slotInput, { error: 'slots must be a list.' }).max(10_000, 'At most 10,000 slots.'),
  edges: z
    .array(
      z.object({
        source: nodeRef,
        target: nodeRef,
        sourceHandle: handle,
        targetHandle: handle,
        type: z.literal('smoothstep', { error: 'Edges are of type smoothstep.' }).optional(),
      }),
      { error: 'edges must be a list.' },
    )
    .max(5_000, 'At most 5,000 edges.')
    .optional()
    .default([]),
  waypoints: z.array(pointInput, { error: 'waypoints must be a list.' }).max(1_000, 'At most 1,000 waypoints.').optional().default([]),
  pax_counters: z.array(pointInput, { error: 'pax_counters must be a list.' }).max(100, 'At most 100 pax counters.').optional().default([]),
  base_slots: z
    .array(z.object({ id: rowId, user_id: z.union([userId, z.null()]) }), { error: 'base_slots must be a list.' })
    .max(10_000)
    .optional(),
})
/** The save body as the editor sends it (defaults not yet applied). */
export type OrbatSaveBody = z.input<typeof orbatSaveSchema>
/** The save body as the server reads it. */
export type OrbatSaveInput = z.output<typeof orbatSaveSchema>
