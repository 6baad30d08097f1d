// The demo unit's tests (db/seed/demo-unit.ts and db/seed/assessments.ts): two tests, one with an in-game checklist;
// members in every status; finished evaluations (one passed, one failed) and members still awaiting one.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEMBER_TEST_STATUSES } from '#contracts/assessments.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { tests } from '#db/schema/assessments.ts'
import { listCompletedEvaluations, listPassedMembers } from '#server/assessments/evaluation-queries.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { getAdminTest, listAttempts, listPublicTests } from './queries.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
  expect(await seedDemoData(database.db)).toBe(true)
})
afterAll(async () => {
  await database?.drop()
})

describe('demo tests', () => {
  it('seeds two tests, members in every status, finished evaluations and members awaiting one', async () => {
    const db = database.db
    const all = await listPublicTests(db)
    expect(all.map((t) => [t.name, t.requires_in_game_eval])).toEqual([
      ['Combat Medic Certification', true],
      ['Marksman Written Exam', false],
    ])
    const [medic] = await db.select({ id: tests.id }).from(tests).where(eq(tests.name, 'Combat Medic Certification'))
    expect((await getAdminTest(db, medic!.id)).evaluation_questions.length).toBeGreaterThan(0)
    const { memberStatusList, attempts } = await listAttempts(db, medic!.id)
    expect(new Set(memberStatusList.map((m) => m.status))).toEqual(new Set(MEMBER_TEST_STATUSES))
    expect(attempts.map((a) => a.ingame_name).sort()).toEqual(['Adeyemi', 'Fischer', 'Haddad'])
    const evaluations = await listCompletedEvaluations(db, medic!.id)
    expect(evaluations.map((e) => [e.evaluatee_name, e.passed, e.score])).toEqual([
      ['Adeyemi', false, 57.14],
      ['Haddad', true, 100],
    ])
    expect((await listPassedMembers(db, medic!.id)).map((m) => m.ingame_name)).toEqual(['Fischer', 'Adeyemi'])
  })
})
