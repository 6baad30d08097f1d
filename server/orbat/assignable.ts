import { asc, eq, sql } from 'drizzle-orm'
import type { AssignableMember } from '#contracts/orbat.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'

/**
 * The roster as the editor's Assigned field offers it: a member whose Discord account has logged in (members.discord_id
 * matches a user) is assigned as that user, so the one-slot rule, Leave, the live name and the role sync apply;
 * anyone else can only be a manual name.
 */
export async function listAssignableMembers(db: DbOrTx): Promise<AssignableMember[]> {
  return db
    .select({ name: members.ingame_name, user_id: users.id, banned: members.is_banned })
    .from(members)
    .leftJoin(users, eq(users.discord_id, members.discord_id))
    .orderBy(asc(sql`lower(${members.ingame_name})`), asc(members.id))
}
