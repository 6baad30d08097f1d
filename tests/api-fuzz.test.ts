// Every /api write route (read from app/routes.ts, so a new route is fuzzed without editing this file) under bad input
// (docs/reliability.md, Bad input): malformed JSON, bodies of the wrong shape, NUL bytes and 100 kB strings in every
// kind of string field, values of the wrong type, odd numbers and ids, arrays where objects go, nulls, unsupported
// methods. The promises: never a 5xx; every 4xx is JSON {error} (a 405 also says Allow); bad input is refused (4xx, not
// stored) and changes nothing in the database or on Discord. Deterministic: a fixed seed picks the fields to mutate.
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'
import routes from '#app/routes.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import {
  awardGrants,
  awards,
  knowledgePackets,
  liveEvaluationSessions,
  members,
  orbatPresets,
  platoons,
  qualifications,
  scheduledPings,
  squadRoleMappings,
  squads,
  testAttempts,
  testEvaluationQuestions,
  testEvaluations,
  tests,
  trainingSignups,
  trainings,
  events,
  eligibleRoles,
  slots,
  leaves as leaveRows,
  applications,
  users,
} from '#db/schema/index.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { MEMBER_WRITE_PATHS } from '#server/http/member-writes.ts'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { startTestApp, type TestApp, type TestClient } from './harness/app.ts'
import { stateFingerprint } from './harness/fingerprint.ts'
import { toSave } from './harness/orbat.ts'

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const WRITE_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE']

/** A JSON body to mutate; NO_BODY: the method reads no body; RAW_BODY: it reads one that is not JSON (an upload). */
const NO_BODY = null
const RAW_BODY = 'raw'
type Sample = Record<string, unknown> | typeof NO_BODY | typeof RAW_BODY

interface Ids {
  member: number
  otherMember: number
  event: number
  training: number
  signedUpMember: number
  qualification: number
  packet: number
  platoon: number
  preset: number
  eligibleRole: number
  squad: number
  squadName: string
  slot: number
  squadMapping: number
  ping: number
  test: number
  attempt: number
  evaluation: number
  session: string
  checklistItem: number
  award: number
  awardGrant: { id: number; member: number }
  /** The seeded pending leave request, and the seeded leave active today. */
  pendingLeave: number
  activeLeave: number
  /** The seeded submitted application, and the demo admin's user id (an assignee). */
  application: number
  adminUser: number
  orbat: Record<string, unknown>
  /** The seeded webhook endpoint (paused) and one of its deliveries. */
  webhook: number
  webhookDelivery: string
  /** The seeded allied unit and one of its guests (db/seed/allies.ts). */
  ally: number
  allyGuest: number
}

interface Known {
  params: (ids: Ids) => Record<string, string>
  methods: (ids: Ids) => Partial<Record<Method, Sample>>
  /** Number fields that also take text on purpose (not mutated into odd numeric text). */
  textToo?: RegExp
}

const trainingBody = {
  name: 'Fuzz training',
  description: 'Bring a radio.',
  date: '2031-04-01T18:00:00Z',
  is_hidden: false,
  is_bmt_training: false,
}
const memberBody = (ids: Ids) => ({
  ingame_name: 'Fuzz Member',
  rank: 'NCO',
  join_date: '2030-01-15',
  notes: 'A note.',
  discord_id: '812345678901234567',
  bohemia_uuid: 'b-uuid',
  hidden_score: 1.5,
  attended_events_count: 3,
  qualifications: [ids.qualification],
  events: [ids.event],
  trainings: [ids.training],
})
const webhookBody = {
  url: 'https://93.184.215.14/hooks/fuzz',
  description: 'Fuzz endpoint',
  events: ['slot.taken', 'member.created'],
  active: false,
}
const allyBody = {
  name: 'Fuzz Allies',
  tag: 'FUZ',
  discord_guild_id: '812345678901234567',
  contact_discord_id: '812345678901234568',
  release_hours_before: 12,
  guests_need_roles: true,
  invite_expires_in_days: 7,
}
const testBody = (ids: Ids) => ({
  name: 'Fuzz test',
  qualification_id: ids.qualification,
  required_score: 2,
  passing_questions: 1,
  requires_in_game_eval: true,
  eval_passing_score: 80,
  questions: [
    {
      id: null,
      question_text: '<p>Which way is north?</p>',
      image_url: 'https://example.com/map.png',
      options: ['Up', 'Down', 'Left', 'Right'],
      correct_answer_index: 0,
    },
  ],
  evaluation_questions: [{ id: null, text: 'Clears a room', pos_score: 2, neg_score: 1, section: 'CQB' }],
})

/**
 * Valid bodies (the fuzz mutates them field by field) and path ids of the seeded demo unit. A route missing here is
 * still fuzzed (whole-body cases, odd ids, unsupported methods) with the methods its 405 answer's Allow names.
 */
const KNOWN: Record<string, Known> = {
  'api/slot/:id/signup': { params: (i) => ({ id: String(i.slot) }), methods: () => ({ POST: NO_BODY }) },
  'api/slot/:id/leave': { params: (i) => ({ id: String(i.slot) }), methods: () => ({ POST: NO_BODY }) },
  'api/waitlist/join': { params: () => ({}), methods: (i) => ({ POST: { squad_preference: i.squadName } }) },
  'api/waitlist/leave': { params: () => ({}), methods: () => ({ POST: NO_BODY }) },
  'api/admin/settings': {
    params: () => ({}),
    methods: () => ({ PUT: { key: 'signup_time', value: '2031-05-01T18:30:00Z' } }),
  },
  'api/admin/settings/language': { params: () => ({}), methods: () => ({ PUT: { language: 'de' } }) },
  'api/account/preferences': { params: () => ({}), methods: () => ({ PUT: { language: 'fr' } }) },
  'api/admin/waitlist-roles': {
    params: () => ({}),
    methods: () => ({
      POST: { role_name: 'Fuzz role', role_id: DEMO_ROLES.pilot.id, can_join_general_waitlist: true },
    }),
  },
  'api/admin/waitlist-roles/:id': {
    params: (i) => ({ id: String(i.eligibleRole) }),
    methods: () => ({
      PUT: {
        role_name: 'Fuzz role',
        role_id: [DEMO_ROLES.pilot.id, DEMO_ROLES.medic.id],
        can_join_general_waitlist: 'on',
      },
      DELETE: NO_BODY,
    }),
  },
  'api/admin/waitlist': { params: () => ({}), methods: () => ({ DELETE: NO_BODY }) },
  'api/admin/platoons': {
    params: () => ({}),
    methods: () => ({ POST: { name: 'Fuzz platoon', discord_role_id: DEMO_ROLES.pilot.id } }),
  },
  'api/admin/platoons/:id': { params: (i) => ({ id: String(i.platoon) }), methods: () => ({ DELETE: NO_BODY }) },
  'api/admin/orbat/presets': { params: () => ({}), methods: () => ({ POST: { name: 'Fuzz preset' } }) },
  'api/admin/orbat/presets/:id': {
    params: (i) => ({ id: String(i.preset) }),
    methods: () => ({ PUT: { name: 'Fuzz preset' }, DELETE: NO_BODY }),
  },
  'api/admin/orbat/presets/:id/load': { params: (i) => ({ id: String(i.preset) }), methods: () => ({ POST: NO_BODY }) },
  // Restore and the operation freeze read no body: a body is ignored, as by the other bodiless calls.
  'api/admin/orbat/versions/:id/restore': { params: () => ({ id: '1' }), methods: () => ({ POST: NO_BODY }) },
  'api/roster/events/:id/orbat-snapshot': {
    params: (i) => ({ id: String(i.event) }),
    methods: () => ({ POST: NO_BODY }),
  },
  // A row's id may be a temporary text id (a new row): '0x1' is one.
  'api/admin/orbat/save': {
    params: () => ({}),
    methods: (i) => ({ PUT: i.orbat }),
    textToo: /^(squads|slots|waypoints|pax_counters)\[\d+\]\.id$/,
  },
  'api/roster/members': {
    params: () => ({}),
    methods: (i) => ({ POST: { ...memberBody(i), status: 'Denied', ban_reason: 'Fuzzing.' } }),
  },
  'api/roster/members/:id': {
    params: (i) => ({ id: String(i.member) }),
    methods: (i) => ({ PUT: memberBody(i), DELETE: NO_BODY }),
  },
  'api/roster/members/:id/ban': {
    params: (i) => ({ id: String(i.member) }),
    methods: () => ({ POST: { reason: 'Fuzzing.' } }),
  },
  'api/roster/members/:id/unban': { params: (i) => ({ id: String(i.member) }), methods: () => ({ POST: NO_BODY }) },
  'api/roster/events': {
    params: () => ({}),
    methods: () => ({ POST: { name: 'Fuzz op', date: '2031-03-01', orbat_image_url: 'https://example.com/o.png' } }),
  },
  'api/roster/events/:id': {
    params: (i) => ({ id: String(i.event) }),
    methods: () => ({
      PUT: { name: 'Fuzz op', date: '2031-03-01T20:00:00-05:00', orbat_image_url: null },
      DELETE: NO_BODY,
    }),
  },
  'api/roster/events/:id/attendance': {
    params: (i) => ({ id: String(i.event) }),
    methods: (i) => ({ POST: { memberIds: [i.member, i.otherMember] } }),
  },
  'api/roster/qualifications': {
    params: () => ({}),
    methods: () => ({ POST: { name: 'Fuzz qual', description: 'Words.', discord_role_id: DEMO_ROLES.pilot.id } }),
  },
  'api/roster/qualifications/:id': {
    params: (i) => ({ id: String(i.qualification) }),
    methods: () => ({ PUT: { name: 'Fuzz qual', description: 'Words.', discord_role_id: '' }, DELETE: NO_BODY }),
  },
  'api/roster/trainings': { params: () => ({}), methods: () => ({ POST: trainingBody }) },
  'api/roster/trainings/:id': {
    params: (i) => ({ id: String(i.training) }),
    methods: () => ({
      PUT: { ...trainingBody, date: '2031-04-02', time: '18:30', tz: 'Europe/Berlin' },
      DELETE: NO_BODY,
    }),
  },
  'api/roster/trainings/:id/signup': {
    params: (i) => ({ id: String(i.training) }),
    methods: () => ({ POST: NO_BODY }),
  },
  'api/roster/trainings/:id/leave': { params: (i) => ({ id: String(i.training) }), methods: () => ({ POST: NO_BODY }) },
  'api/roster/trainings/:id/signups/:memberId': {
    params: (i) => ({ id: String(i.training), memberId: String(i.signedUpMember) }),
    methods: () => ({ DELETE: NO_BODY }),
  },
  'api/roster/trainings/:id/attendance': {
    params: (i) => ({ id: String(i.training) }),
    methods: (i) => ({ POST: { memberIds: [i.member] } }),
  },
  'api/roster/trainings/:id/post-to-discord': {
    params: (i) => ({ id: String(i.training) }),
    methods: () => ({ POST: { channelId: DEMO_CHANNELS.orbatActivity.id, cadreRoleIds: [DEMO_ROLES.leader.id] } }),
  },
  'api/roster/:kind/:id/ping': {
    params: (i) => ({ kind: 'events', id: String(i.event) }),
    methods: () => ({
      POST: {
        channelId: DEMO_CHANNELS.orbatActivity.id,
        pingTime: '2031-03-01T18:00:00Z',
        messageContent: 'Op tonight.',
        rolesToPing: [DEMO_ROLES.rifleman.id],
      },
    }),
  },
  'api/roster/bmt-graduate': {
    params: () => ({}),
    methods: (i) => ({ POST: { memberIds: [i.member], completionDate: '2030-02-01' } }),
  },
  'api/roster/promotions/thresholds': {
    params: () => ({}),
    methods: () => ({
      PUT: {
        thresholds: [
          { from_rank: 'BMT', required_score: 4 },
          { from_rank: 'JNCO', required_score: '12' },
        ],
      },
    }),
  },
  'api/roster/promotions/run': { params: () => ({}), methods: () => ({ POST: NO_BODY }) },
  // Back up now reads no body.
  'api/admin/backups': { params: () => ({}), methods: () => ({ POST: NO_BODY }) },
  // Outgoing webhooks: an endpoint's body (a public address written as one, so no DNS is asked); the seeded endpoint
  // is paused, so Send test and Redeliver are refused even with a good id.
  'api/admin/webhooks': { params: () => ({}), methods: () => ({ POST: webhookBody }) },
  'api/admin/webhooks/:id': {
    params: (i) => ({ id: String(i.webhook) }),
    methods: () => ({ PUT: webhookBody, DELETE: NO_BODY }),
  },
  'api/admin/webhooks/:id/rotate-secret': {
    params: (i) => ({ id: String(i.webhook) }),
    methods: () => ({ POST: NO_BODY }),
  },
  'api/admin/webhooks/:id/test': { params: (i) => ({ id: String(i.webhook) }), methods: () => ({ POST: NO_BODY }) },
  'api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': {
    params: (i) => ({ id: String(i.webhook), deliveryId: i.webhookDelivery }),
    methods: () => ({ POST: NO_BODY }),
  },
  // Joint operations: an allied unit's body; the join's code is refused whatever it is mutated into.
  'api/admin/allied-units': { params: () => ({}), methods: () => ({ POST: allyBody }) },
  'api/admin/allied-units/:id': {
    params: (i) => ({ id: String(i.ally) }),
    methods: () => ({ PUT: allyBody, DELETE: NO_BODY }),
  },
  'api/admin/allied-units/:id/rotate-invite': {
    params: (i) => ({ id: String(i.ally) }),
    methods: () => ({ POST: { invite_expires_in_days: 30 } }),
  },
  'api/admin/allied-units/:id/guests/:userId': {
    params: (i) => ({ id: String(i.ally), userId: String(i.allyGuest) }),
    methods: () => ({ DELETE: NO_BODY }),
  },
  'api/allied-units/join': { params: () => ({}), methods: () => ({ POST: { code: 'not-an-invite-code' } }) },
  'api/discord-roles/squads': {
    params: () => ({}),
    methods: (i) => ({ POST: { squad_id: i.squad, create_discord_channel: true } }),
  },
  'api/discord-roles/ranks': {
    params: () => ({}),
    methods: () => ({
      PUT: {
        mappings: [
          { rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id },
          { rank_name: 'NCO', discord_role_id: '' },
        ],
      },
    }),
  },
  'api/discord-roles/squads/:id': {
    params: (i) => ({ id: String(i.squadMapping) }),
    methods: () => ({ PUT: { create_discord_channel: false }, DELETE: NO_BODY }),
  },
  'api/discord-roles/purge-squad-integrations': { params: () => ({}), methods: () => ({ POST: NO_BODY }) },
  'api/discord/roles/purge-event-ping': { params: () => ({}), methods: () => ({ POST: NO_BODY }) },
  'api/discord/pings/:id': { params: (i) => ({ id: String(i.ping) }), methods: () => ({ DELETE: { type: 'event' } }) },
  'api/awards': {
    params: () => ({}),
    methods: () => ({
      POST: { name: 'Fuzz award', description: 'For fuzzing.', image_url: 'https://example.com/r.png', precedence: 7 },
    }),
  },
  'api/awards/:id': {
    params: (i) => ({ id: String(i.award) }),
    methods: () => ({
      PUT: { name: 'Fuzz award', description: '', image_url: null, precedence: 8 },
      DELETE: NO_BODY,
    }),
  },
  'api/roster/members/:id/awards': {
    params: (i) => ({ id: String(i.member) }),
    methods: (i) => ({ POST: { award_id: i.award, citation: 'Fuzzed well.', date: '2030-05-01', announce: true } }),
  },
  'api/roster/members/:id/awards/:grantId': {
    params: (i) => ({ id: String(i.awardGrant.member), grantId: String(i.awardGrant.id) }),
    methods: () => ({ DELETE: NO_BODY }),
  },
  'api/loa': {
    params: () => ({}),
    methods: () => ({ POST: { start_date: '2031-03-01', end_date: '2031-03-14', reason: 'Fuzz holiday.' } }),
  },
  'api/loa/:id': { params: (i) => ({ id: String(i.pendingLeave) }), methods: () => ({ DELETE: NO_BODY }) },
  'api/loa/:id/approve': { params: (i) => ({ id: String(i.pendingLeave) }), methods: () => ({ POST: NO_BODY }) },
  'api/loa/:id/deny': {
    params: (i) => ({ id: String(i.pendingLeave) }),
    methods: () => ({ POST: { reason: 'Fuzzing.' } }),
  },
  'api/loa/:id/end': { params: (i) => ({ id: String(i.activeLeave) }), methods: () => ({ POST: NO_BODY }) },
  'api/recruitment/form': {
    params: () => ({}),
    methods: () => ({
      PUT: {
        open: true,
        closed_message: 'Closed.',
        intro: '<p>Join us.</p>',
        questions: [{ id: 'age', label: 'Age', kind: 'number', options: [], required: true }],
      },
    }),
  },
  'api/applications': { params: () => ({}), methods: () => ({ POST: { answers: { age: 20 } } }) },
  'api/applications/:id/status': {
    params: (i) => ({ id: String(i.application) }),
    methods: () => ({ POST: { status: 'rejected', reason: 'Fuzzed.' } }),
  },
  'api/applications/:id/comments': {
    params: (i) => ({ id: String(i.application) }),
    methods: () => ({ POST: { text: 'Fuzz comment.' } }),
  },
  'api/applications/:id/assign': {
    params: (i) => ({ id: String(i.application) }),
    methods: (i) => ({ POST: { user_id: i.adminUser } }),
  },
  'api/applications/:id/withdraw': {
    params: (i) => ({ id: String(i.application) }),
    methods: () => ({ POST: NO_BODY }),
  },
  'api/knowledge': {
    params: () => ({}),
    methods: () => ({ POST: { name: 'Fuzz doc', google_doc_url: 'https://docs.example.com/d/1' } }),
  },
  'api/knowledge/:id': {
    params: (i) => ({ id: String(i.packet) }),
    methods: () => ({ PUT: { name: 'Fuzz doc', google_doc_url: 'https://docs.example.com/d/2' }, DELETE: NO_BODY }),
  },
  'api/tests': { params: () => ({}), methods: (i) => ({ POST: testBody(i) }) },
  'api/tests/:id': { params: (i) => ({ id: String(i.test) }), methods: (i) => ({ PUT: testBody(i), DELETE: NO_BODY }) },
  'api/tests/:id/submit': {
    params: (i) => ({ id: String(i.test) }),
    methods: (i) => ({ POST: { answers: { [String(i.checklistItem)]: 1 } } }),
  },
  'api/tests/attempt/:id': { params: (i) => ({ id: String(i.attempt) }), methods: () => ({ DELETE: NO_BODY }) },
  'api/tests/attempts/:id/grant': { params: (i) => ({ id: String(i.attempt) }), methods: () => ({ POST: NO_BODY }) },
  'api/tests/eligibility/:change': {
    params: () => ({ change: 'grant' }),
    methods: (i) => ({ POST: { testId: i.test, memberId: i.member } }),
  },
  'api/admin/tests/images': { params: () => ({}), methods: () => ({ POST: RAW_BODY }) },
  'api/admin/tests/:id/evaluation-questions': {
    params: (i) => ({ id: String(i.test) }),
    methods: (i) => ({
      PUT: { questions: [{ id: i.checklistItem, text: 'Clears a room', pos_score: 1, neg_score: 0, section: null }] },
    }),
  },
  'api/admin/evaluations/start': {
    params: () => ({}),
    methods: (i) => ({ POST: { testId: i.test, evaluateeId: i.member } }),
  },
  'api/admin/evaluations/live/:sessionId': {
    params: (i) => ({ sessionId: i.session }),
    methods: () => ({ DELETE: NO_BODY }),
  },
  'api/admin/evaluations/live/:sessionId/answer': {
    params: (i) => ({ sessionId: i.session }),
    methods: (i) => ({ POST: { questionId: i.checklistItem, answer: 'pass' } }),
  },
  'api/admin/evaluations/live/:sessionId/submit': {
    params: (i) => ({ sessionId: i.session }),
    methods: () => ({ POST: { notes: 'Good drills.' } }),
  },
  'api/admin/evaluations/:id': { params: (i) => ({ id: String(i.evaluation) }), methods: () => ({ DELETE: NO_BODY }) },
}

// ---- the route list ----------------------------------------------------------------------------------------------

interface RouteEntry {
  path?: string
  file: string
  children?: RouteEntry[]
}
const flatten = (list: readonly RouteEntry[]): RouteEntry[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])])
const appDir = path.resolve(import.meta.dirname, '../app')
// The sign-up rush's four writes are answered before React Router (server/http/member-writes.ts): fuzzed too.
const writeRoutes = flatten(routes as RouteEntry[])
  .filter((r) => r.path?.startsWith('api/') && r.path !== 'api/*')
  .filter((r) => /export (async function|const) action\b/.test(fs.readFileSync(path.join(appDir, r.file), 'utf8')))
  .map((r) => r.path!)
  .concat(MEMBER_WRITE_PATHS.map((p) => p.slice(1)))

// ---- deterministic sampling ----------------------------------------------------------------------------------------

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(12)
function sample<T>(list: T[], n: number): T[] {
  const copy = [...list]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy.slice(0, n)
}

type Path = Array<string | number>
interface Leaf {
  path: Path
  value: unknown
}
/** Every value below the root, depth first. */
function leaves(value: unknown, at: Path = []): Leaf[] {
  const here = at.length ? [{ path: at, value }] : []
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => leaves(v, [...at, i]))]
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]))]
  return here
}
function withValue(body: unknown, at: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>
  let node = copy
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[at.at(-1)!] = value
  return copy
}
const label = (at: Path) =>
  at
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .slice(1)

const HUGE = 'x'.repeat(100_000)
const WRONG_TYPE = { $fuzz: 1 }

/** Odd spellings of a numeric id that must not reach it ('0xc9' is not 201). */
const oddIds = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}.0`,
  `+${id}`,
  `%20${id}`,
  `${id / 1000}e3`,
  `0${id}`,
  `${id}%00`,
  `-${id}`,
  '0',
  '99999999999',
  'abc',
]
const oddParam = (value: string) =>
  /^\d+$/.test(value) ? oddIds(Number(value)) : [`${value}%00`, `%20${value}`, `${value}x`, '0x1']

// ---- running ------------------------------------------------------------------------------------------------------

interface Problem {
  kind: '5xx' | 'not {error}' | 'accepted' | 'no Allow' | 'changed' | 'field not named'
  request: string
  detail: string
}

let t: TestApp
let admin: TestClient
let ids: Ids
const problems: Problem[] = []
let requests = 0

async function send(method: string, url: string, body: string | undefined) {
  requests++
  const response = await admin.fetch(
    url,
    body === undefined ? { method } : { method, body, headers: { 'Content-Type': 'application/json' } },
  )
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, json, allow: response.headers.get('allow'), text }
}

type Expectation = 'refused' | 'any'
/** Sends one case and records what breaks the promises. `refused`: bad input that must answer 4xx. */
async function check(
  method: string,
  url: string,
  body: string | undefined,
  expectation: Expectation,
  what: string,
  field?: Path,
) {
  const request = `${method} ${url} ${what}`
  const answer = await send(method, url, body)
  if (answer.status >= 500)
    problems.push({ kind: '5xx', request, detail: `${answer.status} ${answer.text.slice(0, 120)}` })
  else if (answer.status >= 400) {
    const error = (answer.json as { error?: unknown } | undefined)?.error
    if (typeof error !== 'string' || !error)
      problems.push({ kind: 'not {error}', request, detail: `${answer.status} ${answer.text.slice(0, 120)}` })
    if (answer.status === 405 && !answer.allow)
      problems.push({ kind: 'no Allow', request, detail: answer.text.slice(0, 80) })
    if (
      field &&
      answer.status === 400 &&
      typeof field[0] === 'string' &&
      !JSON.stringify(answer.json).includes(field[0])
    ) {
      problems.push({ kind: 'field not named', request, detail: answer.text.slice(0, 160) })
    }
  } else if (expectation === 'refused')
    problems.push({ kind: 'accepted', request, detail: `${answer.status} ${answer.text.slice(0, 120)}` })
  return answer
}

const fingerprint = () => stateFingerprint(t)

function urlOf(pattern: string, params: Record<string, string>) {
  return '/' + pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1')
}

/** What the route answers to OPTIONS (no route serves it): its Allow header, when it gives one. */
async function allowedMethods(url: string): Promise<Method[] | null> {
  const answer = await send('OPTIONS', url, undefined)
  return answer.allow
    ? (answer.allow
        .split(',')
        .map((m) => m.trim())
        .filter((m) => (WRITE_METHODS as string[]).includes(m)) as Method[])
    : null
}

async function fuzzRoute(pattern: string) {
  const known = KNOWN[pattern]
  const params = known?.params(ids) ?? {}
  const url = urlOf(pattern, params)
  const methods: Partial<Record<Method, Sample>> = known
    ? known.methods(ids)
    : Object.fromEntries(((await allowedMethods(url)) ?? ['POST']).map((m) => [m, RAW_BODY] as const))
  const supported = Object.keys(methods) as Method[]
  const anySample = Object.values(methods).find((s) => s && s !== RAW_BODY) as Record<string, unknown> | undefined
  const before = await fingerprint()

  // Unsupported methods, with a body that would be valid: 405 {error} and Allow.
  for (const method of WRITE_METHODS.filter((m) => !supported.includes(m))) {
    const answer = await check(
      method,
      url,
      anySample ? JSON.stringify(anySample) : undefined,
      'refused',
      'unsupported method',
    )
    if (answer.status !== 405)
      problems.push({
        kind: 'accepted',
        request: `${method} ${url} unsupported method`,
        detail: `answered ${answer.status}`,
      })
    else if (answer.allow && supported.some((m) => !answer.allow!.includes(m))) {
      problems.push({
        kind: 'no Allow',
        request: `${method} ${url}`,
        detail: `Allow: ${answer.allow}, expected ${supported.join(', ')}`,
      })
    }
  }

  for (const method of supported) {
    const sampleBody = methods[method]
    const valid = sampleBody && sampleBody !== RAW_BODY ? JSON.stringify(sampleBody) : undefined
    // Odd ids in each path parameter, with an otherwise valid request.
    for (const [name, value] of Object.entries(params)) {
      for (const odd of oddParam(value))
        await check(method, urlOf(pattern, { ...params, [name]: odd }), valid, 'refused', `${name}=${odd}`)
    }
    if (sampleBody === NO_BODY) continue
    // Bodies of the wrong shape (a route that takes no JSON refuses them as well).
    for (const raw of [
      '{',
      '{"name": ',
      '\u0000',
      'null',
      '"text"',
      '42',
      'true',
      '[{}]',
      '[[]]',
      JSON.stringify(HUGE),
    ]) {
      await check(method, url, raw, 'refused', `body ${raw.slice(0, 12)}`)
    }
    if (sampleBody === RAW_BODY) continue
    const all = leaves(sampleBody)
    const strings = all.filter((l) => typeof l.value === 'string')
    const numbers = all.filter((l) => typeof l.value === 'number' && !known?.textToo?.test(label(l.path)))
    const objects = all.filter((l) => l.value && typeof l.value === 'object' && !Array.isArray(l.value))
    for (const leaf of sample(strings, 8)) {
      await check(
        method,
        url,
        JSON.stringify(withValue(sampleBody, leaf.path, `${leaf.value as string}\u0000`)),
        'refused',
        `${label(leaf.path)} NUL`,
        leaf.path,
      )
    }
    for (const leaf of sample(strings, 2))
      await check(
        method,
        url,
        JSON.stringify(withValue(sampleBody, leaf.path, HUGE)),
        'refused',
        `${label(leaf.path)} 100 kB`,
      )
    for (const leaf of sample(all, 6))
      await check(
        method,
        url,
        JSON.stringify(withValue(sampleBody, leaf.path, WRONG_TYPE)),
        'refused',
        `${label(leaf.path)} wrong type`,
      )
    for (const leaf of sample(numbers, 4)) {
      const n = leaf.value as number
      const odd =
        Number.isInteger(n) && n >= 0
          ? [`0x${n.toString(16)}`, `+${n}`, ` ${n}`, `${n}e0`]
          : [`+${n}`, ` ${n}`, `${n}e0`]
      for (const text of odd)
        await check(
          method,
          url,
          JSON.stringify(withValue(sampleBody, leaf.path, text)),
          'refused',
          `${label(leaf.path)}=${JSON.stringify(text)}`,
        )
    }
    for (const leaf of sample(objects, 3))
      await check(
        method,
        url,
        JSON.stringify(withValue(sampleBody, leaf.path, [leaf.value])),
        'refused',
        `${label(leaf.path)} in an array`,
      )
  }
  const after = await fingerprint()
  if (after !== before)
    problems.push({ kind: 'changed', request: pattern, detail: 'bad input changed the database or Discord' })
}

/** Nulls and empty bodies may be valid (an optional field): never a 5xx, and {error} on a 4xx. */
async function fuzzNulls(pattern: string) {
  const known = KNOWN[pattern]
  if (!known) return
  const url = urlOf(pattern, known.params(ids))
  for (const [method, sampleBody] of Object.entries(known.methods(ids))) {
    if (!sampleBody || sampleBody === RAW_BODY) continue
    for (const raw of ['', '{}', '[]']) await check(method, url, raw, 'any', `body ${raw || '(empty)'}`)
    for (const leaf of sample(leaves(sampleBody), 6))
      await check(
        method,
        url,
        JSON.stringify(withValue(sampleBody, leaf.path, null)),
        'any',
        `${label(leaf.path)} null`,
      )
  }
}

async function loadIds(): Promise<Ids> {
  const db = t.database.db
  const first = async <T>(rows: Promise<T[]>) => {
    const [row] = await rows
    if (!row) throw new Error('the demo unit lacks a row the fuzz needs')
    return row
  }
  const [member, otherMember] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`not ${members.is_banned}`)
    .orderBy(members.id)
    .limit(2)
  const signup = await first(
    db
      .select({ training: trainingSignups.training_id, member: trainingSignups.member_id })
      .from(trainingSignups)
      .limit(1),
  )
  const squad = await first(db.select({ id: squads.id, name: squads.name }).from(squads).orderBy(squads.id).limit(1))
  const preset = await first(
    db
      .insert(orbatPresets)
      .values({ name: 'Fuzz base', layout: { squads: [], edges: [], waypoints: [], pax_counters: [] } })
      .returning({ id: orbatPresets.id }),
  )
  const mapping = await first(
    db
      .insert(squadRoleMappings)
      .values({ squad_id: squad.id, create_discord_channel: false })
      .returning({ id: squadRoleMappings.id }),
  )
  const attempt = await first(
    db.select({ id: testAttempts.id, test: testAttempts.test_id }).from(testAttempts).limit(1),
  )
  const session = await first(db.select({ id: liveEvaluationSessions.id }).from(liveEvaluationSessions).limit(1))
  const orbat = (await (await admin.fetch('/api/orbat')).json()) as OrbatPayload
  return {
    member: member!.id,
    otherMember: otherMember!.id,
    event: (await first(db.select({ id: events.id }).from(events).limit(1))).id,
    training: signup.training,
    signedUpMember: signup.member,
    qualification: (await first(db.select({ id: qualifications.id }).from(qualifications).limit(1))).id,
    packet: (await first(db.select({ id: knowledgePackets.id }).from(knowledgePackets).limit(1))).id,
    platoon: (await first(db.select({ id: platoons.id }).from(platoons).limit(1))).id,
    preset: preset.id,
    eligibleRole: (await first(db.select({ id: eligibleRoles.id }).from(eligibleRoles).limit(1))).id,
    squad: squad.id,
    squadName: squad.name,
    slot: (
      await first(
        db
          .select({ id: slots.id })
          .from(slots)
          .where(sql`${slots.user_id} is null and ${slots.manual_username} is null and ${slots.role} not like '---%'`)
          .limit(1),
      )
    ).id,
    squadMapping: mapping.id,
    ping: (await first(db.select({ id: scheduledPings.id }).from(scheduledPings).limit(1))).id,
    test: attempt.test,
    attempt: attempt.id,
    evaluation: (await first(db.select({ id: testEvaluations.id }).from(testEvaluations).limit(1))).id,
    session: session.id,
    checklistItem: (
      await first(
        db
          .select({ id: testEvaluationQuestions.id })
          .from(testEvaluationQuestions)
          .where(sql`${testEvaluationQuestions.test_id} = ${attempt.test}`)
          .limit(1),
      )
    ).id,
    award: (await first(db.select({ id: awards.id }).from(awards).orderBy(awards.id).limit(1))).id,
    awardGrant: await first(
      db
        .select({ id: awardGrants.id, member: awardGrants.member_id })
        .from(awardGrants)
        .orderBy(awardGrants.id)
        .limit(1),
    ),
    pendingLeave: (
      await first(db.select({ id: leaveRows.id }).from(leaveRows).where(eq(leaveRows.status, 'pending')).limit(1))
    ).id,
    activeLeave: (
      await first(
        db
          .select({ id: leaveRows.id })
          .from(leaveRows)
          .where(
            sql`${leaveRows.status} = 'approved' and ${leaveRows.ended_at} is null and ${leaveRows.end_date} >= current_date`,
          )
          .limit(1),
      )
    ).id,
    application: (
      await first(
        db.select({ id: applications.id }).from(applications).where(eq(applications.status, 'submitted')).limit(1),
      )
    ).id,
    adminUser: (await first(db.select({ id: users.id }).from(users).where(eq(users.username, 'demo_admin')).limit(1)))
      .id,
    // The editor's body for the ORBAT as loaded (base_slots: what it saw).
    orbat: toSave(orbat),
    webhook: (await first(db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).limit(1))).id,
    webhookDelivery: (await first(db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).limit(1))).id,
    ally: (await first(db.select({ id: alliedUnits.id }).from(alliedUnits).limit(1))).id,
    allyGuest: (await first(db.select({ id: alliedGuests.user_id }).from(alliedGuests).limit(1))).id,
  }
}

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(t.database.db)
  admin = await t.login('demo_admin')
  ids = await loadIds()
  // A test the fuzz may PUT: the seeded tests are referenced by attempts either way.
  expect(
    await t.database.db
      .select({ id: tests.id })
      .from(tests)
      .where(sql`${tests.id} = ${ids.test}`),
  ).toHaveLength(1)
  expect(
    await t.database.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(sql`${trainings.id} = ${ids.training}`),
  ).toHaveLength(1)
})
afterAll(async () => {
  await t?.close()
})

describe('every /api write route under bad input', () => {
  it('lists the write routes of app/routes.ts', () => {
    expect(writeRoutes.length).toBeGreaterThan(50)
    expect(writeRoutes).toContain('api/admin/orbat/save')
  })

  it(
    'never answers 5xx, answers JSON {error} (and Allow on 405), refuses bad input and changes nothing',
    // Some 80 s on a quiet two-core machine in the full run, and it grows with every write route: the limit catches a
    // hang, not a busy machine (docs/decisions/050-ci-time-budget.md).
    { timeout: 300_000 },
    async () => {
      const started = Date.now()
      const start = await fingerprint()
      for (const pattern of writeRoutes) await fuzzRoute(pattern)
      if ((await fingerprint()) !== start)
        problems.push({
          kind: 'changed',
          request: 'all routes',
          detail: 'the database or Discord differs after the refused requests',
        })
      for (const pattern of writeRoutes) await fuzzNulls(pattern)
      const counts = problems.reduce<Record<string, number>>(
        (all, p) => ({ ...all, [p.kind]: (all[p.kind] ?? 0) + 1 }),
        {},
      )
      console.log(
        `api fuzz: ${writeRoutes.length} routes, ${requests} requests in ${Math.round((Date.now() - started) / 1000)} s; problems: ${JSON.stringify(counts)}`,
      )
      expect(problems.map((p) => `${p.kind}: ${p.request} -> ${p.detail}`)).toEqual([])
    },
  )
})
