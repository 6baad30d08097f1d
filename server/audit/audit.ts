import { desc, eq, ne, sql } from 'drizzle-orm'
import type { AuditEntry } from '#contracts/types.ts'
import type { DbOrTx } from '#db/client.ts'
import { auditLog, SYSTEM_ACTOR } from '#db/schema/audit.ts'
import type { User } from '#db/schema/users-sessions.ts'

export { SYSTEM_ACTOR }

export type Actor = Pick<User, 'id' | 'username' | 'display_name'> | typeof SYSTEM_ACTOR

/**
 * Writes one audit entry. Call it with the transaction handle of the change it records, so the entry and the
 * change commit (or roll back) together.
 */
export async function recordAudit(db: DbOrTx, actor: Actor, action: string, details = ''): Promise<void> {
  await db
    .insert(auditLog)
    .values(
      actor === SYSTEM_ACTOR
        ? { actor: SYSTEM_ACTOR, action, details }
        : { actor: actorName(actor), actor_user_id: actor.id, action, details },
    )
}

/** How an entry (and any record of who did something) names the actor. */
export function actorName(actor: Actor): string {
  return actor === SYSTEM_ACTOR ? SYSTEM_ACTOR : actor.display_name || actor.username
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    details: row.details,
    timestamp: row.timestamp.toISOString(),
  }
}

/** The most of an entry's details the hub shows: an entry written long ago may hold a list of every name. */
const HUB_DETAILS_MAX = 500

const hubColumns = {
  id: auditLog.id,
  actor: auditLog.actor,
  actor_user_id: auditLog.actor_user_id,
  action: auditLog.action,
  timestamp: auditLog.timestamp,
  details: sql<string>`left(${auditLog.details}, ${HUB_DETAILS_MAX + 1})`,
}

function clipped(row: typeof auditLog.$inferSelect): AuditEntry {
  const entry = toEntry(row)
  return entry.details.length > HUB_DETAILS_MAX
    ? { ...entry, details: `${entry.details.slice(0, HUB_DETAILS_MAX)}…` }
    : entry
}

/**
 * The admin hub's two Recent Activity lists: User Actions and System & Bot Actions. Each is the head of an index in
 * the list's order (db/schema/audit.ts); the details are cut short (GET /api/admin/audit-log has them whole).
 */
export async function recentActivity(db: DbOrTx, limit = 15): Promise<{ user: AuditEntry[]; system: AuditEntry[] }> {
  const [userRows, systemRows] = await Promise.all([
    db
      .select(hubColumns)
      .from(auditLog)
      .where(ne(auditLog.actor, SYSTEM_ACTOR))
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(limit),
    db
      .select(hubColumns)
      .from(auditLog)
      .where(eq(auditLog.actor, SYSTEM_ACTOR))
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(limit),
  ])
  return { user: userRows.map(clipped), system: systemRows.map(clipped) }
}

/** GET /api/admin/audit-log: newest first. */
export async function listAuditLog(db: DbOrTx, limit = 100): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
    .limit(Math.min(Math.max(limit, 1), 500))
  return rows.map(toEntry)
}
