// The demo unit's earlier months (docs/rules/activity.md), so the activity dashboard tells a story at first start:
// weekly operations going back four months with most of the unit turning up, trainings with a few no-shows, and two
// old hands who stopped coming a month ago. Two operations' frozen ORBATs come from db/seed/orbat-history.ts.
// The operations added here are history the members' attended_events_count already carried (their `prior`): a
// member attends at most `prior` of them, so no event score changes and nobody becomes due for promotion.
import { createHash } from 'node:crypto'
import type { Tx } from '../client.ts'
import { eventAttendance, events, trainingAttendance, trainings, trainingSignups } from '../schema/roster.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Days ago of the operations added before the ones the demo unit names (weekly, with a gap or two). */
const EARLIER_OPS = [126, 119, 112, 105, 98, 91, 84, 77, 70, 63, 49, 35]
const OP_NAMES = [
  'Operation Cold Ember',
  'Operation Quiet Harbor',
  'Operation Dust Devil',
  'Operation Granite Gate',
  'Operation Long Shadow',
  'Operation Paper Tiger',
  'Operation Hollow Crown',
  'Operation Night Owl',
  'Operation Steel Rain',
  'Operation Amber Line',
  'Operation Glass Key',
  'Operation Blue Lantern',
]
/** Past trainings: days ago, name, how many signed up, how many of them did not come. */
const PAST_TRAININGS: Array<[number, string, number, number]> = [
  [80, 'Land Navigation', 9, 2],
  [66, 'Convoy Procedures', 8, 1],
  [52, 'Radio Discipline Refresher', 10, 3],
  [38, 'CQB Fundamentals', 9, 2],
  [24, 'Casualty Evacuation Drill', 8, 2],
  [10, 'Night Operations', 10, 3],
]
/** Who stopped coming: they came to nearly everything before (their recent operations are misses in the demo). */
export const DRIFTERS = ['Moreau', 'Tanaka']
/** Members left out of trainings (Reyes's record shows no training yet), and the drifters' last month. */
const NO_TRAININGS = ['Reyes']

export interface ActivitySeedMember {
  name: string
  joinedDaysAgo: number
  prior: number
  banned: boolean
}

/** A number in [0, 1) from a text, the same on every run. */
function chance(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32
}

function atUtc(now: Date, days: number, hourUtc: number): Date {
  const d = new Date(now.getTime() + days * DAY_MS)
  d.setUTCHours(hourUtc, 0, 0, 0)
  return d
}

export async function seedDemoActivity(
  tx: Tx,
  now: Date,
  roster: readonly ActivitySeedMember[],
  mid: (name: string) => number,
): Promise<void> {
  const ops = await tx
    .insert(events)
    .values(EARLIER_OPS.map((daysAgo, i) => ({ name: OP_NAMES[i]!, date: atUtc(now, -daysAgo, 23) })))
    .returning({ id: events.id })
  const active = roster.filter((m) => !m.banned)
  // Each member's turnout: most come to most operations; the drifters to all of them.
  const rate = (m: ActivitySeedMember) => (DRIFTERS.includes(m.name) ? 1 : 0.55 + chance(`rate:${m.name}`) * 0.4)
  const rows: Array<{ event_id: number; member_id: number; created_at: Date }> = []
  for (const m of active) {
    let left = m.prior
    EARLIER_OPS.forEach((daysAgo, i) => {
      if (left <= 0 || daysAgo > m.joinedDaysAgo || chance(`op:${m.name}:${i}`) >= rate(m)) return
      left--
      rows.push({ event_id: ops[i]!.id, member_id: mid(m.name), created_at: atUtc(now, -daysAgo + 1, 3) })
    })
  }
  if (rows.length) await tx.insert(eventAttendance).values(rows)

  const trainingRows = await tx
    .insert(trainings)
    .values(PAST_TRAININGS.map(([daysAgo, name]) => ({ name, date: atUtc(now, -daysAgo, 0) })))
    .returning({ id: trainings.id })
  const signups: Array<{ training_id: number; member_id: number }> = []
  const came: Array<{ training_id: number; member_id: number }> = []
  PAST_TRAININGS.forEach(([daysAgo, name, count, noShows], i) => {
    const candidates = active
      .filter((m) => m.joinedDaysAgo >= daysAgo && !NO_TRAININGS.includes(m.name))
      .filter((m) => !(DRIFTERS.includes(m.name) && daysAgo < 30))
      .sort((a, b) => chance(`tr:${name}:${a.name}`) - chance(`tr:${name}:${b.name}`))
      .slice(0, count)
    candidates.forEach((m, n) => {
      const row = { training_id: trainingRows[i]!.id, member_id: mid(m.name) }
      signups.push(row)
      if (n >= noShows) came.push(row)
    })
  })
  if (signups.length) await tx.insert(trainingSignups).values(signups)
  if (came.length) await tx.insert(trainingAttendance).values(came)
}
