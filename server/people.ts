import { eq } from 'drizzle-orm'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'

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
