// The demo unit: a believable company for `npm start` on an empty database and for demo mode.
// Users appear when they log in, except the recruitment demo's (db/seed/recruitment.ts: its applicants, Cpt. Miller
// and Rct. Lee as their first login would make them); roster members link to the demo Discord users by discord_id.
import { createHash } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { count, sql } from 'drizzle-orm'
import { DEMO_CHANNELS, DEMO_ROLES, DEMO_USERS } from './demo-guild.ts'
import type { Db, Tx } from '../client.ts'
import { pendingDiscordEvents } from '../schema/discord-events.ts'
import {
  auditLog,
  eligibleRoles,
  eventAttendance,
  events,
  knowledgePackets,
  memberQualifications,
  members,
  orbatEdges,
  orbatNodeId,
  orbatPaxCounters,
  orbatWaypoints,
  platoons,
  promotionThresholds,
  qualifications,
  rankRoleMappings,
  RANKS,
  scheduledPings,
  settings,
  slots,
  squads,
  users,
  testAttemptAnswers,
  testAttempts,
  testEligibility,
  testEvaluationQuestions,
  testQuestions,
  tests,
  trainingAttendance,
  trainings,
  trainingSignups,
  type NewSlot,
  type Rank,
  type SettingKey,
} from '../schema/index.ts'
import { seedTestEvaluations } from './assessments.ts'
import { seedServiceRecords } from './personnel.ts'
import { seedAwards } from './awards.ts'
import { seedDemoLeave } from './leave.ts'
import { seedDemoRecruitment } from './recruitment.ts'
import { seedOrbatHistory } from './orbat-history.ts'
import { seedAllies } from './allies.ts'
import { seedDemoActivity } from './activity.ts'
import { seedNotificationChoices } from './notifications.ts'
import { seedDemoWebhooks } from './webhooks.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** A moment `days` from now (negative = past) at the given UTC hour, on the hour. */
function atUtc(now: Date, days: number, hourUtc: number): Date {
  const d = new Date(now.getTime() + days * DAY_MS)
  d.setUTCHours(hourUtc, 0, 0, 0)
  return d
}

/** 'YYYY-MM-DD' for a date column. */
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10)
}

/** A stable, uuid-shaped id derived from a name, so the seed is reproducible. */
function stableUuid(name: string): string {
  const h = createHash('sha1').update(`bohemia:${name}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

function demoUserId(username: string): string {
  const user = DEMO_USERS.find((u) => u.username === username)
  if (!user) throw new Error(`seed: demo user ${username} is missing from demo-guild.ts`)
  return user.id
}

// Past events, oldest first; days relative to now. The attendance strings below have one character per event.
const PAST_EVENTS = [
  { name: 'Operation Iron Harvest', daysAgo: 56 },
  { name: 'Operation Silent Meridian', daysAgo: 42 },
  { name: 'Operation Broken Anvil', daysAgo: 28 },
  { name: 'Joint Op: Northern Shield', daysAgo: 14 },
  { name: 'Operation Red Tide', daysAgo: 7 },
] as const

interface MemberSeed {
  name: string
  rank: Rank
  joinedDaysAgo: number
  /** Events attended before the ones tracked here (the counter's starting value). */
  prior: number
  /** One character per PAST_EVENTS entry: '1' attended. */
  attended: string
  hidden?: number
  notes?: string
  discordId?: string
  bohemia?: boolean
  /** Banned: [reason, days ago]. */
  banned?: [string, number]
}

// Event score = prior + attended + hidden. Thresholds: BMT->JNCO 5, JNCO->NCO 15, NCO->SNCO 30, so Jansen, Quinn and
// Adeyemi are due for promotion on the next run; everyone else sits below their next threshold.
const MEMBERS: MemberSeed[] = [
  {
    name: 'Hawthorne',
    rank: 'TEAM',
    joinedDaysAgo: 728,
    prior: 88,
    attended: '11111',
    notes: 'Unit founder. Zeus for major operations.',
    bohemia: true,
  },
  {
    name: 'Vance',
    rank: 'TEAM',
    joinedDaysAgo: 715,
    prior: 80,
    attended: '11101',
    hidden: 2.5,
    notes: 'Server administration and mod pack maintainer.',
    bohemia: true,
  },
  { name: 'Castellano', rank: 'SOFC', joinedDaysAgo: 690, prior: 74, attended: '11111', bohemia: true },
  {
    name: 'Reinholt',
    rank: 'SOFC',
    joinedDaysAgo: 655,
    prior: 66,
    attended: '01111',
    notes: 'Company executive officer.',
  },
  {
    name: 'Miller',
    rank: 'OFC',
    joinedDaysAgo: 640,
    prior: 61,
    attended: '11111',
    hidden: 1,
    notes: 'Company commander for the current campaign.',
    discordId: demoUserId('demo_admin'),
    bohemia: true,
  },
  { name: 'Okafor', rank: 'OFC', joinedDaysAgo: 610, prior: 57, attended: '11011', bohemia: true },
  {
    name: 'Kowalski',
    rank: 'JOFC',
    joinedDaysAgo: 560,
    prior: 44,
    attended: '10111',
    notes: 'Lead rotary wing pilot.',
    discordId: demoUserId('kowalski'),
    bohemia: true,
  },
  {
    name: 'Lindqvist',
    rank: 'JOFC',
    joinedDaysAgo: 520,
    prior: 41,
    attended: '11110',
    hidden: -1,
    notes: 'Score adjusted: missed a leadership briefing without notice.',
  },
  { name: 'Duarte', rank: 'JOFC', joinedDaysAgo: 495, prior: 38, attended: '01101' },
  { name: 'Brennan', rank: 'SNCO', joinedDaysAgo: 470, prior: 36, attended: '11111', bohemia: true },
  { name: 'Tanaka', rank: 'SNCO', joinedDaysAgo: 440, prior: 33, attended: '11000' },
  { name: 'Moreau', rank: 'SNCO', joinedDaysAgo: 415, prior: 31, attended: '10100', hidden: 0.75 },
  {
    name: 'Reyes',
    rank: 'NCO',
    joinedDaysAgo: 390,
    prior: 19,
    attended: '11111',
    hidden: 0.5,
    notes: 'Senior medic of Alpha squad.',
    discordId: demoUserId('reyes'),
    bohemia: true,
  },
  { name: 'Fischer', rank: 'NCO', joinedDaysAgo: 360, prior: 17, attended: '11011' },
  { name: "O'Connell", rank: 'NCO', joinedDaysAgo: 330, prior: 15, attended: '10101' },
  { name: 'Haddad', rank: 'NCO', joinedDaysAgo: 300, prior: 14, attended: '11110', hidden: 1.25, bohemia: true },
  { name: 'Petrov', rank: 'NCO', joinedDaysAgo: 280, prior: 21, attended: '11111', hidden: 2 },
  { name: 'Adeyemi', rank: 'NCO', joinedDaysAgo: 250, prior: 24, attended: '11111', hidden: 1 },
  {
    name: 'Novak',
    rank: 'JNCO',
    joinedDaysAgo: 210,
    prior: 6,
    attended: '11011',
    discordId: demoUserId('novak'),
    bohemia: true,
  },
  { name: 'Sato', rank: 'JNCO', joinedDaysAgo: 200, prior: 7, attended: '10111' },
  { name: 'Kovacs', rank: 'JNCO', joinedDaysAgo: 185, prior: 5, attended: '01110', hidden: 0.5 },
  { name: 'Abernathy', rank: 'JNCO', joinedDaysAgo: 170, prior: 4, attended: '11111' },
  { name: 'Mensah', rank: 'JNCO', joinedDaysAgo: 150, prior: 3, attended: '11010', bohemia: true },
  { name: 'Quinn', rank: 'JNCO', joinedDaysAgo: 135, prior: 10, attended: '11111', hidden: 0.25 },
  { name: 'Ferreira', rank: 'JNCO', joinedDaysAgo: 120, prior: 2, attended: '01111' },
  { name: 'Dubois', rank: 'JNCO', joinedDaysAgo: 100, prior: 1, attended: '11101' },
  {
    name: 'Whitaker',
    rank: 'JNCO',
    joinedDaysAgo: 90,
    prior: 0,
    attended: '11111',
    hidden: -0.5,
    notes: 'Late to two briefings.',
  },
  { name: 'Larsen', rank: 'JNCO', joinedDaysAgo: 80, prior: 0, attended: '11111' },
  {
    name: 'Jansen',
    rank: 'BMT',
    joinedDaysAgo: 62,
    prior: 0,
    attended: '11111',
    notes: 'Completed BMT field exercise.',
  },
  { name: 'Morales', rank: 'BMT', joinedDaysAgo: 50, prior: 0, attended: '01111' },
  { name: 'Nakamura', rank: 'BMT', joinedDaysAgo: 45, prior: 0, attended: '01011' },
  { name: 'Sokolov', rank: 'BMT', joinedDaysAgo: 38, prior: 0, attended: '00111' },
  { name: 'Byrne', rank: 'BMT', joinedDaysAgo: 30, prior: 0, attended: '00101' },
  { name: 'Achterberg', rank: 'BMT', joinedDaysAgo: 24, prior: 0, attended: '00011' },
  { name: 'Rossi', rank: 'BMT', joinedDaysAgo: 18, prior: 0, attended: '00011' },
  { name: 'Varga', rank: 'BMT', joinedDaysAgo: 12, prior: 0, attended: '00001' },
  {
    name: 'Lee',
    rank: 'BMT',
    joinedDaysAgo: 9,
    prior: 0,
    attended: '00001',
    notes: 'Recruit; still needs the BMT field exercise.',
    discordId: demoUserId('recruit_lee'),
  },
  { name: 'Holm', rank: 'BMT', joinedDaysAgo: 5, prior: 0, attended: '00000' },
  {
    name: 'Blake',
    rank: 'JNCO',
    joinedDaysAgo: 300,
    prior: 9,
    attended: '11000',
    discordId: demoUserId('banned_blake'),
    banned: ['Repeated team-killing and toxicity toward new members after two warnings.', 20],
  },
  {
    name: 'Grimes',
    rank: 'BMT',
    joinedDaysAgo: 15,
    prior: 0,
    attended: '00000',
    banned: ['Application denied: does not meet the minimum age requirement.', 15],
  },
]

const QUALIFICATIONS = [
  {
    name: 'Combat Medic',
    description: 'Advanced casualty care, triage and MEDEVAC requests.',
    discord_role_id: DEMO_ROLES.medic.id,
    holders: ['Castellano', 'Moreau', 'Reyes', 'Haddad', 'Mensah'],
  },
  {
    name: 'Marksman',
    description: 'Designated marksman rifle at extended ranges.',
    discord_role_id: null,
    holders: ['Hawthorne', 'Tanaka', 'Petrov'],
  },
  {
    name: 'Rotary Wing Pilot',
    description: 'Transport and attack helicopter operations.',
    discord_role_id: DEMO_ROLES.pilot.id,
    holders: ['Okafor', 'Kowalski', 'Lindqvist'],
  },
  {
    name: 'JTAC',
    description: 'Joint terminal attack controller: calls for air and artillery support.',
    discord_role_id: null,
    holders: ['Vance', 'Miller', 'Duarte'],
  },
  {
    name: 'Combat Engineer',
    description: 'Explosives, breaching, fortifications and mine clearance.',
    discord_role_id: null,
    holders: ['Brennan', 'Kovacs', 'Abernathy'],
  },
  {
    name: 'Fireteam Leader',
    description: 'Leads a four-person fireteam.',
    discord_role_id: null,
    holders: ['Miller', 'Brennan', 'Tanaka', 'Reyes', 'Fischer', "O'Connell", 'Haddad', 'Petrov', 'Adeyemi'],
  },
] as const

/** Inserts the demo unit in one transaction; returns false (and changes nothing) if the roster already has members. */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // NOTE: two processes seeding at once would both see an empty roster; the lock makes the second one wait and then
    // find the members the first inserted.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('milsim-unit:seed-demo-data'))`)
    const [existing] = await tx.select({ n: count() }).from(members)
    if ((existing?.n ?? 0) > 0) return false
    await insertDemoUnit(tx, new Date())
    return true
  })
}

async function insertDemoUnit(tx: Tx, now: Date) {
  const r = DEMO_ROLES

  // Settings. Keep values the app may already have written (e.g. a time lock set before seeding).
  const settingRows: Record<SettingKey, string> = {
    signup_time: '',
    // '' = America/New_York (docs/rules/settings.md).
    unit_time_zone: '',
    // '' = English (docs/rules/languages.md).
    unit_language: '',
    orbat_activity_channel_id: DEMO_CHANNELS.orbatActivity.id,
    promotion_channel_id: DEMO_CHANNELS.promotions.id,
    event_ping_role_id: r.eventPing.id,
    milsim_role_id: r.milsim.id,
    squad_channel_category_id: DEMO_CHANNELS.squadCategory.id,
    // '' = 90 days. No leave role: an admin maps one on the Discord page.
    leave_max_days: '',
    leave_channel_id: DEMO_CHANNELS.leave.id,
    leave_role_id: '',
    recruitment_channel_id: DEMO_CHANNELS.recruiters.id,
    // '' = 30 days.
    recruitment_cooldown_days: '',
    // '' = ORBAT versions kept a year.
    orbat_history_days: '',
    // '' = 3 weeks. The weekly digest goes to the announcements channel.
    inactivity_weeks: '',
    activity_digest_channel_id: DEMO_CHANNELS.announcements.id,
    // A failed backup is told here as well as on the admin hub.
    admin_channel_id: DEMO_CHANNELS.adminAlerts.id,
    // New events and trainings are not published on Discord unless ticked; '' = "Task Force HQ"; '' = recreate.
    discord_events_default: '',
    discord_events_location: '',
    discord_events_drift: '',
    discord_events_channel_id: '',
  }
  await tx
    .insert(settings)
    .values(Object.entries(settingRows).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing()

  // Members.
  const insertedMembers = await tx
    .insert(members)
    .values(
      MEMBERS.map((m, i) => {
        if (m.attended.length !== PAST_EVENTS.length)
          throw new Error(`seed: attendance of ${m.name} has the wrong length`)
        const attendedCount = [...m.attended].filter((c) => c === '1').length
        return {
          ingame_name: m.name,
          rank: m.rank,
          join_date: isoDay(new Date(now.getTime() - m.joinedDaysAgo * DAY_MS)),
          notes: m.notes ?? null,
          // Members without a demo login still get Discord-style ids, as a real roster would have (every slot holder
          // has one: a slot is held by the member's account).
          discord_id:
            m.discordId ??
            (i % 3 === 2 && !SLOT_HOLDERS.has(m.name) ? null : `8100000000000000${String(i + 1).padStart(2, '0')}`),
          bohemia_uuid: m.bohemia ? stableUuid(m.name) : null,
          hidden_score: m.hidden ?? 0,
          attended_events_count: m.prior + attendedCount,
          is_banned: Boolean(m.banned),
          banned_date: m.banned ? new Date(now.getTime() - m.banned[1] * DAY_MS) : null,
          ban_reason: m.banned ? m.banned[0] : null,
        }
      }),
    )
    .returning({ id: members.id, name: members.ingame_name, discord_id: members.discord_id })
  const memberId = new Map(insertedMembers.map((m) => [m.name, m.id]))
  // What the seed changes is recorded as the seed's own doing (db/functions/personnel.sql), and each member's way up
  // the ranks is written as it would have happened.
  await tx.execute(sql`select set_config('app.change_via', 'seed', true)`)
  await seedServiceRecords(
    tx,
    now,
    MEMBERS.map((m) => ({ id: memberId.get(m.name)!, name: m.name, rank: m.rank, joinedDaysAgo: m.joinedDaysAgo })),
  )
  const mid = (name: string) => {
    const id = memberId.get(name)
    if (id === undefined) throw new Error(`seed: unknown member ${name}`)
    return id
  }
  await seedDemoLeave(tx, now, mid)
  await seedDemoRecruitment(tx, now, mid)
  await seedNotificationChoices(tx)

  // Qualifications and who holds them.
  const insertedQuals = await tx
    .insert(qualifications)
    .values(QUALIFICATIONS.map(({ name, description, discord_role_id }) => ({ name, description, discord_role_id })))
    .returning({ id: qualifications.id, name: qualifications.name })
  const qualId = new Map(insertedQuals.map((q) => [q.name, q.id]))
  const qid = (name: string) => {
    const id = qualId.get(name)
    if (id === undefined) throw new Error(`seed: unknown qualification ${name}`)
    return id
  }
  await tx.insert(memberQualifications).values(
    QUALIFICATIONS.flatMap((q) =>
      q.holders.map((holder, i) => ({
        member_id: mid(holder),
        qualification_id: qid(q.name),
        granted_at: new Date(now.getTime() - (90 + i * 17) * DAY_MS),
      })),
    ),
  )

  // Events: past ones with attendance consistent with attended_events_count (prior + rows), and one upcoming.
  const insertedEvents = await tx
    .insert(events)
    .values([
      ...PAST_EVENTS.map((e) => ({ name: e.name, date: atUtc(now, -e.daysAgo, 23) })),
      // Published on Discord: the queued sync below creates its scheduled event on the stand-in at first start.
      { name: 'Operation Last Light', date: atUtc(now, 5, 23), discord_event: true },
    ])
    .returning({ id: events.id, name: events.name })
  const pastEventIds = insertedEvents.slice(0, PAST_EVENTS.length).map((e) => e.id)
  const upcomingEvent = insertedEvents[PAST_EVENTS.length]
  if (!upcomingEvent) throw new Error('seed: upcoming event was not inserted')
  await tx.insert(pendingDiscordEvents).values({ kind: 'event', item_id: upcomingEvent.id })
  const attendanceRows = MEMBERS.flatMap((m) =>
    [...m.attended].flatMap((c, i) => {
      if (c !== '1') return []
      const event = PAST_EVENTS[i]
      const eventId = pastEventIds[i]
      if (!event || eventId === undefined) return []
      if (event.daysAgo > m.joinedDaysAgo) throw new Error(`seed: ${m.name} attended ${event.name} before joining`)
      return [{ event_id: eventId, member_id: mid(m.name), created_at: atUtc(now, -event.daysAgo + 1, 3) }]
    }),
  )
  await tx.insert(eventAttendance).values(attendanceRows)
  // Four months of history before these, for the activity dashboard.
  await seedDemoActivity(
    tx,
    now,
    MEMBERS.map((m) => ({ name: m.name, joinedDaysAgo: m.joinedDaysAgo, prior: m.prior, banned: Boolean(m.banned) })),
    mid,
  )

  // Trainings: one finished (with attendance), two BMT and three general upcoming (one hidden).
  const [pastTraining, bmtA, bmtField, medicCourse, rotary] = await tx
    .insert(trainings)
    .values([
      {
        name: 'Fireteam Leader Course',
        description: 'Leading a fireteam: formations, bounding, fire control orders.',
        date: atUtc(now, -21, 0),
      },
      {
        name: 'Basic Military Training: Session A',
        description: 'Weapon handling, formations and radio basics. Mandatory for all recruits.',
        date: atUtc(now, 2, 0),
        is_bmt_training: true,
      },
      {
        name: 'Basic Military Training: Field Exercise',
        description: 'Putting BMT into practice: a squad-sized patrol with live opposition.',
        date: atUtc(now, 9, 0),
        is_bmt_training: true,
      },
      {
        name: 'Combat Medic Course',
        description:
          'Triage, tourniquets, MARCH and the 9-line MEDEVAC request. Prepares for the Combat Medic Certification.',
        date: atUtc(now, 4, 0),
      },
      {
        name: 'Rotary Wing Familiarisation',
        description: 'Start-up, hover, landing zones and sling loading.',
        date: atUtc(now, 11, 0),
      },
      {
        name: 'Marksman Range Day',
        description: 'Zeroing, range estimation and calling shots. Cadre only until the range is finished.',
        date: atUtc(now, 16, 0),
        is_hidden: true,
      },
    ])
    .returning({ id: trainings.id })
  if (!pastTraining || !bmtA || !bmtField || !medicCourse || !rotary)
    throw new Error('seed: trainings were not inserted')
  await tx.insert(trainingAttendance).values(
    ['Quinn', 'Whitaker', 'Dubois', 'Larsen', 'Kovacs'].map((name) => ({
      training_id: pastTraining.id,
      member_id: mid(name),
    })),
  )
  const signups: Array<[number, string[]]> = [
    [bmtA.id, ['Lee', 'Holm', 'Varga', 'Rossi']],
    [bmtField.id, ['Achterberg', 'Byrne']],
    [medicCourse.id, ['Novak', 'Kovacs', 'Ferreira']],
    [rotary.id, ['Duarte']],
  ]
  await tx
    .insert(trainingSignups)
    .values(
      signups.flatMap(([trainingId, names]) =>
        names.map((name) => ({ training_id: trainingId, member_id: mid(name) })),
      ),
    )

  // Promotion thresholds: enlisted ranks advance on event score; officer ranks are appointed.
  await tx.insert(promotionThresholds).values([
    { from_rank: 'BMT', to_rank: 'JNCO', required_score: 5 },
    { from_rank: 'JNCO', to_rank: 'NCO', required_score: 15 },
    { from_rank: 'NCO', to_rank: 'SNCO', required_score: 30 },
  ])

  // Discord rank roles.
  const rankRoles: Record<Rank, string> = {
    BMT: r.rankBMT.id,
    JNCO: r.rankJNCO.id,
    NCO: r.rankNCO.id,
    SNCO: r.rankSNCO.id,
    JOFC: r.rankJOFC.id,
    OFC: r.rankOFC.id,
    SOFC: r.rankSOFC.id,
    TEAM: r.rankTEAM.id,
  }
  await tx.insert(rankRoleMappings).values(RANKS.map((rank) => ({ rank_name: rank, discord_role_id: rankRoles[rank] })))

  // Eligible roles (slot locks and the waitlist).
  await tx.insert(eligibleRoles).values(ELIGIBLE_ROLES)

  const [platoon] = await tx
    .insert(platoons)
    .values({ name: '1st Platoon', discord_role_id: r.platoon1.id })
    .returning({ id: platoons.id })
  if (!platoon) throw new Error('seed: platoon was not inserted')

  // The slot holders hold their slots as members (their accounts, as their first login made them), so the ORBAT knows
  // who they are: a holder on leave shows LOA there, and the activity page knows their squad.
  const holderUsers = await tx
    .insert(users)
    .values(
      insertedMembers
        .filter((m) => SLOT_HOLDERS.has(m.name))
        .map((m) => ({
          discord_id: m.discord_id!,
          username: m.name.toLowerCase(),
          display_name: m.name,
          // The roles their slot's lock asks for, as last read from Discord (a restore or a save judges the lock so).
          discord_roles: holderRoles(m.name),
          roles_refreshed_at: now,
          created_at: new Date(now.getTime() - 400 * DAY_MS),
          last_login_at: new Date(now.getTime() - 2 * DAY_MS),
        })),
    )
    .returning({ id: users.id, name: users.display_name })
  const holderUserId = new Map(holderUsers.map((u) => [u.name!, u.id]))
  await insertDemoOrbat(tx, platoon.id, (name) => {
    const id = holderUserId.get(name)
    if (id === undefined) throw new Error(`seed: slot holder ${name} has no account`)
    return id
  })
  // A joint operation's allied unit with the second helicopter reserved for it and its guests (db/seed/allies.ts).
  await seedAllies(tx, now)
  // The ORBAT's versions, and the named operations with their frozen ORBATs (db/seed/orbat-history.ts): Broken Anvil and
  // Red Tide with the demo users in them, the other three with whoever came, in the slots left open.
  const attendeesOf = (index: number) =>
    MEMBERS.filter((m) => m.attended[index] === '1' && !m.banned && !SLOT_HOLDERS.has(m.name)).map((m) => m.name)
  await seedOrbatHistory(
    tx,
    now,
    [
      { eventId: pastEventIds[0]!, placed: placeInOpenSlots(attendeesOf(0)), waitlist: [] },
      { eventId: pastEventIds[1]!, placed: placeInOpenSlots(attendeesOf(1)), waitlist: [] },
      {
        eventId: pastEventIds[2]!,
        placed: { 'Alpha/Fireteam 1/Rifleman (AT)': 'Novak', 'Alpha/Alpha HQ/Medic': 'Reyes' },
        waitlist: ['Larsen'],
      },
      { eventId: pastEventIds[3]!, placed: placeInOpenSlots(attendeesOf(3)), waitlist: [] },
      {
        eventId: pastEventIds[4]!,
        placed: { 'Alpha/Fireteam 1/Autorifleman': 'Novak', 'Alpha/Alpha HQ/Medic': 'Reyes' },
        waitlist: [],
      },
    ],
    (name) => memberId.get(name) ?? null,
  )

  // Tests.
  const [medicTest, marksmanTest] = await tx
    .insert(tests)
    .values([
      {
        name: 'Combat Medic Certification',
        qualification_id: qid('Combat Medic'),
        required_score: 10,
        passing_questions: 4,
        requires_in_game_eval: true,
        eval_passing_score: 80,
      },
      {
        name: 'Marksman Written Exam',
        qualification_id: qid('Marksman'),
        required_score: 5,
        passing_questions: 3,
        requires_in_game_eval: false,
        eval_passing_score: 80,
      },
    ])
    .returning({ id: tests.id })
  if (!medicTest || !marksmanTest) throw new Error('seed: tests were not inserted')

  const medicQuestions = await tx
    .insert(testQuestions)
    .values(
      [
        {
          question_text: '<p>What is the first step when you reach a casualty <strong>under fire</strong>?</p>',
          options: [
            'Apply a tourniquet immediately',
            'Return fire and win the firefight',
            "Check the casualty's pulse",
            'Call for a MEDEVAC',
          ],
          correct_answer_index: 1,
        },
        {
          question_text: '<p>Where should a tourniquet be placed on a bleeding limb?</p>',
          options: [
            'Directly on the wound',
            'Below the wound',
            'High and tight above the wound, not over a joint',
            'On the nearest joint',
          ],
          correct_answer_index: 2,
        },
        {
          question_text: '<p>What does the first letter of the <em>MARCH</em> acronym stand for?</p>',
          options: ['Massive haemorrhage', 'Airway', 'Respiration', 'Circulation'],
          correct_answer_index: 0,
        },
        {
          question_text: '<p>A casualty is unconscious but breathing normally. How do you position them?</p>',
          options: ['Flat on their back', 'Sitting up against cover', 'In the recovery position', 'Face down'],
          correct_answer_index: 2,
        },
        {
          question_text: '<p>Which report do you send to request a casualty evacuation?</p>',
          options: ['SITREP', '9-line MEDEVAC request', 'SALUTE report', 'ACE report'],
          correct_answer_index: 1,
        },
      ].map((q, position) => ({ ...q, test_id: medicTest.id, position })),
    )
    .returning({ id: testQuestions.id, correct: testQuestions.correct_answer_index })

  const marksmanQuestions = await tx
    .insert(testQuestions)
    .values(
      [
        {
          question_text: '<p>What does <strong>MOA</strong> stand for?</p>',
          options: ['Minute of angle', 'Measure of accuracy', 'Mark of aim', 'Mean offset adjustment'],
          correct_answer_index: 0,
        },
        {
          question_text: '<p>Which factor has the largest effect on bullet drop?</p>',
          options: ['Wind', 'Distance to the target', 'Air temperature', 'The scope brand'],
          correct_answer_index: 1,
        },
        {
          question_text: '<p>When does a marksman call a shot?</p>',
          options: [
            'Only after a confirmed hit',
            'Never',
            'Immediately after firing, stating where the reticle was',
            'When asked by the squad leader',
          ],
          correct_answer_index: 2,
        },
        {
          question_text: "<p>What is the marksman's primary role in a squad?</p>",
          options: [
            'Carry extra ammunition',
            'Engage high-value targets at extended range',
            'Operate the radio',
            'Lead the fireteam',
          ],
          correct_answer_index: 1,
        },
      ].map((q, position) => ({ ...q, test_id: marksmanTest.id, position })),
    )
    .returning({ id: testQuestions.id, correct: testQuestions.correct_answer_index })

  await tx.insert(testEvaluationQuestions).values(
    [
      { section: 'Casualty Care', text: 'Secures the area before starting treatment', pos_score: 1, neg_score: 0 },
      { section: 'Casualty Care', text: 'Identifies and stops massive bleeding first', pos_score: 2, neg_score: 1 },
      {
        section: 'Casualty Care',
        text: 'Applies a tourniquet correctly and notes the time',
        pos_score: 1,
        neg_score: 0,
      },
      {
        section: 'Casualty Care',
        text: 'Places an unconscious casualty in the recovery position',
        pos_score: 1,
        neg_score: 0,
      },
      {
        section: 'Communication',
        text: 'Sends a clear casualty report to the squad leader',
        pos_score: 1,
        neg_score: 0,
      },
      { section: 'Communication', text: 'Requests MEDEVAC with a complete 9-line', pos_score: 2, neg_score: 1 },
    ].map((q, position) => ({ ...q, test_id: medicTest.id, position })),
  )

  // Approvals and attempts: Novak is approved and can take the medic test; Fischer passed it and awaits the in-game
  // evaluation; Sato failed the marksman exam and needs an admin to allow a retake.
  await tx.insert(testEligibility).values([
    { test_id: medicTest.id, member_id: mid('Novak'), created_at: atUtc(now, -2, 18) },
    { test_id: medicTest.id, member_id: mid('Fischer'), created_at: atUtc(now, -10, 18) },
    { test_id: marksmanTest.id, member_id: mid('Sato'), created_at: atUtc(now, -12, 18) },
  ])
  const [fischerAttempt, satoAttempt] = await tx
    .insert(testAttempts)
    .values([
      { test_id: medicTest.id, member_id: mid('Fischer'), score: 100, passed: true, created_at: atUtc(now, -9, 20) },
      { test_id: marksmanTest.id, member_id: mid('Sato'), score: 50, passed: false, created_at: atUtc(now, -11, 21) },
    ])
    .returning({ id: testAttempts.id })
  if (!fischerAttempt || !satoAttempt) throw new Error('seed: attempts were not inserted')
  const satoChoices = [0, 0, 2, 3] // two correct of four
  await tx.insert(testAttemptAnswers).values([
    ...medicQuestions.map((q) => ({
      attempt_id: fischerAttempt.id,
      question_id: q.id,
      selected_index: q.correct,
      is_correct: true,
    })),
    ...marksmanQuestions.map((q, i) => {
      const selected = satoChoices[i] ?? 0
      return {
        attempt_id: satoAttempt.id,
        question_id: q.id,
        selected_index: selected,
        is_correct: selected === q.correct,
      }
    }),
  ])

  await seedTestEvaluations(tx, now)
  await seedAwards(tx, now)
  await seedDemoWebhooks(tx, now)

  // Scheduled pings: one sent for the last operation, one pending for the next.
  const lastEventId = pastEventIds[pastEventIds.length - 1]
  if (lastEventId === undefined) throw new Error('seed: past events were not inserted')
  const lastEventTime = atUtc(now, -PAST_EVENTS[4].daysAgo, 23)
  await tx.insert(scheduledPings).values([
    {
      type: 'event',
      event_id: lastEventId,
      channel_id: DEMO_CHANNELS.events.id,
      message_content: 'Operation Red Tide starts in 1 hour. Load the mod pack and get on the server!',
      roles_to_ping: [r.eventPing.id],
      ping_time: new Date(lastEventTime.getTime() - 60 * 60 * 1000),
      status: 'sent',
      attempted_at: new Date(lastEventTime.getTime() - 60 * 60 * 1000),
      sent_at: new Date(lastEventTime.getTime() - 60 * 60 * 1000 + 2000),
      created_at: atUtc(now, -9, 17),
    },
    {
      type: 'event',
      event_id: upcomingEvent.id,
      channel_id: DEMO_CHANNELS.events.id,
      message_content: 'Operation Last Light starts in 1 hour. Load the mod pack and get on the server!',
      roles_to_ping: [r.eventPing.id],
      ping_time: new Date(atUtc(now, 5, 23).getTime() - 60 * 60 * 1000),
      status: 'pending',
    },
  ])

  // Library.
  await tx.insert(knowledgePackets).values([
    {
      name: 'Standard Operating Procedures',
      google_doc_url: 'https://docs.google.com/document/d/1sOPdemoStandardOperatingProcedures0001/edit',
    },
    {
      name: 'Radio Communications Guide',
      google_doc_url: 'https://docs.google.com/document/d/1RaDdemoRadioCommunicationsGuide00002/edit',
    },
    {
      name: 'Combat Medic Handbook',
      google_doc_url: 'https://docs.google.com/document/d/1MeDdemoCombatMedicHandbook000000003/edit',
    },
    {
      name: 'Rotary Wing Operations',
      google_doc_url: 'https://docs.google.com/document/d/1RoTdemoRotaryWingOperations0000004/edit',
    },
    {
      name: 'Basic Military Training Syllabus',
      google_doc_url: 'https://docs.google.com/document/d/1BmTdemoBasicTrainingSyllabus00005/edit',
    },
    {
      name: 'Code of Conduct and Rules of Engagement',
      google_doc_url: 'https://docs.google.com/document/d/1CoCdemoCodeOfConduct000000000006/edit',
    },
  ])

  // A little history for the admin hub's Recent Activity.
  await tx.insert(auditLog).values([
    {
      actor: 'System',
      action: 'Promotions',
      details: 'Weekly promotion run: no members were eligible for promotion.',
      timestamp: atUtc(now, -5, 5),
    },
    {
      actor: 'Cpt. Miller',
      action: 'Attendance updated',
      details: `Operation Red Tide: ${attendanceRows.filter((a) => a.event_id === lastEventId).length} members attended.`,
      timestamp: atUtc(now, -6, 2),
    },
    {
      actor: 'Cpt. Miller',
      action: 'Member banned',
      details: 'Blake banned: Repeated team-killing and toxicity toward new members after two warnings.',
      timestamp: atUtc(now, -20, 21),
    },
    {
      actor: 'Cpt. Miller',
      action: 'Test eligibility granted',
      details: 'Novak approved for Combat Medic Certification.',
      timestamp: atUtc(now, -2, 18),
    },
  ])
}

interface SlotSeed {
  role: string
  lock?: string | null
  name?: string
}

interface SquadSeed {
  name: string
  x: number
  y: number
  primaryWaitlist: boolean
  inPlatoon: boolean
  teams: Array<[team: string, slots: SlotSeed[]]>
}

/** The eligible roles (slot locks and the waitlist); a lock may name several Discord roles. */
const ELIGIBLE_ROLES = [
  { role_name: 'Rifleman', role_id: DEMO_ROLES.rifleman.id, can_join_general_waitlist: true },
  { role_name: 'Combat Medic', role_id: DEMO_ROLES.medic.id, can_join_general_waitlist: false },
  { role_name: 'Pilot', role_id: DEMO_ROLES.pilot.id, can_join_general_waitlist: false },
  { role_name: 'Squad Leader', role_id: DEMO_ROLES.leader.id, can_join_general_waitlist: false },
  {
    role_name: 'Command Element',
    role_id: `${DEMO_ROLES.admin.id},${DEMO_ROLES.leader.id}`,
    can_join_general_waitlist: false,
  },
]

const SPACER = (text: string) => `---${text.toUpperCase()}---`

// Left to right: Command, then Alpha and Bravo, then Raven (Air) reached through a waypoint below Command.
const ORBAT: SquadSeed[] = [
  {
    name: 'Command',
    x: 0,
    y: 300,
    primaryWaitlist: false,
    inPlatoon: false,
    teams: [
      [
        'HQ',
        [
          { role: 'Platoon Leader', lock: 'Command Element', name: 'Hawthorne' },
          { role: 'Platoon Sergeant', lock: 'Squad Leader', name: 'Castellano' },
          { role: 'Radio Operator', lock: 'Rifleman' },
          { role: 'Platoon Medic', lock: 'Combat Medic' },
        ],
      ],
      [
        'Attachments',
        [
          { role: 'JTAC', lock: null },
          { role: SPACER('Fire Support') },
          { role: 'Mortar Gunner', lock: 'Rifleman' },
          { role: 'Mortar Assistant', lock: 'Rifleman' },
        ],
      ],
    ],
  },
  {
    name: 'Alpha',
    x: 520,
    y: 0,
    primaryWaitlist: true,
    inPlatoon: true,
    teams: [
      [
        'Alpha HQ',
        [
          { role: 'Squad Leader', lock: 'Squad Leader', name: 'Brennan' },
          { role: 'Medic', lock: 'Combat Medic' },
        ],
      ],
      [
        'Fireteam 1',
        [
          { role: 'Team Leader', lock: 'Squad Leader' },
          { role: 'Autorifleman', lock: 'Rifleman' },
          { role: 'Rifleman', lock: 'Rifleman', name: 'Sato' },
          { role: 'Rifleman (AT)', lock: 'Rifleman' },
        ],
      ],
      [
        'Fireteam 2',
        [
          { role: 'Team Leader', lock: 'Squad Leader' },
          { role: 'Autorifleman', lock: 'Rifleman' },
          { role: 'Grenadier', lock: 'Rifleman' },
          { role: 'Rifleman', lock: 'Rifleman' },
        ],
      ],
    ],
  },
  {
    name: 'Bravo',
    x: 520,
    y: 620,
    primaryWaitlist: true,
    inPlatoon: true,
    teams: [
      [
        'Bravo HQ',
        [
          { role: 'Squad Leader', lock: 'Squad Leader' },
          { role: 'Medic', lock: 'Combat Medic', name: 'Haddad' },
        ],
      ],
      [
        'Fireteam 1',
        [
          { role: 'Team Leader', lock: 'Squad Leader', name: 'Tanaka' },
          { role: 'Autorifleman', lock: 'Rifleman' },
          { role: 'Rifleman', lock: 'Rifleman' },
          { role: 'Rifleman', lock: 'Rifleman' },
        ],
      ],
      [
        'Weapons Team',
        [
          { role: 'Machine Gunner', lock: 'Rifleman' },
          { role: 'Assistant Gunner', lock: 'Rifleman' },
        ],
      ],
    ],
  },
  {
    name: 'Raven (Air)',
    x: 1040,
    y: 1180,
    primaryWaitlist: false,
    inPlatoon: false,
    teams: [
      [
        'Raven 1-1',
        [
          { role: 'Pilot', lock: 'Pilot', name: 'Okafor' },
          { role: 'Co-Pilot', lock: 'Pilot' },
          { role: 'Crew Chief', lock: 'Rifleman' },
        ],
      ],
      [
        'Raven 1-2',
        [
          { role: 'Pilot', lock: 'Pilot' },
          { role: 'Co-Pilot', lock: 'Pilot' },
        ],
      ],
    ],
  },
]

/** The members who hold a slot in the demo ORBAT (the names in ORBAT above). */
const SLOT_HOLDERS = new Set(orbatHolders())

function orbatHolders(): string[] {
  return ORBAT.flatMap((squad) => squad.teams.flatMap(([, teamSlots]) => teamSlots.flatMap((s) => s.name ?? [])))
}

/** A slot holder's Discord roles: the unit's member and milsim roles, and every role their slot's lock names. */
function holderRoles(name: string): string[] {
  const lock = ORBAT.flatMap((squad) => squad.teams.flatMap(([, teamSlots]) => teamSlots)).find(
    (s) => s.name === name,
  )?.lock
  const eligible = ELIGIBLE_ROLES.find((role) => role.role_name === lock)
  return [DEMO_ROLES.member.id, DEMO_ROLES.milsim.id, ...(eligible ? eligible.role_id.split(',') : [])]
}

/**
 * A past operation's slots for these people: the ORBAT's open slots in order (a slot's "squad/team/role", as the frozen
 * ORBAT's seed reads them; a role twice in one team is used once), one person each, until either runs out.
 */
function placeInOpenSlots(names: readonly string[]): Record<string, string> {
  const open = [
    ...new Set(
      ORBAT.flatMap((squad) =>
        squad.teams.flatMap(([team, teamSlots]) =>
          teamSlots.filter((s) => !s.name && !s.role.startsWith('---')).map((s) => `${squad.name}/${team}/${s.role}`),
        ),
      ),
    ),
  ]
  return Object.fromEntries(names.slice(0, open.length).map((name, i) => [open[i]!, name]))
}

async function insertDemoOrbat(tx: Tx, platoonId: number, holderUserId: (name: string) => number) {
  const insertedSquads = await tx
    .insert(squads)
    .values(
      ORBAT.map((s) => ({
        name: s.name,
        pos_x: s.x,
        pos_y: s.y,
        can_be_primary_waitlist: s.primaryWaitlist,
        platoon_id: s.inPlatoon ? platoonId : null,
      })),
    )
    .returning({ id: squads.id, name: squads.name })
  const squadIds = new Map(insertedSquads.map((s) => [s.name, s.id]))
  const squadId = (name: string) => {
    const id = squadIds.get(name)
    if (id === undefined) throw new Error(`seed: unknown squad ${name}`)
    return id
  }

  const slotRows: NewSlot[] = ORBAT.flatMap((squad) =>
    squad.teams.flatMap(([team, teamSlots], teamOrder) =>
      teamSlots.map((slot, slotOrder) => ({
        squad_id: squadId(squad.name),
        team,
        team_order: teamOrder,
        slot_order: slotOrder,
        role: slot.role,
        required_role_id: slot.lock ?? null,
        user_id: slot.name ? holderUserId(slot.name) : null,
      })),
    ),
  )
  await tx.insert(slots).values(slotRows)

  const [waypoint] = await tx
    .insert(orbatWaypoints)
    .values({ pos_x: 240, pos_y: 1300 })
    .returning({ id: orbatWaypoints.id })
  if (!waypoint) throw new Error('seed: waypoint was not inserted')
  await tx.insert(orbatPaxCounters).values({ pos_x: 0, pos_y: 60 })

  const node = (name: string) => orbatNodeId.squad(squadId(name))
  await tx.insert(orbatEdges).values([
    { source: node('Command'), target: node('Alpha'), type: 'smoothstep' },
    { source: node('Command'), target: node('Bravo'), type: 'smoothstep' },
    { source: node('Command'), target: orbatNodeId.waypoint(waypoint.id), type: 'smoothstep' },
    { source: orbatNodeId.waypoint(waypoint.id), target: node('Raven (Air)'), type: 'smoothstep' },
  ])
}

// CLI: `tsx db/seed/demo-unit.ts` seeds the database at DATABASE_URL.
function isMainModule(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isMainModule()) {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error(
      "DATABASE_URL is not set. `npm run db:seed` seeds the database from the app's configuration (embedded PostgreSQL when DATABASE_URL is unset); run it that way, or set DATABASE_URL to seed another database with `tsx db/seed/demo-unit.ts`.",
    )
    process.exit(1)
  }
  const { createDb, runMigrations } = await import('../client.ts')
  await runMigrations(url)
  const handle = createDb(url, { max: 1 })
  try {
    const seeded = await seedDemoData(handle.db)
    if (seeded) {
      const [m] = await handle.db.select({ n: count() }).from(members)
      const [s] = await handle.db.select({ n: count() }).from(slots)
      console.log(
        `Seeded the demo unit: ${m?.n ?? 0} members, ${s?.n ?? 0} ORBAT slots, events, trainings, tests and library.`,
      )
    } else {
      console.log('The roster already has members: nothing seeded.')
    }
  } finally {
    await handle.close()
  }
}
