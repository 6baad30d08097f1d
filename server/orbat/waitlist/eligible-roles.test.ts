// Eligible (waitlist) roles CRUD and the Danger Zone purge over real HTTP on real PostgreSQL: admin-only, validation,
// unique names, renames that carry slot locks along, audit entries, and the purge emptying /api/waitlist.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eligibleRoles } from '#db/schema/orbat.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import type { EligibleRoleItem } from '#contracts/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addEligibleRoles,
  addSquad,
  addWaitlistEntry,
  auditEntries,
  getJson,
  joinWaitlist,
  loginDemos,
  resetOrbat,
  slotRow,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
})

const db = () => t.database.db
const RIFLEMAN = DEMO_ROLES.rifleman.id
const MEDIC = DEMO_ROLES.medic.id

describe('/api/admin/waitlist-roles', () => {
  it('every call is admin-only', async () => {
    const [role] = await db().insert(eligibleRoles).values({ role_name: 'Rifleman', role_id: RIFLEMAN }).returning()
    const body = { role_name: 'X', role_id: '1' }
    await expectAdminOnly(t, reyes.client, 'GET', '/api/admin/waitlist-roles')
    await expectAdminOnly(t, reyes.client, 'POST', '/api/admin/waitlist-roles', body)
    await expectAdminOnly(t, reyes.client, 'PUT', `/api/admin/waitlist-roles/${role!.id}`, body)
    await expectAdminOnly(t, reyes.client, 'DELETE', `/api/admin/waitlist-roles/${role!.id}`)
    await expectAdminOnly(t, reyes.client, 'DELETE', '/api/admin/waitlist')
    expect(await db().select().from(eligibleRoles)).toHaveLength(1)
    expect(await auditEntries(db())).toEqual([])
  })

  it('adds, lists, edits and deletes roles, each audit-logged with the admin as actor', async () => {
    const added = await api<{ message: string; role: EligibleRoleItem }>(
      admin.client,
      'POST',
      '/api/admin/waitlist-roles',
      {
        role_name: '  Rifleman ',
        role_id: ` ${RIFLEMAN} , ${MEDIC},`,
        can_join_general_waitlist: true,
      },
    )
    expect(added.status).toBe(201)
    expect(added.body).toEqual({
      message: 'Role added successfully.',
      role: {
        id: expect.any(Number),
        role_name: 'Rifleman',
        role_id: `${RIFLEMAN},${MEDIC}`,
        can_join_general_waitlist: true,
      },
    })
    const id = added.body.role.id
    await api(admin.client, 'POST', '/api/admin/waitlist-roles', { role_name: 'Pilot', role_id: DEMO_ROLES.pilot.id })
    const list = await getJson<EligibleRoleItem[]>(admin.client, '/api/admin/waitlist-roles')
    expect(list.body.map((r) => [r.role_name, r.can_join_general_waitlist])).toEqual([
      ['Pilot', false],
      ['Rifleman', true],
    ])

    const edited = await api(admin.client, 'PUT', `/api/admin/waitlist-roles/${id}`, {
      role_name: 'Rifleman',
      role_id: RIFLEMAN,
      can_join_general_waitlist: false,
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toEqual({
      message: 'Role updated successfully.',
      role: { id, role_name: 'Rifleman', role_id: RIFLEMAN, can_join_general_waitlist: false },
    })

    const deleted = await api(admin.client, 'DELETE', `/api/admin/waitlist-roles/${id}`)
    expect(deleted).toEqual({ status: 200, body: { message: 'Role deleted.' } })
    expect(
      (await getJson<EligibleRoleItem[]>(admin.client, '/api/admin/waitlist-roles')).body.map((r) => r.role_name),
    ).toEqual(['Pilot'])

    const entries = await auditEntries(db())
    expect(entries.map((e) => e.action)).toEqual([
      'Eligible role added',
      'Eligible role added',
      'Eligible role updated',
      'Eligible role deleted',
    ])
    expect(entries.every((e) => e.actor_user_id === admin.id)).toBe(true)
    expect(entries[0]!.details).toBe(`Rifleman (${RIFLEMAN},${MEDIC}), general waitlist`)
  })

  it('validates: name and ids required, ids are comma-separated digits; 400 {error, fields}', async () => {
    const empty = await api(admin.client, 'POST', '/api/admin/waitlist-roles', {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({
      error: expect.any(String),
      fields: { role_name: ['Role name is required.'], role_id: ['Role ID(s) are required.'] },
    })
    const blank = await api(admin.client, 'POST', '/api/admin/waitlist-roles', { role_name: '   ', role_id: ' , ' })
    expect(blank.body).toMatchObject({
      fields: { role_name: ['Role name is required.'], role_id: ['Role ID(s) are required.'] },
    })
    const letters = await api(admin.client, 'POST', '/api/admin/waitlist-roles', {
      role_name: 'Medic',
      role_id: `${MEDIC},abc`,
    })
    expect(letters.status).toBe(400)
    expect(letters.body).toEqual({
      error: 'Role IDs must be Discord ids (digits), separated by commas.',
      fields: { role_id: ['Role IDs must be Discord ids (digits), separated by commas.'] },
    })
    const badFlag = await api(admin.client, 'POST', '/api/admin/waitlist-roles', {
      role_name: 'Medic',
      role_id: MEDIC,
      can_join_general_waitlist: 'maybe',
    })
    expect(badFlag.body).toMatchObject({ fields: { can_join_general_waitlist: [expect.any(String)] } })
    expect((await api(admin.client, 'POST', '/api/admin/waitlist-roles', 'not json')).status).toBe(400)
    expect(await db().select().from(eligibleRoles)).toEqual([])
    expect(await auditEntries(db())).toEqual([])
  })

  it('unique role names answer 409; unknown ids 404', async () => {
    await addEligibleRoles(db(), { Rifleman: {}, Pilot: {} })
    const [pilot] = await db().select().from(eligibleRoles).where(eq(eligibleRoles.role_name, 'Pilot'))
    const dup = await api(admin.client, 'POST', '/api/admin/waitlist-roles', { role_name: 'Rifleman', role_id: '1' })
    expect(dup).toEqual({ status: 409, body: { error: 'An eligible role named "Rifleman" already exists.' } })
    const renameClash = await api(admin.client, 'PUT', `/api/admin/waitlist-roles/${pilot!.id}`, {
      role_name: 'Rifleman',
      role_id: '1',
    })
    expect(renameClash.status).toBe(409)
    expect(
      (await api(admin.client, 'PUT', '/api/admin/waitlist-roles/999999', { role_name: 'X', role_id: '1' })).status,
    ).toBe(404)
    expect((await api(admin.client, 'DELETE', '/api/admin/waitlist-roles/999999')).status).toBe(404)
    expect((await api(admin.client, 'DELETE', '/api/admin/waitlist-roles/abc')).status).toBe(404)
    expect(await auditEntries(db())).toEqual([])
  })

  it('renaming a role carries the slot locks that name it along', async () => {
    await addEligibleRoles(db(), { 'Combat Medic': {} })
    const alpha = await addSquad(db(), {
      name: 'Alpha',
      slots: [{ role: 'Medic', lock: 'Combat Medic' }, { role: 'Rifleman 1' }],
    })
    const [medic] = await db().select().from(eligibleRoles)
    const renamed = await api(admin.client, 'PUT', `/api/admin/waitlist-roles/${medic!.id}`, {
      role_name: 'Corpsman',
      role_id: MEDIC,
    })
    expect(renamed.status).toBe(200)
    expect((await slotRow(db(), alpha.slot('Medic').id)).required_role_id).toBe('Corpsman')
    expect((await slotRow(db(), alpha.slot('Rifleman 1').id)).required_role_id).toBeNull()
    expect((await auditEntries(db(), 'Eligible role updated'))[0]!.details).toBe(
      `Corpsman (${MEDIC}) (was Combat Medic)`,
    )
  })
})

describe('DELETE /api/admin/waitlist', () => {
  it('purges the waitlist: /api/waitlist is empty afterwards, audit-logged', async () => {
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    await addSquad(db(), { name: 'Alpha', primary: true, slots: [{ role: 'Rifleman 1', manual_username: 'Filler' }] })
    expect((await joinWaitlist(reyes.client)).status).toBe(200)
    await addWaitlistEntry(db(), novak.id)
    expect((await getJson<unknown[]>(reyes.client, '/api/waitlist')).body).toHaveLength(2)

    const purged = await api(admin.client, 'DELETE', '/api/admin/waitlist')
    expect(purged).toEqual({ status: 200, body: { message: 'Waitlist purged successfully.', removed: 2 } })
    expect(await waitlistUserIds(db())).toEqual([])
    expect((await getJson<unknown[]>(reyes.client, '/api/waitlist')).body).toEqual([])
    expect(await auditEntries(db(), 'Waitlist purged')).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, details: '2 entries removed.' }),
    ])
    expect((await api(admin.client, 'POST', '/api/admin/waitlist')).status).toBe(405)
  })
})
