import { unitLanguageSchema } from '#contracts/language-forms.ts'
import { z } from 'zod'
import { attendanceQuerySchema, attendanceSchema } from '#contracts/attendance.ts'
import {
  attendanceSuggestionSchema,
  orbatSnapshotSchema,
  restoreAnswerSchema,
  versionWithReseatSchema,
  versionItemSchema,
  versionsQuerySchema,
} from '#contracts/orbat-history.ts'
import { backupsAnswerSchema } from '#contracts/backups.ts'
import {
  alliedGuestsAnswerSchema,
  alliedUnitCreatedSchema,
  alliedUnitSavedSchema,
  alliedUnitSchema,
  alliedUnitsAnswerSchema,
  inviteRotatedSchema,
  rotateInviteSchema,
} from '#contracts/allies.ts'
import {
  webhookCreatedSchema,
  webhookDeliveriesAnswerSchema,
  webhookEndpointSchema,
  webhookEndpointsAnswerSchema,
  webhookQueuedSchema,
  webhookSavedSchema,
  webhookSecretSchema,
} from '#contracts/webhooks.ts'
import { ACTIVITY_DEFAULT_WEEKS, ACTIVITY_MAX_WEEKS, activityReportSchema } from '#contracts/activity.ts'
import {
  awardInputSchema,
  awardSavedSchema,
  grantAwardSchema,
  grantedSchema,
  messageSchema,
} from '#contracts/awards.ts'
import {
  cancelPingSchema,
  pingHistoryQuerySchema,
  rankRolesSchema,
  squadMappingCreateSchema,
  squadMappingUpdateSchema,
} from '#contracts/discord.ts'
import { evaluationAnswerSchema, startEvaluationSchema, submitEvaluationSchema } from '#contracts/evaluations.ts'
import { eventItemSchema, eventSavedSchema, eventSchema } from '#contracts/events.ts'
import { packetSchema } from '#contracts/library.ts'
import { listPageQuerySchema } from '#contracts/paging.ts'
import { orbatSaveSchema } from '#contracts/orbat.ts'
import { MISSION_FILE, missionImportSchema } from '#contracts/mission-file.ts'
import { noteSavedSchema, noteSchema } from '#contracts/personnel.ts'
import { pingSchema } from '#contracts/pings.ts'
import { bulkSchema, csvImportSchema, discordImportSchema, EXPORT_LISTS, IMPORT_LIMITS } from '#contracts/moving.ts'
import {
  banSchema,
  createMemberSchema,
  graduateSchema,
  memberFieldsSchema,
  qualificationInputSchema,
  thresholdsSchema,
} from '#contracts/roster.ts'
import { eligibleRoleSchema, platoonSchema, presetNameSchema, settingInputSchema } from '#contracts/settings.ts'
import { eligibilitySchema, evaluationChecklistSchema, testFormSchema } from '#contracts/assessments.ts'
import { postTrainingSchema, trainingItemSchema, trainingSavedSchema, trainingSchema } from '#contracts/trainings.ts'
import { operationsOf, type ApiOperation } from './operation.ts'

// The admin calls (admin role, or a token with the admin scope): settings, the ORBAT editor, the roster, trainings,
// pings, Discord, the library, tests and evaluations, and the audit log.

const settings = operationsOf('Admin: settings')
const orbat = operationsOf('Admin: ORBAT')
const roster = operationsOf('Admin: roster')
const trainings = operationsOf('Admin: trainings')
const discord = operationsOf('Admin: Discord')
const library = operationsOf('Admin: library')
const awards = operationsOf('Admin: awards')
const tests = operationsOf('Admin: tests')
const evaluations = operationsOf('Admin: evaluations')

const auditQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'Entries, newest first (default 100, at most 500).' }),
})

const activity = operationsOf('Admin: activity')
const moving = operationsOf('Admin: moving in and out')
const backups = operationsOf('Admin: backups')
const webhooks = operationsOf('Admin: webhooks')
const allies = operationsOf('Admin: allied units')

const auditRangeQuery = z.object({
  from: z.iso.date().optional().meta({ description: 'The first day (YYYY-MM-DD, in the unit time zone).' }),
  to: z.iso.date().optional().meta({ description: 'The last day, included.' }),
})

/** `?weeks=` of the activity calls. */
const activityQuery = z.object({
  weeks: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACTIVITY_MAX_WEEKS)
    .optional()
    .meta({
      description: `The window in whole weeks, Monday to Sunday in the unit time zone, ending with this week (default ${ACTIVITY_DEFAULT_WEEKS}, at most ${ACTIVITY_MAX_WEEKS}); anything else is 400.`,
    }),
})

export const adminOperations: ApiOperation[] = [
  activity.get(
    '/api/activity',
    'admin',
    "Every member's attendance, rate, reliability and trend, and the window's sessions",
    {
      query: activityQuery,
      response: activityReportSchema,
      description:
        'Banned members are left out. Operations (events) count for attended and possible; trainings for reliability and the sessions. A session with no attendance recorded counts as not held. See docs/rules/activity.md.',
    },
  ),
  activity.get('/api/activity.csv', 'admin', 'The members of GET /api/activity as CSV', {
    query: activityQuery,
    produces: 'text/csv',
    description:
      'A header row of the JSON field names, then one row per member with the same values (null is an empty cell; a text starting with = + - or @ is prefixed with an apostrophe).',
  }),
  settings.get('/api/admin/audit-log', 'admin', 'The audit log, newest first', { query: auditQuery }),
  moving.post('/api/admin/roster/import/csv', 'admin', 'Preview or apply a roster CSV file', {
    body: csvImportSchema,
    description: `Without apply: {columns, mapping, rows: [{line, action (create|update|skip), ingame_name, errors, changes}], summary: {create, update, skip, errors}, missing: {qualifications, awards}, unknown_ranks, delimiter}. With apply: true: {created, updated, skipped}, or 400 {error, ...the preview} when any row has an error (nothing written). Rows are matched by Discord id, then by exact in-game name; an empty cell leaves a member's field as it is. Comma, semicolon or tab; UTF-8 with or without a BOM; up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows.`,
  }),
  moving.get(
    '/api/admin/roster/import/discord',
    'admin',
    "The Discord server's members with the rank, qualifications and squad their roles map to",
    {
      description:
        '{members: [{discord_id, name, rank, qualifications, squad, on_roster, differences, roles}]}, those not on the roster first. 502 when Discord does not answer.',
    },
  ),
  moving.post('/api/admin/roster/import/discord', 'admin', 'Add Discord server members to the roster', {
    body: discordImportSchema,
    status: 201,
    description:
      '{created, members: [{id, discord_id}]}. The rank and qualifications come from their roles (BMT when no role maps to a rank); the join date defaults to today in the unit time zone. An id not in the server or already on the roster: 400 naming it, nothing added.',
  }),
  moving.post('/api/admin/roster/members/bulk', 'admin', 'One action on many members', {
    body: bulkSchema,
    description:
      '{changed}: the members the action changed. One transaction; an unknown member id, or a member the action cannot apply to (banning a banned member), is a 400 naming them and nothing changes.',
  }),
  moving.get('/api/admin/roster/export.csv', 'admin', 'The roster as CSV, in the columns the CSV import reads', {
    produces: 'text/csv',
    description: `Columns: ingame_name, discord_id, rank, join_date, bohemia_uuid, notes, qualifications, attended_events_count, awards (lists joined with "; "). Formula-safe: a text starting with = + - or @ is prefixed with an apostrophe, which the import removes.`,
  }),
  moving.get('/api/admin/export/{file}', 'admin', 'An admin list as CSV', {
    params: { file: z.enum(EXPORT_LISTS.map((list) => `${list}.csv`) as [string, ...string[]]) },
    query: auditRangeQuery,
    produces: 'text/csv',
    description:
      'events, trainings, qualifications, awards (with their grants), leave, applications, audit-log (from and to apply to it only). Times in the unit time zone.',
  }),
  backups.get('/api/admin/backups', 'admin', 'The backups, the one being made, the last failure and the schedule', {
    response: backupsAnswerSchema,
    description:
      'The finished backup files in BACKUP_DIR, newest first (a file whose manifest cannot be read is left out), whether a backup is queued or being made, the newest finished run when it failed (shown until a backup succeeds), BACKUP_SCHEDULE in words with the next run of a daily schedule, and the retention rule (BACKUP_KEEP).',
  }),
  backups.post('/api/admin/backups', 'admin', 'Back up now', {
    status: 202,
    response: messageSchema,
    description:
      'Queues a backup, started at once in the background; it appears in GET /api/admin/backups when complete (a failure shows there as lastFailure). 202 {message}; 409 {error} when a backup is already queued or being made. Audit-logged.',
  }),
  allies.get('/api/admin/allied-units', 'admin', 'The allied units', {
    response: alliedUnitsAnswerSchema,
    description:
      'Every allied unit with its invite link, how many guests it has, how many ORBAT slots are reserved for it, and whether its reservations are released for the next operation (docs/rules/joint-operations.md).',
  }),
  allies.post('/api/admin/allied-units', 'admin', 'Add an allied unit', {
    body: alliedUnitSchema,
    status: 201,
    response: alliedUnitCreatedSchema,
    description:
      'Answers its id and invite link. Name and tag are unique, without regard to case (409 otherwise). Audit-logged.',
  }),
  allies.put('/api/admin/allied-units/{id}', 'admin', 'Edit an allied unit', {
    body: alliedUnitSchema,
    response: alliedUnitSavedSchema,
    description:
      'The same fields as the create; the invite link stays (its life is set again only when invite_expires_in_days is given). Audit-logged.',
  }),
  allies.delete('/api/admin/allied-units/{id}', 'admin', 'Delete an allied unit', {
    response: messageSchema,
    description:
      'Its reservations end (the slots open to everyone) and its guests are guests no more: their slots are freed and offered to the waitlist. Audit-logged.',
  }),
  allies.post('/api/admin/allied-units/{id}/rotate-invite', 'admin', 'A new invite link for an allied unit', {
    body: rotateInviteSchema,
    response: inviteRotatedSchema,
    description: 'The old link stops working at once; guests who joined by it stay. Audit-logged.',
  }),
  allies.get('/api/admin/allied-units/{id}/guests', 'admin', "An allied unit's guests", {
    response: alliedGuestsAnswerSchema,
    description: 'Who joined it by its invite link, oldest first, with the slot each holds.',
  }),
  allies.delete('/api/admin/allied-units/{id}/guests/{userId}', 'admin', 'Remove a guest', {
    response: messageSchema,
    description:
      'The person is no longer a guest: their slot and waitlist place are given up, the slot offered to the waitlist. Audit-logged.',
  }),
  webhooks.get('/api/admin/webhooks', 'admin', 'The outgoing webhook endpoints', {
    response: webhookEndpointsAnswerSchema,
    description: 'Every endpoint with the events it is sent and whether it is active; never its signing secret.',
  }),
  webhooks.post('/api/admin/webhooks', 'admin', 'Add a webhook endpoint', {
    body: webhookEndpointSchema,
    status: 201,
    response: webhookCreatedSchema,
    description:
      'The URL must be https on a public address (400 otherwise; origins in WEBHOOK_ENDPOINT_ALLOW are exempt). Answers the signing secret (whsec_…), shown only here and at a rotation. Audit-logged. See docs/webhooks.md for the events and how to verify a signature.',
  }),
  webhooks.put('/api/admin/webhooks/{id}', 'admin', 'Edit a webhook endpoint', {
    body: webhookEndpointSchema,
    response: webhookSavedSchema,
    description:
      'The same fields as the create; the secret stays. active left out keeps it as it is; made active again, a paused endpoint gets its waiting deliveries in order. Audit-logged.',
  }),
  webhooks.delete('/api/admin/webhooks/{id}', 'admin', 'Delete a webhook endpoint and its deliveries', {
    response: messageSchema,
  }),
  webhooks.post('/api/admin/webhooks/{id}/rotate-secret', 'admin', 'A new signing secret for an endpoint', {
    response: webhookSecretSchema,
    description: 'Answers the new secret once; deliveries sent from now on are signed with it. Audit-logged.',
  }),
  webhooks.post('/api/admin/webhooks/{id}/test', 'admin', 'Send test: a webhook.test event to this endpoint', {
    status: 202,
    response: webhookQueuedSchema,
    description:
      'Queued for this endpoint alone whatever events it asked for, sent by the job runner within seconds; its data is the endpoint as GET /api/admin/webhooks shows it. 409 when the endpoint is paused. Audit-logged.',
  }),
  webhooks.get('/api/admin/webhooks/{id}/deliveries', 'admin', "An endpoint's last 100 deliveries", {
    response: webhookDeliveriesAnswerSchema,
    description:
      'Newest first: the message id (the webhook-id header), the event type, pending / delivered / failed, the attempts so far, the last answer (status, time taken, body cut at 4 KB) and the body sent (cut at 4 KB).',
  }),
  webhooks.post(
    '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    'admin',
    'Redeliver: send one delivery again',
    {
      status: 202,
      response: webhookQueuedSchema,
      description:
        "The same message (the same webhook-id and body) goes to the back of the endpoint's queue and is retried for a day again. 409 while it is still being sent, or when the endpoint is paused; 404 for an unknown delivery. Audit-logged.",
    },
  ),
  backups.get('/api/admin/backups/{name}', 'admin', 'Download one backup file', {
    params: {
      name: z
        .string()
        .regex(/^[^./][^/]*\.backup\.tar$/)
        .meta({ description: 'The backup file name, as GET /api/admin/backups lists it.' }),
    },
    produces: 'application/x-tar',
    response: z.string().meta({ format: 'binary' }),
    description:
      'The tar file (Content-Disposition: attachment, never cached); restore it with `npm run restore`. Audit-logged. 404 for a name that is no backup in BACKUP_DIR.',
  }),
  settings.get('/api/admin/settings', 'admin', 'Every setting'),
  settings.put('/api/admin/settings', 'admin', 'Save one setting (the time lock, channels, roles)', {
    body: settingInputSchema,
  }),
  settings.put('/api/admin/settings/language', 'admin', "Set the unit's default language", {
    body: unitLanguageSchema,
    description:
      "The language of pages for people who chose none and whose browser asks for none of the app's languages, and of the bot's channel posts.",
  }),
  settings.get('/api/admin/waitlist-roles', 'admin', 'Eligible waitlist roles'),
  settings.post('/api/admin/waitlist-roles', 'admin', 'Add an eligible role', {
    body: eligibleRoleSchema,
    status: 201,
  }),
  settings.put('/api/admin/waitlist-roles/{id}', 'admin', 'Edit an eligible role', { body: eligibleRoleSchema }),
  settings.delete('/api/admin/waitlist-roles/{id}', 'admin', 'Delete an eligible role'),
  settings.delete('/api/admin/waitlist', 'admin', 'Purge the waitlist'),
  settings.get('/api/admin/platoons', 'admin', 'Platoons'),
  settings.post('/api/admin/platoons', 'admin', 'Create a platoon', { body: platoonSchema, status: 201 }),
  settings.delete('/api/admin/platoons/{id}', 'admin', 'Delete a platoon (its squads stay, unassigned)'),

  orbat.get('/api/admin/orbat/presets', 'admin', 'ORBAT presets'),
  orbat.post('/api/admin/orbat/presets', 'admin', 'Save the current layout as a preset', {
    body: presetNameSchema,
    status: 201,
  }),
  orbat.put('/api/admin/orbat/presets/{id}', 'admin', 'Rename a preset', { body: presetNameSchema }),
  orbat.delete('/api/admin/orbat/presets/{id}', 'admin', 'Delete a preset'),
  orbat.post(
    '/api/admin/orbat/presets/{id}/load',
    'admin',
    "A preset's layout for the editor (nothing changes until Save)",
  ),
  orbat.put('/api/admin/orbat/save', 'admin', 'Save the whole ORBAT in one transaction', { body: orbatSaveSchema }),
  orbat.post('/api/admin/orbat/import/sqm', 'admin', 'Read a mission.sqm into a proposed ORBAT (apply=1: save it)', {
    upload: { field: MISSION_FILE.field, types: ['text/plain', 'application/octet-stream'] },
    query: z.object({
      apply: z.enum(['1']).optional().meta({
        description: 'Save the proposal through the ORBAT save; the answer is then that of PUT /api/admin/orbat/save.',
      }),
    }),
    response: missionImportSchema,
    description:
      'The Eden text format or a binarized file (raP, read as its text form; `binarized` says which), at most 10 MB. Without `apply` nothing changes: the answer is the proposal, the playable units it leaves out, and the held slots it keeps or frees.',
  }),
  orbat.post('/api/admin/orbat/export/sqm', 'admin', 'Write the ORBAT into a mission.sqm (a download)', {
    upload: { field: MISSION_FILE.field, types: ['text/plain', 'application/octet-stream'] },
    produces: 'application/octet-stream',
    response: z.string().meta({ format: 'binary' }),
    description:
      "The mission file with each playable unit's role description, each group's callsign and each mapped unit's variable name (`tfhq_slot_<id>`) set from the ORBAT; every other byte as sent. A binarized file is answered in Eden's text form (Arma reads both). Headers `X-Mapped-Units` and `X-Unmapped-Units` count the units; `X-Mission-Binarized` is `true` when the file sent was binarized.",
  }),
  orbat.get('/api/admin/orbat/versions', 'admin', 'ORBAT versions, newest first', {
    query: versionsQuerySchema,
    response: z.array(versionItemSchema),
    description: 'Every save (editor, preset, import, restore) is a version: when, who, how and what changed.',
  }),
  orbat.get('/api/admin/orbat/versions/{id}', 'admin', "A version's whole layout and its diff against the one before", {
    response: versionWithReseatSchema,
    description:
      'With `reseat`: who a restore of it now would put back in the slots it brings back, and who not, and why.',
  }),
  orbat.post(
    '/api/admin/orbat/versions/{id}/restore',
    'admin',
    "Make a version's layout the ORBAT (answers as a save)",
    {
      response: restoreAnswerSchema,
      description:
        'Runs the ordinary save: members keep their slots where the slot still exists; a slot the version brings back gets back who held it then when they hold no other slot, are not banned, are on the roster and meet its role lock (`reseat` says who and who not); open slots fill from the waitlist. 409 naming a platoon or eligible role the version uses that has since been deleted; nothing changes then.',
    },
  ),

  roster.get('/api/roster/admin/member/{id}', 'admin', "A member's full record"),
  roster.post('/api/roster/members', 'admin', 'Add a member', { body: createMemberSchema, status: 201 }),
  roster.put('/api/roster/members/{id}', 'admin', 'Edit a member', { body: memberFieldsSchema }),
  roster.delete('/api/roster/members/{id}', 'admin', 'Delete a member'),
  roster.post('/api/roster/members/{id}/ban', 'admin', 'Ban a member (frees their slot and waitlist entry)', {
    body: banSchema,
  }),
  roster.post('/api/roster/members/{id}/unban', 'admin', 'Lift a ban'),
  roster.post(
    '/api/roster/members/{id}/notes',
    'admin',
    "Add a dated note to a member's file (never shown to members)",
    {
      body: noteSchema,
      response: noteSavedSchema,
      status: 201,
    },
  ),
  roster.post('/api/roster/bmt-graduate', 'admin', 'Graduate BMT members', { body: graduateSchema }),
  roster.get('/api/roster/events', 'admin', 'Events, newest first (all, or one page)', {
    query: listPageQuerySchema,
    response: z.array(eventItemSchema),
    description:
      'Without `limit` and `before`: every event. With either: one page, newest first; a full page has a `Link` header with `rel="next"`.',
  }),
  roster.post('/api/roster/events', 'admin', 'Add an event', {
    body: eventSchema,
    response: eventSavedSchema,
    status: 201,
  }),
  roster.put('/api/roster/events/{id}', 'admin', 'Edit an event', { body: eventSchema, response: eventSavedSchema }),
  roster.delete('/api/roster/events/{id}', 'admin', 'Delete an event (takes its attendance out of the scores)'),
  roster.get('/api/roster/events/{id}/attendance', 'admin', "An event's attendees", {
    query: attendanceQuerySchema,
    response: attendanceSuggestionSchema,
    description:
      "With `suggest=orbat`: the members who held a slot in the event's frozen ORBAT (404 when none was frozen); nothing is recorded.",
  }),
  roster.post('/api/roster/events/{id}/orbat-snapshot', 'admin', 'Freeze the ORBAT for an event now', {
    response: orbatSnapshotSchema,
    description: 'Replaces an earlier snapshot; 409 once the operation is over (12 hours after its start).',
  }),
  roster.post(
    '/api/roster/events/{id}/attendance',
    'admin',
    "Set an event's attendees; event scores move by the difference",
    { body: attendanceSchema },
  ),
  roster.get('/api/roster/qualifications', 'admin', 'Qualifications'),
  roster.post('/api/roster/qualifications', 'admin', 'Add a qualification', {
    body: qualificationInputSchema,
    status: 201,
  }),
  roster.put('/api/roster/qualifications/{id}', 'admin', 'Edit a qualification', { body: qualificationInputSchema }),
  roster.delete('/api/roster/qualifications/{id}', 'admin', 'Delete a qualification'),
  roster.get('/api/roster/promotions/thresholds', 'admin', 'Promotion thresholds'),
  roster.put('/api/roster/promotions/thresholds', 'admin', 'Replace the promotion thresholds', {
    body: thresholdsSchema,
  }),
  roster.post('/api/roster/promotions/run', 'admin', 'Run promotions now'),
  roster.post(
    '/api/roster/{kind}/{id}/ping',
    'admin',
    'Schedule a Discord ping for an event or a training (kind: events | trainings)',
    { body: pingSchema, status: 201 },
  ),

  trainings.get('/api/roster/trainings', 'admin', 'Every training, soonest first (or one page, newest first)', {
    query: listPageQuerySchema,
    response: z.array(trainingItemSchema),
    description:
      'Without `limit` and `before`: every training, soonest first. With either: one page, newest first (going back in time); a full page has a `Link` header with `rel="next"`.',
  }),
  trainings.post('/api/roster/trainings', 'admin', 'Add a training', {
    body: trainingSchema,
    response: trainingSavedSchema,
    status: 201,
  }),
  trainings.put('/api/roster/trainings/{id}', 'admin', 'Edit a training', {
    body: trainingSchema,
    response: trainingSavedSchema,
  }),
  trainings.delete('/api/roster/trainings/{id}', 'admin', 'Delete a training'),
  trainings.delete('/api/roster/trainings/{id}/signups/{memberId}', 'admin', 'Remove a sign-up'),
  trainings.get('/api/roster/trainings/{id}/attendance', 'admin', "A training's attendees"),
  trainings.post('/api/roster/trainings/{id}/attendance', 'admin', "Set a training's attendees", {
    body: attendanceSchema,
  }),
  trainings.post('/api/roster/trainings/{id}/post-to-discord', 'admin', 'Post a training to a Discord channel', {
    body: postTrainingSchema,
  }),

  discord.get('/api/discord-roles/squads', 'admin', 'Squad role mappings'),
  discord.post(
    '/api/discord-roles/squads',
    'admin',
    'Map a squad to a Discord role (creates the role and, when asked, a channel)',
    { body: squadMappingCreateSchema, status: 201 },
  ),
  discord.put('/api/discord-roles/squads/{id}', 'admin', 'Edit a squad role mapping', {
    body: squadMappingUpdateSchema,
  }),
  discord.delete('/api/discord-roles/squads/{id}', 'admin', 'Delete a squad role mapping'),
  discord.get('/api/discord-roles/ranks', 'admin', 'Rank role mappings'),
  discord.put('/api/discord-roles/ranks', 'admin', 'Save the rank role mappings', { body: rankRolesSchema }),
  discord.post(
    '/api/discord-roles/purge-squad-integrations',
    'admin',
    'Delete every squad role and channel the app created',
  ),
  discord.post('/api/discord/roles/purge-event-ping', 'admin', 'Remove the event ping role from every member'),
  discord.get('/api/discord/pings', 'admin', 'Ping history', { query: pingHistoryQuerySchema }),
  discord.delete('/api/discord/pings/{id}', 'admin', 'Cancel a pending ping', { body: cancelPingSchema }),
  discord.get('/api/discord/channels', 'admin', "The guild's channels"),
  discord.get('/api/discord/roles', 'admin', "The guild's roles"),

  awards.post('/api/awards', 'admin', 'Define an award', {
    body: awardInputSchema,
    response: awardSavedSchema,
    status: 201,
  }),
  awards.put('/api/awards/{id}', 'admin', 'Edit an award', { body: awardInputSchema, response: awardSavedSchema }),
  awards.delete('/api/awards/{id}', 'admin', "Delete an award (its grants stay in members' records by name)", {
    response: messageSchema,
  }),
  awards.post('/api/roster/members/{id}/awards', 'admin', 'Grant an award to a member (optionally announced)', {
    body: grantAwardSchema,
    response: grantedSchema,
    status: 201,
  }),
  awards.delete('/api/roster/members/{id}/awards/{grantId}', 'admin', "Revoke one of a member's award grants", {
    response: messageSchema,
  }),

  library.post('/api/knowledge', 'admin', 'Add a document', { body: packetSchema, status: 201 }),
  library.put('/api/knowledge/{id}', 'admin', 'Edit a document', { body: packetSchema }),
  library.delete('/api/knowledge/{id}', 'admin', 'Delete a document'),

  tests.post('/api/tests', 'admin', 'Create a test', { body: testFormSchema, status: 201 }),
  tests.get('/api/tests/{id}', 'admin', 'A test with its questions and answers'),
  tests.put('/api/tests/{id}', 'admin', 'Edit a test', { body: testFormSchema }),
  tests.delete('/api/tests/{id}', 'admin', 'Delete a test'),
  tests.get('/api/tests/{id}/attempts', 'admin', "A test's attempts"),
  tests.delete('/api/tests/attempt/{id}', 'admin', 'Reset an attempt (allows a retake)'),
  tests.post('/api/tests/attempts/{id}/grant', 'admin', 'Approve the qualification of an attempt'),
  tests.post(
    '/api/tests/eligibility/{change}',
    'admin',
    'Approve members for a test, or revoke (change: grant | revoke)',
    { body: eligibilitySchema },
  ),
  tests.post(
    '/api/admin/tests/images',
    'admin',
    'Upload a question image (multipart field `image`, or the raw bytes)',
    { status: 201 },
  ),
  tests.get(
    '/api/admin/tests/{id}/passed-members',
    'admin',
    'Members who passed the written part and await evaluation',
  ),
  tests.get('/api/admin/tests/{id}/evaluation-questions', 'admin', "A test's in-game checklist"),
  tests.put('/api/admin/tests/{id}/evaluation-questions', 'admin', "Replace a test's in-game checklist", {
    body: evaluationChecklistSchema,
  }),

  evaluations.post('/api/admin/evaluations/start', 'admin', 'Start (or resume) a live evaluation', {
    body: startEvaluationSchema,
    status: 201,
  }),
  evaluations.get('/api/admin/evaluations/live/active', 'admin', 'Live evaluations under way'),
  evaluations.get('/api/admin/evaluations/live/{sessionId}', 'admin', 'A live evaluation'),
  evaluations.delete('/api/admin/evaluations/live/{sessionId}', 'admin', 'Cancel a live evaluation'),
  evaluations.post('/api/admin/evaluations/live/{sessionId}/answer', 'admin', 'Answer one checklist item', {
    body: evaluationAnswerSchema,
  }),
  evaluations.post('/api/admin/evaluations/live/{sessionId}/submit', 'admin', 'Finish a live evaluation', {
    body: submitEvaluationSchema,
  }),
  evaluations.get(
    '/api/admin/evaluations/session/{sessionId}/live',
    'admin',
    'Server-Sent Events of one live evaluation',
    { produces: 'text/event-stream' },
  ),
  evaluations.get('/api/admin/evaluations/{id}', 'admin', "A test's completed evaluations (id: the test)"),
  evaluations.delete('/api/admin/evaluations/{id}', 'admin', 'Delete a completed evaluation (id: the evaluation)'),
  evaluations.get('/api/admin/evaluations/details/{id}', 'admin', "A completed evaluation's answers"),
]
