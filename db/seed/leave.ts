// The demo unit's leave of absence (docs/rules/personnel.md): one member on leave today (approved, so the roster
// shows the LOA badge), one request waiting for an admin, and Lt. Kowalski's leave from last month, ended early, so
// his account page has a history. Days are the unit's calendar days (the default zone: the seed sets no other).
import { addDays } from '../../contracts/leave.ts'
import { DEFAULT_UNIT_TIME_ZONE } from '../../contracts/time-zone.ts'
import type { Tx } from '../client.ts'
import { leaves } from '../schema/personnel.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function seedDemoLeave(tx: Tx, now: Date, memberId: (name: string) => number): Promise<void> {
  // 'en-CA' writes a day as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_UNIT_TIME_ZONE }).format(now)
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
  await tx.insert(leaves).values([
    {
      member_id: memberId('Sato'),
      start_date: addDays(today, -3),
      end_date: addDays(today, 10),
      reason: 'Family trip abroad with patchy internet; back for the op after next.',
      status: 'approved',
      decided_at: ago(5),
      created_at: ago(6),
    },
    {
      member_id: memberId('Kovacs'),
      start_date: addDays(today, 5),
      end_date: addDays(today, 26),
      reason: 'New job: three weeks of training on site, evenings included.',
      created_at: ago(1),
    },
    {
      member_id: memberId('Kowalski'),
      start_date: addDays(today, -45),
      end_date: addDays(today, -24),
      reason: 'Moving house; no PC until the internet is connected.',
      status: 'approved',
      decided_at: ago(47),
      ended_at: ago(31),
      created_at: ago(48),
    },
  ])
}
