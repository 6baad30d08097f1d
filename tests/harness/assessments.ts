// Shared arrangements of the qualification test and evaluation integration tests.
import { sql } from 'drizzle-orm'
import { auditLog } from '#db/schema/audit.ts'
import { members, qualifications } from '#db/schema/roster.ts'
import { tests } from '#db/schema/assessments.ts'
import type { TestApp } from './app.ts'
import { demoUser, type LoggedIn } from './orbat.ts'

/** Empties the roster, qualifications, tests (with everything hanging off them) and the audit log; puts the given
 * demo users' Discord roles back and forgets the stand-in's role changes. */
export async function resetTests(t: TestApp, users: LoggedIn[]): Promise<void> {
  await t.database.db.execute(sql`truncate ${members}, ${qualifications}, ${tests}, ${auditLog} cascade`)
  for (const user of users) t.discord.state.setUserRoles(user.discordId, demoUser(user.username).roles)
  t.discord.state.roleChanges.length = 0
}

/** Discord role changes the stand-in saw, as [user id, role id, add|remove]. */
export const roleChanges = (t: TestApp) => t.discord.state.roleChanges.map((c) => [c.userId, c.roleId, c.action])
