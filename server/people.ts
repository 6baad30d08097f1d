import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'

// How a person is shown wherever a user appears next to their roster entry (ORBAT slots, the waitlist): the Discord
// account's names and avatar, and the member's in-game name, which names on the ORBAT prefer (docs/rules/discord.md).

/** Columns to select for a user joined with `personJoin` (all null when the slot or entry has no user). */
export const personColumns = {
  discord_id: users.discord_id,
  username: users.username,
  display_name: users.display_name,
  avatar: users.avatar,
  ingame_name: members.ingame_name,
}

/** The join condition from a user to their roster entry (a member links to a user by Discord id). */
export const memberOfUser = eq(members.discord_id, users.discord_id)

/** The roster member a signed-in person is (linked by Discord id), or null. */
export async function memberIdOfUser(db: DbOrTx, user: Pick<User, 'discord_id'>): Promise<number | null> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.discord_id, user.discord_id))
  return row?.id ?? null
}

/** The roster member a user is (linked by Discord id), for a link from an ORBAT slot; a banned member has none. */
export async function memberIdOfUserId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(users, eq(users.discord_id, members.discord_id))
    .where(and(eq(users.id, userId), eq(members.is_banned, false)))
  return row?.id ?? null
}
