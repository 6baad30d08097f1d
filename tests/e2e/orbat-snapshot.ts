import type { E2ESql } from './fixtures.ts'

// The ORBAT's tables as they were, put back after a browser test that saves the ORBAT (with the `orbatLock` fixture
// held): a save replaces rows, so undoing through the UI could not give back the same ids.

const ORBAT_TABLES = [
  'squads',
  'slots',
  'squad_role_mappings',
  'orbat_edges',
  'orbat_waypoints',
  'orbat_pax_counters',
] as const
type OrbatSnapshot = Record<(typeof ORBAT_TABLES)[number], unknown[]>

export async function snapshotOrbat(db: E2ESql): Promise<OrbatSnapshot> {
  const snapshot = {} as OrbatSnapshot
  for (const table of ORBAT_TABLES) {
    const [row] = await db.unsafe<Array<{ rows: unknown[] }>>(
      `select coalesce(json_agg(t order by t.id), '[]'::json) as rows from ${table} t`,
    )
    snapshot[table] = row!.rows
  }
  return snapshot
}

export async function restoreOrbat(db: E2ESql, snapshot: OrbatSnapshot) {
  // The app may still be working on the ORBAT after a save (snapshot rebuild, waitlist fill): take every table at
  // once, and try again should PostgreSQL still pick this transaction as a deadlock victim.
  for (let attempt = 1; ; attempt++) {
    try {
      await restoreOnce(db, snapshot)
      return
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== '40P01') throw error
    }
  }
}

async function restoreOnce(db: E2ESql, snapshot: OrbatSnapshot) {
  await db.begin(async (tx) => {
    await tx.unsafe(`lock table ${ORBAT_TABLES.join(', ')} in access exclusive mode`)
    // Deleting squads removes their slots and role mappings (on delete cascade).
    await tx.unsafe('delete from orbat_edges')
    await tx.unsafe('delete from orbat_waypoints')
    await tx.unsafe('delete from orbat_pax_counters')
    await tx.unsafe('delete from squads')
    for (const table of ORBAT_TABLES) {
      await tx.unsafe(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::text::json)`, [
        JSON.stringify(snapshot[table]),
      ])
    }
    await tx`select pg_notify('orbat_changed', '')`
  })
}

/**
 * Runs `work` and puts the ORBAT's tables back as they were, whatever it saved or restored. A restore through the
 * app cannot promise that: another spec may have put its tables back directly, so the newest version is not always
 * the ORBAT as it stands.
 */
export async function withOrbatPutBack(db: E2ESql, work: () => Promise<void>) {
  const snapshot = await snapshotOrbat(db)
  try {
    await work()
  } finally {
    await restoreOrbat(db, snapshot)
  }
}
