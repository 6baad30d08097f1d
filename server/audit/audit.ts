import { desc, eq, ne } from 'drizzle-orm'
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
        : { actor: actor.display_name || actor.username, actor_user_id: actor.id, action, details },
    )
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

/** The admin hub's two Recent Activity lists: User Actions and System & Bot Actions. */
export async function recentActivity(db: DbOrTx, limit = 15): Promise<{ user: AuditEntry[]; system: AuditEntry[] }> {
  const [userRows, systemRows] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(ne(auditLog.actor, SYSTEM_ACTOR))
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(limit),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, SYSTEM_ACTOR))
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .limit(limit),
  ])
  return { user: userRows.map(toEntry), system: systemRows.map(toEntry) }
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
