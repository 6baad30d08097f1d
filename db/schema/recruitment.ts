// Recruitment (docs/rules/recruitment.md): the unit's one application form, the applications to it, the recruiters'
// comments and each application's history.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { APPLICATION_STATUSES, type Question, type StoredAnswer } from '../../contracts/recruitment.ts'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { members } from './roster.ts'
import { users } from './users-sessions.ts'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** The form: one row (id 1), made on first save; none means closed with no questions. */
export const recruitmentForms = pgTable(
  'recruitment_forms',
  {
    id: integer('id').primaryKey(),
    open: boolean('open').notNull().default(false),
    closed_message: text('closed_message').notNull().default(''),
    /** Sanitised rich text (server/rich-text.ts). */
    intro: text('intro').notNull().default(''),
    /** In their order; answers are keyed by their ids. */
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    updated_by_user_id: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [check('recruitment_forms_one_row', sql`${t.id} = 1`)],
)

/**
 * An application. At most one open (submitted, reviewing, interview) per Discord account: a unique index, so two
 * submissions at the same moment cannot both pass.
 */
export const applications = pgTable(
  'applications',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discord_id: text('discord_id').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('submitted'),
    /** The answers with each question's label and kind as the applicant read them. */
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    /** Why it was rejected: the applicant reads it. */
    reason: text('reason'),
    assignee_user_id: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The roster member its acceptance created. */
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    check('applications_status_known', sql`${t.status} in (${inList(APPLICATION_STATUSES)})`),
    check(
      'applications_rejection_has_reason',
      sql`${t.status} <> 'rejected' or btrim(coalesce(${t.reason}, '')) <> ''`,
    ),
    uniqueIndex('applications_one_open_idx')
      .on(t.discord_id)
      .where(sql`${t.status} in ('submitted', 'reviewing', 'interview')`),
    index('applications_status_idx').on(t.status, t.created_at.desc()),
    index('applications_discord_idx').on(t.discord_id, t.created_at.desc()),
  ],
)

/** A recruiter's comment; the applicant never sees them. */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: idColumn(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    created_at: createdAtColumn(),
  },
  (t) => [index('application_comments_application_idx').on(t.application_id, t.id)],
)

/** What happened to an application: submitted, moved, assigned, withdrawn. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: idColumn(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['submitted', 'status', 'assigned', 'withdrawn'] }).notNull(),
    from_status: text('from_status', { enum: APPLICATION_STATUSES }),
    to_status: text('to_status', { enum: APPLICATION_STATUSES }),
    /** Null for the applicant's own steps. */
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    created_at: createdAtColumn(),
  },
  (t) => [index('application_events_application_idx').on(t.application_id, t.id)],
)

export type ApplicationRow = typeof applications.$inferSelect
