import { preferencesSchema } from '#contracts/language-forms.ts'
import { LANGUAGE_CODES } from '#contracts/languages.ts'
import { z } from 'zod'
import { memberActivitySchema } from '#contracts/activity.ts'
import { joinAllySchema, joinedAllySchema } from '#contracts/allies.ts'
import { memberProfileSchema, memberRecordSchema } from '#contracts/personnel.ts'
import { awardListSchema } from '#contracts/awards.ts'
import { rosterQuerySchema } from '#contracts/roster.ts'
import { rosterPageSchema } from '#contracts/roster-answers.ts'
import { submitTestSchema } from '#contracts/assessments.ts'
import { publicTrainingSchema } from '#contracts/trainings.ts'
import {
  leaveAnswerSchema,
  leaveDenySchema,
  leaveListQuerySchema,
  leaveListSchema,
  leaveRequestSchema,
} from '#contracts/leave.ts'
import {
  applicantListSchema,
  applicationAnswerSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationOneSchema,
  applicationStatusAnswerSchema,
  applicationStatusInputSchema,
  applyAnswerSchema,
  applyInputSchema,
  assignInputSchema,
  commentAnswerSchema,
  commentInputSchema,
  recruitmentFormInputSchema,
  recruitmentFormSchema,
  withdrawAnswerSchema,
} from '#contracts/recruitment.ts'
import { orbatSnapshotSchema } from '#contracts/orbat-history.ts'
import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  pushDeviceListSchema,
  pushPublicKeySchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '#contracts/notifications.ts'
import { operationsOf, type ApiOperation } from './operation.ts'
import { testRefParameter } from './path-parameters.ts'

// What members and visitors call: the ORBAT and its waitlist, the public roster, trainings, the library and tests.

const orbat = operationsOf('ORBAT')
const roster = operationsOf('Roster')
const trainings = operationsOf('Trainings')
const library = operationsOf('Library')
const tests = operationsOf('Tests')
const reference = operationsOf('Reference')
const leave = operationsOf('Leave of absence')
const recruitment = operationsOf('Recruitment')
const allies = operationsOf('Joint operations')
const notifications = operationsOf('Notifications')
const languages = operationsOf('Languages')

// NOTE: POST /api/waitlist/join has no contract schema: the use case checks `squad_preference` against the squads
// that accept a preference. This describes its one field.
const waitlistJoinBody = z.object({
  squad_preference: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'A squad name that takes preferences, or null / absent for Any Squad.' }),
})

const languagesAnswerSchema = z.object({
  default: z.enum(LANGUAGE_CODES),
  available: z.array(z.object({ code: z.enum(LANGUAGE_CODES), name: z.string() })),
})

const POLLED =
  'Served from the in-memory snapshot with an ETag; send If-None-Match to get 304 when nothing changed. Compressed (brotli or gzip) when Accept-Encoding allows, each coding with its own ETag.'

export const memberOperations: ApiOperation[] = [
  reference.get('/api/openapi.json', 'public', 'This document'),
  reference.get('/api/docs', 'public', 'The readable reference of this document', { produces: 'text/html' }),
  orbat.get('/api/orbat', 'public', 'The order of battle: squads, teams, slots and who holds them', {
    description: `${POLLED} Each slot has \`reserved_for\` ({id, tag, name} of the allied unit it is reserved for while the reservation holds, else null) and \`holder\` ({name, guest_of}: guest_of is the allied unit's tag of a guest, else null; null for an open slot).`,
  }),
  orbat.get('/api/waitlist', 'public', 'The waitlist, longest waiting first', { description: POLLED }),
  orbat.get('/api/waitlist/squads', 'public', 'Squads a waitlist entry may prefer', { description: POLLED }),
  orbat.get('/api/settings', 'public', 'Public ORBAT settings (the sign-up time lock)', { description: POLLED }),
  orbat.get('/api/live', 'public', 'Server-Sent Events: the four polled answers after every change', {
    produces: 'text/event-stream',
  }),
  orbat.post('/api/slot/{id}/signup', 'user', 'Take a slot (moves you when you hold another)'),
  orbat.post('/api/slot/{id}/leave', 'user', 'Leave your slot'),
  orbat.post('/api/waitlist/join', 'user', 'Join the waitlist', { body: waitlistJoinBody }),
  orbat.post('/api/waitlist/leave', 'user', 'Leave the waitlist'),

  roster.get(
    '/api/roster',
    'optional-user',
    'One page of the roster (admins also see Discord ids, Bohemia UUIDs and notes)',
    { query: rosterQuerySchema, response: rosterPageSchema },
  ),
  roster.get('/api/awards', 'public', 'Every award in precedence order, with how often it was granted', {
    response: awardListSchema,
  }),
  roster.get('/api/roster/member/{id}', 'public', "A member's public record: events, trainings, qualifications"),
  roster.get(
    '/api/roster/members/{id}/profile',
    'public',
    "A member's public profile: rank, slot, time in service, awards, qualifications, the last 12 weeks' attendance and the public part of their service record",
    { response: memberProfileSchema },
  ),
  roster.get(
    '/api/roster/members/{id}/record',
    'user',
    "A member's full service record, newest first: for admins (with admin notes) and the member themselves (without); 403 for anyone else",
    { response: memberRecordSchema },
  ),
  roster.get('/api/roster/events/{id}/orbat-snapshot', 'user', "An operation's frozen ORBAT: who held which slot", {
    response: orbatSnapshotSchema,
    description:
      "The ORBAT as it stood at the event's start (or when an admin froze it again); 404 when none was frozen.",
  }),
  roster.get(
    '/api/roster/members/{id}/activity',
    'user',
    "A member's activity row and their sessions of the window: for admins and the member themselves; 403 for anyone else",
    {
      query: z.object({
        weeks: z.coerce
          .number()
          .int()
          .min(1)
          .max(52)
          .optional()
          .meta({ description: 'The window in whole weeks (default 12, at most 52); anything else is 400.' }),
      }),
      response: memberActivitySchema,
    },
  ),
  roster.get('/api/roster/qualifications/public', 'public', 'Qualifications and their holders'),

  trainings.get(
    '/api/roster/trainings/public',
    'optional-user',
    'Visible upcoming trainings, with is_signed_up for the caller',
    { response: z.array(publicTrainingSchema) },
  ),
  trainings.get('/api/roster/trainings/{id}/signups', 'public', 'Who signed up to a training'),
  trainings.post('/api/roster/trainings/{id}/signup', 'user', 'Sign up to a training'),
  trainings.post('/api/roster/trainings/{id}/leave', 'user', 'Leave a training'),

  leave.get('/api/loa', 'user', "Your leave of absence (an admin's: everyone's), newest first", {
    query: leaveListQuerySchema,
    response: leaveListSchema,
    description: '`active`: approved, not ended early, and covering today in the unit time zone.',
  }),
  leave.post('/api/loa', 'user', 'Ask for leave (you must be on the roster and not banned)', {
    body: leaveRequestSchema,
    response: leaveAnswerSchema,
    status: 201,
    description:
      'Calendar days in the unit time zone, the first and last included. At most `leave_max_days` days (90 unless an admin set it), starting at most 7 days ago; 409 when it overlaps your pending or approved leave.',
  }),
  leave.delete('/api/loa/{id}', 'user', 'Withdraw your pending request', { response: leaveAnswerSchema }),
  leave.post('/api/loa/{id}/approve', 'admin', 'Approve a pending request', { response: leaveAnswerSchema }),
  leave.post('/api/loa/{id}/deny', 'admin', 'Deny a pending request, with a reason the member reads', {
    body: leaveDenySchema,
    response: leaveAnswerSchema,
  }),
  leave.post('/api/loa/{id}/end', 'user', "End an approved leave now (yours, or anyone's as an admin)", {
    response: leaveAnswerSchema,
  }),

  allies.post('/api/allied-units/join', 'user', "Join an allied unit as its guest, by its invite link's code", {
    body: joinAllySchema,
    response: joinedAllySchema,
    description:
      'The code is the last part of the invite link. A guest may take only the ORBAT slots reserved for their allied unit, and sees the ORBAT and their own account, not the members’ pages. 400 for a wrong or expired code; 409 for a roster member, who stays a member. A guest of another allied unit moves to this one, giving up their slot. Audit-logged.',
  }),
  recruitment.get('/api/recruitment/form', 'public', "The unit's application form", {
    response: recruitmentFormSchema,
  }),
  recruitment.put('/api/recruitment/form', 'admin', 'Replace the application form', {
    body: recruitmentFormInputSchema,
    response: recruitmentFormSchema,
    description:
      'The whole form: questions in their order (a question without `id` is new and gets one; answers are keyed by ids), `intro` as rich text HTML, sanitised like a test question and answered as `intro_html`.',
  }),
  recruitment.post('/api/applications', 'user', 'Apply to join (a logged-in Discord account that is not a member)', {
    body: applyInputSchema,
    response: applyAnswerSchema,
    status: 201,
    description:
      '403 when applications are closed or you are a banned member; 409 when you are a member, already have an open application, or a rejection is within the cooldown (`recruitment_cooldown_days`, 30 unless set); 400 naming the question (`fields` by question id) when an answer is missing or invalid. Rate limited per address.',
  }),
  recruitment.get('/api/applications/mine', 'user', 'Your applications with status, reason and history', {
    response: applicantListSchema,
  }),
  recruitment.get('/api/applications', 'admin', 'Applications, newest first (at most 500)', {
    query: applicationListQuerySchema,
    response: applicationListSchema,
  }),
  recruitment.get('/api/applications/{id}', 'user', 'One application (admins; the applicant: without comments)', {
    response: applicationOneSchema,
    description:
      "An admin gets the recruiters' view; the applicant their own without comments or assignee; anyone else 404.",
  }),
  recruitment.post('/api/applications/{id}/status', 'admin', 'Move an open application', {
    body: applicationStatusInputSchema,
    response: applicationStatusAnswerSchema,
    description:
      '`accepted` creates the roster member (rank BMT, joined today, linked by Discord id) and answers its `member_id`; `rejected` needs a `reason` the applicant reads. 409 when the application is no longer open (another recruiter moved it first).',
  }),
  recruitment.post('/api/applications/{id}/comments', 'admin', "Add a recruiters' comment", {
    body: commentInputSchema,
    response: commentAnswerSchema,
    status: 201,
  }),
  recruitment.post('/api/applications/{id}/assign', 'admin', 'Assign an admin, or null for nobody', {
    body: assignInputSchema,
    response: applicationAnswerSchema,
  }),
  recruitment.post('/api/applications/{id}/withdraw', 'user', 'Withdraw your own open application', {
    response: withdrawAnswerSchema,
  }),
  notifications.get('/api/push/public-key', 'public', 'The VAPID public key to subscribe a browser with', {
    response: pushPublicKeySchema,
  }),
  notifications.post('/api/push/subscriptions', 'user', 'Turn web push on for this device', {
    body: pushSubscriptionInputSchema,
    response: pushSubscriptionAnswerSchema,
    status: 201,
    description:
      "The browser's PushSubscription. The endpoint must be https on a public address (400 for a private, loopback or link-local one), unless its origin is in PUSH_ENDPOINT_ALLOW.",
  }),
  notifications.get('/api/push/subscriptions', 'user', 'Your devices that get push, oldest first', {
    response: pushDeviceListSchema,
    description: 'Each with what the browser said it was, when it was added, and when a push last reached it.',
  }),
  notifications.delete('/api/push/subscriptions', 'user', 'Turn web push off for a device (204)', {
    body: pushUnsubscribeInputSchema,
  }),
  notifications.get('/api/account/export', 'user', 'Everything the app holds about you, as JSON', {
    description:
      'Your account, your roster record, service history, awards, leave, attendance, sign-ups, test attempts, applications, slot, notification choices, devices and token names (never a secret). A download (Content-Disposition: attachment).',
  }),
  notifications.get('/api/account/notifications', 'user', 'Your choices per kind: by push, by Discord message', {
    response: notificationPreferencesSchema,
    description: '`admin_queue` is listed for admins only.',
  }),
  notifications.put('/api/account/notifications', 'user', 'Change your choices for the kinds given', {
    body: notificationPreferencesInputSchema,
    response: notificationPreferencesSchema,
  }),

  languages.get('/api/languages', 'public', 'The languages the app speaks, and the unit default', {
    response: languagesAnswerSchema,
    description:
      "Pages speak the person's own choice, else the best of the browser's Accept-Language, else the unit default. The /api itself answers in English.",
  }),
  languages.get('/api/account/preferences', 'user', 'Your language (null: your browser decides)', {
    response: preferencesSchema,
  }),
  languages.put('/api/account/preferences', 'user', 'Choose your language, or null to follow your browser', {
    body: preferencesSchema,
    response: preferencesSchema,
    description: 'Your pages, pushes and Discord direct messages follow it.',
  }),

  library.get('/api/knowledge', 'public', "The library's documents"),

  tests.get('/api/tests/public', 'public', 'Qualification test cards'),
  tests.get('/api/tests', 'user', "The test cards with the caller's standing"),
  tests.get('/api/tests/{id}/take', 'user', 'A test to take (by id or uuid), without the correct answers', {
    params: { id: testRefParameter },
  }),
  tests.post('/api/tests/{id}/submit', 'user', 'Submit answers (by id or uuid); scored on the server', {
    params: { id: testRefParameter },
    body: submitTestSchema,
  }),
  tests.get(
    '/api/tests/attempt/{uuid}/result',
    'user',
    "One of the caller's attempts; correct answers only when it passed",
  ),
  tests.get('/api/tests/images/{name}', 'public', 'A question image', { produces: 'image/*' }),
]
