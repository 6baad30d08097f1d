// Joint operations (docs/rules/joint-operations.md): the allied units a unit plays with, and the people who joined one
// of them through its invite link (guests: not on the roster, they may take only the slots reserved for their unit).
// Reservations themselves are columns of squads and slots (db/schema/orbat.ts).
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { users } from './users-sessions.ts'

export const alliedUnits = pgTable(
  'allied_units',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    /** Shown beside its guests' names and on the slots reserved for it. */
    tag: text('tag').notNull().unique(),
    discord_guild_id: text('discord_guild_id'),
    /** Whom to tell when a reservation is made (a Discord DM), when set. */
    contact_discord_id: text('contact_discord_id'),
    /** Its reservations end this many hours before the next linked operation starts; null: never. */
    release_hours_before: integer('release_hours_before'),
    /** Role locks apply to its guests only when set (guests hold no roles in the unit's guild by default). */
    guests_need_roles: boolean('guests_need_roles').notNull().default(false),
    /** The invite link's code (rotated by an admin); the link stops working after invite_expires_at when set. */
    invite_code: text('invite_code').notNull().unique(),
    invite_expires_at: timestamp('invite_expires_at', { withTimezone: true }),
    /** The operation start whose release has been announced (live pages, the members who asked): once per start. */
    released_for: timestamp('released_for', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    check('allied_units_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('allied_units_tag_not_blank', sql`btrim(${t.tag}) <> ''`),
    check('allied_units_release_hours', sql`${t.release_hours_before} IS NULL OR ${t.release_hours_before} >= 0`),
  ],
)

export type AlliedUnitRow = typeof alliedUnits.$inferSelect

/** A person who joined an allied unit by its link: one allied unit at a time. */
export const alliedGuests = pgTable(
  'allied_guests',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    allied_unit_id: integer('allied_unit_id')
      .notNull()
      .references(() => alliedUnits.id, { onDelete: 'cascade' }),
    created_at: createdAtColumn(),
  },
  (t) => [index('allied_guests_unit_idx').on(t.allied_unit_id)],
)
