// Platoons over real HTTP on real PostgreSQL: admin-only, validation, unique names, delete unassigns squads.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { platoons, squads } from '#db/schema/orbat.ts'
import type { OrbatPayload } from '#server/orbat/orbat.ts'
import type { PlatoonItem } from '#contracts/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { addSquad, auditEntries, getJson, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${platoons} cascade`)
})

const db = () => t.database.db

describe('/api/admin/platoons', () => {
  it('every call is admin-only', async () => {
    const [platoon] = await db().insert(platoons).values({ name: '1st', discord_role_id: '1' }).returning()
    await expectAdminOnly(t, reyes.client, 'GET', '/api/admin/platoons')
    await expectAdminOnly(t, reyes.client, 'POST', '/api/admin/platoons', { name: '2nd', discord_role_id: '2' })
    await expectAdminOnly(t, reyes.client, 'DELETE', `/api/admin/platoons/${platoon!.id}`)
    expect(await db().select().from(platoons)).toHaveLength(1)
    expect(await auditEntries(db())).toEqual([])
  })

  it('creates and lists platoons (trimmed), audit-logged', async () => {
    const created = await api<{ message: string; platoon: PlatoonItem }>(admin.client, 'POST', '/api/admin/platoons', {
      name: ' 1st Platoon ',
      discord_role_id: ' 910000000000000009 ',
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      message: 'Platoon created!',
      platoon: { id: expect.any(Number), name: '1st Platoon', discord_role_id: '910000000000000009' },
    })
    await api(admin.client, 'POST', '/api/admin/platoons', { name: '0th Platoon', discord_role_id: '5' })
    expect((await getJson<PlatoonItem[]>(admin.client, '/api/admin/platoons')).body.map((p) => p.name)).toEqual([
      '0th Platoon',
      '1st Platoon',
    ])
    const [entry] = await auditEntries(db(), 'Platoon created')
    expect(entry).toMatchObject({
      actor_user_id: admin.id,
      details: '1st Platoon, role @1st Platoon (910000000000000009)',
    })
  })

  it('validates name and role id (both required, digits), 409 on a duplicate name', async () => {
    const empty = await api(admin.client, 'POST', '/api/admin/platoons', { name: ' ' })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({
      fields: { name: ['Platoon name is required.'], discord_role_id: ['Discord role ID is required.'] },
    })
    const letters = await api(admin.client, 'POST', '/api/admin/platoons', { name: 'A', discord_role_id: 'abc' })
    expect(letters.body).toEqual({
      error: 'The Discord role ID must contain digits only.',
      fields: { discord_role_id: ['The Discord role ID must contain digits only.'] },
    })
    expect((await api(admin.client, 'POST', '/api/admin/platoons', '{')).status).toBe(400)
    await api(admin.client, 'POST', '/api/admin/platoons', { name: 'A', discord_role_id: '1' })
    const dup = await api(admin.client, 'POST', '/api/admin/platoons', { name: 'A', discord_role_id: '2' })
    expect(dup).toEqual({ status: 409, body: { error: 'A platoon named "A" already exists.' } })
    expect(await auditEntries(db())).toHaveLength(1)
  })

  it('deleting a platoon leaves its squads unassigned (also in /api/orbat); unknown ids 404', async () => {
    const [first] = await db().insert(platoons).values({ name: '1st', discord_role_id: '1' }).returning()
    const [second] = await db().insert(platoons).values({ name: '2nd', discord_role_id: '2' }).returning()
    const alpha = await addSquad(db(), { name: 'Alpha' })
    const bravo = await addSquad(db(), { name: 'Bravo' })
    await db()
      .update(squads)
      .set({ platoon_id: first!.id })
      .where(sql`${squads.id} = ${alpha.squad.id}`)
    await db()
      .update(squads)
      .set({ platoon_id: second!.id })
      .where(sql`${squads.id} = ${bravo.squad.id}`)
    // Warm the public snapshot so the test proves the delete refreshes it.
    expect(
      (await getJson<OrbatPayload>(reyes.client, '/api/orbat')).body.squads.find((s) => s.name === 'Alpha')?.platoon_id,
    ).toBe(first!.id)

    const deleted = await api(admin.client, 'DELETE', `/api/admin/platoons/${first!.id}`)
    expect(deleted).toEqual({ status: 200, body: { message: 'Platoon deleted.', unassignedSquads: 1 } })
    const rows = await db()
      .select({ name: squads.name, platoon_id: squads.platoon_id })
      .from(squads)
      .orderBy(squads.name)
    expect(rows).toEqual([
      { name: 'Alpha', platoon_id: null },
      { name: 'Bravo', platoon_id: second!.id },
    ])
    await expect
      .poll(
        async () =>
          (await getJson<OrbatPayload>(reyes.client, '/api/orbat')).body.squads.find((s) => s.name === 'Alpha')
            ?.platoon_id,
      )
      .toBeNull()
    expect(await auditEntries(db(), 'Platoon deleted')).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, details: '1st; 1 squad unassigned.' }),
    ])
    expect((await api(admin.client, 'DELETE', `/api/admin/platoons/${first!.id}`)).status).toBe(404)
    expect((await api(admin.client, 'DELETE', '/api/admin/platoons/0')).status).toBe(404)
  })
})
