// The demo unit's recruitment (docs/rules/recruitment.md): an open form with the unit's introduction and six
// questions, and applications in every status, so /admin/recruitment has a pipeline at first start. The applicants are
// Discord accounts that logged in once and are not on the roster; Rct. Lee's accepted application made his roster
// entry. Cpt. Miller (the demo admin) wrote the comments and holds one application.
import { eq } from 'drizzle-orm'
import type { Question, StoredAnswer } from '../../contracts/recruitment.ts'
import type { Tx } from '../client.ts'
import { applicationComments, applicationEvents, applications, recruitmentForms } from '../schema/recruitment.ts'
import { users } from '../schema/users-sessions.ts'
import { DEMO_USERS } from './demo-guild.ts'

const DAY_MS = 24 * 60 * 60 * 1000

const QUESTIONS: Question[] = [
  { id: 'age', label: 'How old are you?', kind: 'number', options: [], required: true },
  { id: 'timezone', label: 'Your time zone', kind: 'text', options: [], required: true },
  { id: 'experience', label: 'Your Arma experience', kind: 'textarea', options: [], required: true },
  {
    id: 'role',
    label: 'Preferred role',
    kind: 'choice',
    options: ['Rifleman', 'Combat Medic', 'Pilot', 'Undecided'],
    required: true,
  },
  { id: 'microphone', label: 'Do you have a working microphone?', kind: 'yesno', options: [], required: true },
  { id: 'hours', label: 'Hours per week you can play', kind: 'number', options: [], required: false },
]

const INTRO =
  '<h2>Join Task Force HQ</h2><p>We are a <strong>realism-focused Arma 3 unit</strong> playing one full operation a week, starting at 23:00 UTC (the ORBAT shows it in your own time zone), with trainings during the week.</p><ul><li>Everyone starts as a recruit in Basic Military Training (BMT).</li><li>No experience needed: we teach you, you show up.</li><li>You need Discord and a working microphone.</li></ul><p>Fill in the form below; a recruiter answers within a few days.</p>'

/** A Discord snowflake made at `date` (ids carry their creation time), so account ages read true. */
function snowflakeAt(date: Date, n: number): string {
  return String(((BigInt(date.getTime()) - 1420070400000n) << 22n) + BigInt(n))
}

function answers(values: Record<string, string | number | boolean | null>): StoredAnswer[] {
  return QUESTIONS.map((q) => ({ question_id: q.id, label: q.label, kind: q.kind, value: values[q.id] ?? null }))
}

export async function seedDemoRecruitment(tx: Tx, now: Date, memberId: (name: string) => number): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
  await tx
    .insert(recruitmentForms)
    .values({
      id: 1,
      open: true,
      closed_message: 'We are not recruiting right now.',
      intro: INTRO,
      questions: QUESTIONS,
    })
    .onConflictDoNothing()

  // The demo admin's account, as their first login would make it (the login updates it).
  const adminUser = DEMO_USERS.find((u) => u.username === 'demo_admin')!
  await tx
    .insert(users)
    .values({ discord_id: adminUser.id, username: adminUser.username, display_name: adminUser.global_name })
    .onConflictDoNothing()
  const [recruiter] = await tx.select({ id: users.id }).from(users).where(eq(users.discord_id, adminUser.id))

  const applicants = [
    { username: 'hartmann.k', name: 'Kai Hartmann', created: new Date('2019-04-11T10:00:00Z') },
    { username: 'okafor_d', name: 'Dayo Okafor', created: new Date('2021-09-02T18:00:00Z') },
    { username: 'lindqvist', name: 'Erik Lindqvist', created: new Date('2017-01-23T08:00:00Z') },
    { username: 'brandt99', name: 'Jonas Brandt', created: ago(12) },
    { username: 'moreau.l', name: 'Léa Moreau', created: new Date('2022-06-30T12:00:00Z') },
  ]
  const userIds = await tx
    .insert(users)
    .values(
      applicants.map((a, i) => ({
        discord_id: snowflakeAt(a.created, i + 1),
        username: a.username,
        display_name: a.name,
        created_at: ago(20 - i),
        last_login_at: ago(10 - i),
      })),
    )
    .returning({ id: users.id, discord_id: users.discord_id })
  const lee = DEMO_USERS.find((u) => u.username === 'recruit_lee')!
  const [leeUser] = await tx
    .insert(users)
    .values({ discord_id: lee.id, username: lee.username, display_name: lee.global_name })
    .onConflictDoNothing()
    .returning({ id: users.id })

  type Seeded = {
    user: { id: number; discord_id: string }
    status: (typeof applications.$inferInsert)['status']
    daysAgo: number
    values: Record<string, string | number | boolean | null>
    steps: Array<'reviewing' | 'interview' | 'accepted' | 'rejected' | 'withdrawn'>
    reason?: string
    assigned?: boolean
    comments?: string[]
    memberId?: number
  }
  const seeded: Seeded[] = [
    {
      user: userIds[0]!,
      status: 'submitted',
      daysAgo: 1,
      values: {
        age: 24,
        timezone: 'CET',
        experience: 'Two years of public Zeus servers and KotH.',
        role: 'Rifleman',
        microphone: true,
        hours: 8,
      },
      steps: [],
    },
    {
      user: userIds[1]!,
      status: 'reviewing',
      daysAgo: 3,
      values: {
        age: 31,
        timezone: 'EST',
        experience: 'Ex-ShackTac member, comfortable as a medic or team leader.',
        role: 'Combat Medic',
        microphone: true,
        hours: 10,
      },
      steps: ['reviewing'],
      assigned: true,
      comments: ['Knows ACE medical well; check his availability on Saturdays.'],
    },
    {
      user: userIds[2]!,
      status: 'interview',
      daysAgo: 6,
      values: {
        age: 28,
        timezone: 'CET',
        experience: 'Flew helicopters in two units; wants to join the pilots.',
        role: 'Pilot',
        microphone: true,
        hours: 6,
      },
      steps: ['reviewing', 'interview'],
      assigned: true,
      comments: ['Strong application.', 'Interview booked for Thursday 19:00 in the recruiting channel.'],
    },
    {
      user: userIds[3]!,
      status: 'rejected',
      daysAgo: 9,
      values: { age: 15, timezone: 'PST', experience: 'None yet.', role: 'Undecided', microphone: false, hours: null },
      steps: ['reviewing', 'rejected'],
      reason: 'Our members must be 16 or older. You are welcome to apply again when you are.',
      comments: ['Account is 12 days old and the stated age is under our minimum.'],
    },
    {
      user: userIds[4]!,
      status: 'withdrawn',
      daysAgo: 14,
      values: {
        age: 22,
        timezone: 'CET',
        experience: 'Some Antistasi with friends.',
        role: 'Rifleman',
        microphone: true,
        hours: 4,
      },
      steps: ['withdrawn'],
    },
  ]
  if (leeUser)
    seeded.push({
      user: { id: leeUser.id, discord_id: lee.id },
      status: 'accepted',
      daysAgo: 40,
      values: {
        age: 19,
        timezone: 'GMT',
        experience: 'New to Arma, played a lot of Squad.',
        role: 'Rifleman',
        microphone: true,
        hours: 12,
      },
      steps: ['reviewing', 'interview', 'accepted'],
      memberId: memberId('Lee'),
      comments: ['Great attitude in the interview.'],
    })

  for (const s of seeded) {
    const submitted = ago(s.daysAgo)
    const final = s.status === 'accepted' || s.status === 'rejected' || s.status === 'withdrawn'
    const stepAt = (k: number) => new Date(submitted.getTime() + (k + 1) * (DAY_MS / 3))
    const [row] = await tx
      .insert(applications)
      .values({
        user_id: s.user.id,
        discord_id: s.user.discord_id,
        status: s.status,
        answers: answers(s.values),
        reason: s.reason ?? null,
        assignee_user_id: s.assigned ? (recruiter?.id ?? null) : null,
        member_id: s.memberId ?? null,
        decided_at: final ? stepAt(s.steps.length - 1) : null,
        created_at: submitted,
        updated_at: s.steps.length ? stepAt(s.steps.length - 1) : submitted,
      })
      .returning({ id: applications.id })
    const id = row!.id
    await tx.insert(applicationEvents).values([
      { application_id: id, kind: 'submitted' as const, to_status: 'submitted' as const, created_at: submitted },
      ...(s.assigned
        ? [
            {
              application_id: id,
              kind: 'assigned' as const,
              actor_user_id: recruiter?.id ?? null,
              note: adminUser.global_name,
              created_at: new Date(submitted.getTime() + DAY_MS / 6),
            },
          ]
        : []),
      ...s.steps.map((to, k) => ({
        application_id: id,
        kind: to === 'withdrawn' ? ('withdrawn' as const) : ('status' as const),
        from_status: k === 0 ? ('submitted' as const) : s.steps[k - 1]!,
        to_status: to,
        actor_user_id: to === 'withdrawn' ? null : (recruiter?.id ?? null),
        note: to === 'rejected' ? (s.reason ?? null) : null,
        created_at: stepAt(k),
      })),
    ])
    if (s.comments?.length)
      await tx.insert(applicationComments).values(
        s.comments.map((text, k) => ({
          application_id: id,
          author_user_id: recruiter?.id ?? null,
          text,
          created_at: new Date(submitted.getTime() + (k + 1) * (DAY_MS / 4)),
        })),
      )
  }
}
