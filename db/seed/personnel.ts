// The demo unit's service records (docs/rules/personnel.md): each member's way up the ranks from BMT, spread between
// their join date and today (BMT graduation first, then the promotion run, officers by an admin), and a few admin
// notes. Qualifications, attendance, tests and evaluations are the demo unit's own rows; awards and leaves have
// their own seeds.
import { RANKS, type Rank } from '../../contracts/roster.ts'
import type { Tx } from '../client.ts'
import { memberHistory, memberNotes } from '../schema/personnel.ts'

const DAY_MS = 86_400_000

interface SeededMember {
  id: number
  name: string
  rank: Rank
  joinedDaysAgo: number
}

const NOTES: Array<{ member: string; daysAgo: number; text: string }> = [
  {
    member: 'Petrov',
    daysAgo: 40,
    text: 'Strong candidate for SNCO: led Bravo twice while Fischer was away. Revisit in a month.',
  },
  { member: 'Sato', daysAgo: 25, text: 'Asked about the Combat Medic course; point him at the next Tuesday session.' },
  {
    member: 'Haddad',
    daysAgo: 12,
    text: 'Missed two operations without notice. Talked it through; work shifts changed.',
  },
]

export async function seedServiceRecords(tx: Tx, now: Date, seeded: SeededMember[]): Promise<void> {
  const rows = seeded.flatMap((m) => {
    const steps = RANKS.indexOf(m.rank)
    return Array.from({ length: steps }, (_, k) => {
      const from = RANKS[k]!
      const to = RANKS[k + 1]!
      const daysAgo = Math.round(m.joinedDaysAgo - ((k + 1) * m.joinedDaysAgo) / (steps + 1))
      const via = k === 0 ? 'bmt_graduation' : RANKS.indexOf(to) <= RANKS.indexOf('SNCO') ? 'promotion_run' : 'admin'
      return {
        member_id: m.id,
        at: new Date(now.getTime() - daysAgo * DAY_MS),
        kind: 'rank' as const,
        detail: { from, to },
        via: via as 'bmt_graduation' | 'promotion_run' | 'admin',
      }
    })
  })
  if (rows.length) await tx.insert(memberHistory).values(rows)
  const idOf = new Map(seeded.map((m) => [m.name, m.id]))
  const notes = NOTES.filter((n) => idOf.has(n.member)).map((n) => ({
    member_id: idOf.get(n.member)!,
    text: n.text,
    author_name: 'Cpt. Miller',
    created_at: new Date(now.getTime() - n.daysAgo * DAY_MS),
  }))
  if (notes.length) await tx.insert(memberNotes).values(notes)
}
