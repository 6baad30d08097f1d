// The live ORBAT snapshot (docs/decisions/011-live-orbat-snapshot-sse.md): after a change, no reader gets a snapshot
// that a build begun before the change is still making. Before, a read arriving while such a build was under way was
// handed that build (the state before the change), and so were the live pages the change's push reached; nothing
// pushed again, so they kept it until the next change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { getSnapshot, markChanged } from './live.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

describe('the snapshot after a change', () => {
  it('is built anew when a build from before the change is still under way', async () => {
    markChanged()
    const before = getSnapshot(database.db)
    markChanged()
    const after = getSnapshot(database.db)
    const [stale, fresh] = await Promise.all([before, after])
    expect(fresh.version).toBe(stale.version + 1)
  })
})
