// The ORBAT's memory (docs/rules/orbat-history.md): every save kept as a version whose layout is stored whole, and
// each linked operation's ORBAT frozen at its start, with who held which slot.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn } from './columns.ts'
import { events, members } from './roster.ts'
import { users } from './users-sessions.ts'

/** How a version came to be. */
export const ORBAT_VERSION_VIA = ['editor', 'preset', 'import', 'restore', 'seed'] as const

/**
 * One ORBAT save. `layout` is the whole layout as it stood after the save (squads, teams, slots with their locks and
 * holders, the diagram), so a restore never depends on the versions around it. `actor` keeps the name shown if the
 * user goes.
 */
export const orbatVersions = pgTable(
  'orbat_versions',
  {
    id: idColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    via: text('via', { enum: ORBAT_VERSION_VIA }).notNull(),
    summary: text('summary').notNull(),
    layout: jsonb('layout').notNull(),
  },
  (t) => [
    check('orbat_versions_via_known', sql.raw(`via in (${ORBAT_VERSION_VIA.map((v) => `'${v}'`).join(', ')})`)),
    index('orbat_versions_at_idx').on(t.at, t.id),
  ],
)

/**
 * An operation's ORBAT, frozen once at the event's start (or again by an admin before it is over). The primary key
 * makes the runner's freeze happen once whatever number of instances race for it. `taken_by_user_id` is null when
 * the job runner took it.
 */
export const eventOrbatSnapshots = pgTable('event_orbat_snapshots', {
  event_id: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  taken_at: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  taken_by_user_id: integer('taken_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The squads, teams and slots with who held each, as the ORBAT page draws them. */
  squads: jsonb('squads').notNull(),
  /** The waitlist in its order. */
  waitlist: jsonb('waitlist').notNull(),
})

/**
 * Who held a slot in an operation's frozen ORBAT, one row per roster member (a slot held by a user who is not a
 * member, or by a manual name, has no row). Reliability and "you held Rifleman, Alpha 1-1" read these rows; they
 * are replaced with the snapshot.
 */
export const eventOrbatHolders = pgTable(
  'event_orbat_holders',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => eventOrbatSnapshots.event_id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    squad: text('squad').notNull(),
    team: text('team').notNull(),
    slot: text('slot').notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.member_id] }), index('event_orbat_holders_member_idx').on(t.member_id)],
)
