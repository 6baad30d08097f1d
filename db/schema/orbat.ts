// Order of battle: eligible roles, platoons, squads, slots, the diagram (edges, waypoints, pax counters) and presets.
// Squad Discord role records live in discord.ts (squad_role_mappings).
import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { users } from './users-sessions.ts'
import { alliedUnits } from './allies.ts'

/**
 * An eligible (waitlist) role: maps a name used in slot role locks to one or several Discord role ids.
 * role_name is unique because slots.required_role_id stores the NAME.
 */
export const eligibleRoles = pgTable(
  'eligible_roles',
  {
    id: idColumn(),
    role_name: text('role_name').notNull().unique(),
    /** One or several Discord role ids, comma-separated; holding any of them qualifies. */
    role_id: text('role_id').notNull(),
    can_join_general_waitlist: boolean('can_join_general_waitlist').notNull().default(false),
    ...timestampColumns(),
  },
  (t) => [
    check('eligible_roles_role_name_not_blank', sql`btrim(${t.role_name}) <> ''`),
    check('eligible_roles_role_id_not_blank', sql`btrim(${t.role_id}) <> ''`),
  ],
)

export const platoons = pgTable(
  'platoons',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    discord_role_id: text('discord_role_id').notNull(),
    ...timestampColumns(),
  },
  (t) => [check('platoons_name_not_blank', sql`btrim(${t.name}) <> ''`)],
)

/** Squad names are unique: an ORBAT save matches slots to squads by squadName. */
export const squads = pgTable(
  'squads',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    pos_x: doublePrecision('pos_x').notNull().default(0),
    pos_y: doublePrecision('pos_y').notNull().default(0),
    can_be_primary_waitlist: boolean('can_be_primary_waitlist').notNull().default(false),
    /** Deleting a platoon leaves its squads unassigned. */
    platoon_id: integer('platoon_id').references(() => platoons.id, { onDelete: 'set null' }),
    discord_channel_id: text('discord_channel_id'),
    /** Reserved for an allied unit (docs/rules/joint-operations.md): every slot of the squad, while it holds. */
    reserved_for: integer('reserved_for').references(() => alliedUnits.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [check('squads_name_not_blank', sql`btrim(${t.name}) <> ''`), index('squads_platoon_id_idx').on(t.platoon_id)],
)

/** Prefix that marks a spacer/heading row; stored as `---UPPER CASE TEXT---`. */
export const SPACER_MARK = '---'

/**
 * A slot: teams are implicit (slots of one squad sharing a `team` name, ordered by team_order), slots inside a team
 * are ordered by slot_order. Open = user_id and manual_username both null.
 */
export const slots = pgTable(
  'slots',
  {
    id: idColumn(),
    squad_id: integer('squad_id')
      .notNull()
      .references(() => squads.id, { onDelete: 'cascade' }),
    team: text('team').notNull(),
    team_order: integer('team_order').notNull().default(0),
    slot_order: integer('slot_order').notNull().default(0),
    role: text('role').notNull().default(''),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    manual_username: text('manual_username'),
    /** The role lock: an eligible role NAME (eligible_roles.role_name), or null for UNLOCKED. */
    required_role_id: text('required_role_id'),
    /** Reserved for an allied unit: this slot alone (it wins over its team's and its squad's). */
    reserved_for: integer('reserved_for').references(() => alliedUnits.id, { onDelete: 'set null' }),
    /** Its team's reservation (teams are implicit: every slot of the team carries the same value). */
    team_reserved_for: integer('team_reserved_for').references(() => alliedUnits.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [
    // NOTE: one slot per user. NULLs are distinct, so any number of open slots is fine.
    uniqueIndex('slots_user_id_unique').on(t.user_id),
    index('slots_squad_id_idx').on(t.squad_id, t.team_order, t.slot_order),
    // A spacer/heading row can never hold a person.
    check(
      'slots_spacer_never_taken',
      sql`${t.role} NOT LIKE '---%' OR (${t.user_id} IS NULL AND ${t.manual_username} IS NULL)`,
    ),
    // '' would look taken to `IS NOT NULL` checks while showing no name: store NULL instead.
    check('slots_manual_username_not_blank', sql`${t.manual_username} IS NULL OR btrim(${t.manual_username}) <> ''`),
  ],
)

/** React Flow node ids used in edges.source / edges.target. */
export const orbatNodeId = {
  squad: (squadId: number) => `squad-${squadId}`,
  waypoint: (waypointId: number) => `waypoint-${waypointId}`,
  paxCounter: (paxCounterId: number) => `pax-${paxCounterId}`,
}

/** A diagram edge between two nodes (squads or waypoints), by React Flow node id (see orbatNodeId). */
export const orbatEdges = pgTable('orbat_edges', {
  id: idColumn(),
  source: text('source').notNull(),
  target: text('target').notNull(),
  source_handle: text('source_handle'),
  target_handle: text('target_handle'),
  type: text('type').notNull().default('smoothstep'),
})

export const orbatWaypoints = pgTable('orbat_waypoints', {
  id: idColumn(),
  pos_x: doublePrecision('pos_x').notNull().default(0),
  pos_y: doublePrecision('pos_y').notNull().default(0),
})

export const orbatPaxCounters = pgTable('orbat_pax_counters', {
  id: idColumn(),
  pos_x: doublePrecision('pos_x').notNull().default(0),
  pos_y: doublePrecision('pos_y').notNull().default(0),
})

/** A preset stores the layout without people (no user_id, no manual_username). */
export interface OrbatPresetLayout {
  squads: Array<{
    /** The squad's node id inside this layout; edges refer to it. */
    node_id: string
    name: string
    pos_x: number
    pos_y: number
    can_be_primary_waitlist: boolean
    platoon_id: number | null
    slots: Array<{
      team: string
      team_order: number
      slot_order: number
      role: string
      required_role_id: string | null
    }>
  }>
  edges: Array<{
    source: string
    target: string
    source_handle: string | null
    target_handle: string | null
    type: string
  }>
  waypoints: Array<{ node_id: string; pos_x: number; pos_y: number }>
  pax_counters: Array<{ node_id: string; pos_x: number; pos_y: number }>
}

export const orbatPresets = pgTable(
  'orbat_presets',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    layout: jsonb('layout').$type<OrbatPresetLayout>().notNull(),
    created_at: createdAtColumn(),
    updated_at: timestampColumns().updated_at,
  },
  (t) => [check('orbat_presets_name_not_blank', sql`btrim(${t.name}) <> ''`)],
)

export type EligibleRole = typeof eligibleRoles.$inferSelect
export type NewEligibleRole = typeof eligibleRoles.$inferInsert
export type Platoon = typeof platoons.$inferSelect
export type NewPlatoon = typeof platoons.$inferInsert
export type Squad = typeof squads.$inferSelect
export type NewSquad = typeof squads.$inferInsert
export type Slot = typeof slots.$inferSelect
export type NewSlot = typeof slots.$inferInsert
export type OrbatEdge = typeof orbatEdges.$inferSelect
export type NewOrbatEdge = typeof orbatEdges.$inferInsert
export type OrbatWaypoint = typeof orbatWaypoints.$inferSelect
export type NewOrbatWaypoint = typeof orbatWaypoints.$inferInsert
export type OrbatPaxCounter = typeof orbatPaxCounters.$inferSelect
export type NewOrbatPaxCounter = typeof orbatPaxCounters.$inferInsert
export type OrbatPreset = typeof orbatPresets.$inferSelect
export type NewOrbatPreset = typeof orbatPresets.$inferInsert
