// The demo unit's awards (docs/rules/personnel.md, Awards): six awards, three with a ribbon image (PNG files under
// ./assets/awards, stored in the app's image store at start-up: server/personnel/seed-images.ts) and three drawn from
// their names, granted to several demo members, some more than once.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { UPLOADED_IMAGE_PATH } from '../../contracts/assessments.ts'
import type { Tx } from '../client.ts'
import { awardGrants, awards } from '../schema/personnel.ts'
import { members } from '../schema/roster.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const ASSETS = path.join(import.meta.dirname, 'assets', 'awards')

interface AwardSeed {
  name: string
  description: string
  precedence: number
  /** A PNG under ./assets/awards; none: the ribbon is drawn from the name. */
  image?: string
}

const AWARDS: AwardSeed[] = [
  {
    name: 'Medal of Valor',
    description: 'For gallantry under fire beyond the call of duty.',
    precedence: 10,
    image: 'medal-of-valor.png',
  },
  {
    name: 'Purple Heart',
    description: 'For wounds received in action (respawns do not count).',
    precedence: 20,
    image: 'purple-heart.png',
  },
  {
    name: 'Combat Action Ribbon',
    description: 'For taking part in a ground engagement under fire.',
    precedence: 30,
    image: 'combat-action-ribbon.png',
  },
  { name: 'Meritorious Service Medal', description: 'For outstanding service to the unit over time.', precedence: 40 },
  { name: 'Good Conduct Medal', description: 'For a year of service without a warning.', precedence: 50 },
  { name: 'Marksmanship Ribbon', description: 'For qualifying as a marksman on the range.', precedence: 60 },
]

/** Grants: who, which award, how many days ago, and the citation. Some members hold an award twice. */
const GRANTS: Array<{ member: string; award: string; daysAgo: number; citation: string }> = [
  {
    member: 'Reyes',
    award: 'Medal of Valor',
    daysAgo: 28,
    citation: 'Held the bridge alone during Operation Broken Anvil.',
  },
  { member: 'Reyes', award: 'Combat Action Ribbon', daysAgo: 56, citation: 'Operation Iron Harvest.' },
  { member: 'Reyes', award: 'Combat Action Ribbon', daysAgo: 14, citation: 'Joint Op: Northern Shield.' },
  { member: 'Reyes', award: 'Good Conduct Medal', daysAgo: 20, citation: '' },
  {
    member: 'Novak',
    award: 'Purple Heart',
    daysAgo: 42,
    citation: 'Wounded clearing the compound in Operation Silent Meridian.',
  },
  { member: 'Novak', award: 'Purple Heart', daysAgo: 7, citation: 'Wounded during Operation Red Tide.' },
  { member: 'Novak', award: 'Marksmanship Ribbon', daysAgo: 60, citation: 'Qualified on the 300 m range.' },
  {
    member: 'Kowalski',
    award: 'Meritorious Service Medal',
    daysAgo: 90,
    citation: 'A year of flying every operation.',
  },
  {
    member: 'Kowalski',
    award: 'Combat Action Ribbon',
    daysAgo: 28,
    citation: 'CASEVAC under fire, Operation Broken Anvil.',
  },
  { member: 'Hawthorne', award: 'Meritorious Service Medal', daysAgo: 365, citation: 'Founding the company.' },
  { member: 'Hawthorne', award: 'Meritorious Service Medal', daysAgo: 30, citation: 'Two years in command.' },
  { member: 'Hawthorne', award: 'Good Conduct Medal', daysAgo: 200, citation: '' },
  { member: 'Haddad', award: 'Purple Heart', daysAgo: 28, citation: 'Kept treating casualties while wounded.' },
  { member: 'Petrov', award: 'Marksmanship Ribbon', daysAgo: 80, citation: 'Qualified on the 300 m range.' },
  { member: 'Petrov', award: 'Marksmanship Ribbon', daysAgo: 10, citation: 'Qualified as expert on the 600 m range.' },
  { member: 'Brennan', award: 'Combat Action Ribbon', daysAgo: 7, citation: 'Operation Red Tide.' },
]

/** The seed's image files, for the app to put in its image store (they must be there for the awards to show). */
export const DEMO_AWARD_IMAGE_FILES = AWARDS.flatMap((a) => (a.image ? [path.join(ASSETS, a.image)] : []))

/**
 * Where the image store serves a file (content-addressed: decision 017); server/personnel/seed-images.test.ts proves
 * the store gives the same address.
 */
export function seededImageUrl(file: string): string {
  const bytes = fs.readFileSync(file)
  return `${UPLOADED_IMAGE_PATH}${createHash('sha256').update(bytes).digest('hex')}${path.extname(file)}`
}

export async function seedAwards(tx: Tx, now: Date): Promise<void> {
  const rows = await tx
    .insert(awards)
    .values(
      AWARDS.map((a) => ({
        name: a.name,
        description: a.description,
        precedence: a.precedence,
        image_url: a.image ? seededImageUrl(path.join(ASSETS, a.image)) : null,
      })),
    )
    .returning({ id: awards.id, name: awards.name })
  const awardIds = new Map(rows.map((r) => [r.name, r.id]))
  const names = [...new Set(GRANTS.map((g) => g.member))]
  const memberRows = await tx
    .select({ id: members.id, name: members.ingame_name })
    .from(members)
    .where(inArray(members.ingame_name, names))
  const memberIds = new Map(memberRows.map((r) => [r.name, r.id]))
  await tx.insert(awardGrants).values(
    GRANTS.map((g) => {
      const memberId = memberIds.get(g.member)
      const awardId = awardIds.get(g.award)
      if (memberId === undefined || awardId === undefined) throw new Error(`seed: no ${g.member} or ${g.award}`)
      return {
        member_id: memberId,
        award_id: awardId,
        award_name: g.award,
        citation: g.citation,
        date: new Date(now.getTime() - g.daysAgo * DAY_MS).toISOString().slice(0, 10),
      }
    }),
  )
}
