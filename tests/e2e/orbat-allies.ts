import type { Locator } from '@playwright/test'
import type { E2ESql } from './fixtures.ts'

// What the joint-operations ORBAT tests share (orbat-allies.spec.ts, orbat-allies.nojs.spec.ts; docs/rules/orbat.md,
// Reservations for allied units): an allied unit made and removed in the database (its admin pages are tested on their
// own), and a demo user made its guest. Both specs hold the `orbatLock` fixture, so they never overlap.

/** Mbeki's Discord id: a newcomer of the demo server, not on the roster (db/seed/demo-guild.ts). */
const MBEKI_DISCORD_ID = '800000000000000103'

export interface TestAlly {
  id: number
  name: string
  tag: string
}

/** Adds an allied unit (no release time: its reservations hold). */
export async function addAlly(db: E2ESql, name: string, tag: string): Promise<TestAlly> {
  const [row] = await db<TestAlly[]>`
    insert into allied_units (name, tag, invite_code)
    values (${name}, ${tag}, ${`e2e-${tag}-${Date.now()}`})
    returning id, name, tag`
  return row!
}

/** Mbeki (who must have logged in once) becomes the unit's guest. */
export async function makeMbekiGuest(db: E2ESql, ally: TestAlly) {
  await db`
    insert into allied_guests (user_id, allied_unit_id)
    select id, ${ally.id} from users where discord_id = ${MBEKI_DISCORD_ID}`
}

/** Reserves a squad straight in the database, and tells live pages. */
export async function reserveSquad(db: E2ESql, squad: string, ally: TestAlly) {
  await db.begin(async (tx) => {
    await tx`update squads set reserved_for = ${ally.id} where name = ${squad}`
    await tx`select pg_notify('orbat_changed', '')`
  })
}

/** Deletes the unit: its reservations end (set null) and its guests go with it; live pages are told. */
export async function removeAlly(db: E2ESql, ally: TestAlly | undefined) {
  if (!ally) return
  await db.begin(async (tx) => {
    await tx`delete from allied_units where id = ${ally.id}`
    await tx`select pg_notify('orbat_changed', '')`
  })
}

/** The reason the server would give, as a disabled Sign up control carries it (its name and title). */
export function refusedSignUp(row: Locator, where: string, reason: string) {
  return row.getByRole('button', { name: `Sign up for ${where}: ${reason}`, exact: true })
}
