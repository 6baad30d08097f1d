// The ORBAT's memory (docs/rules/orbat-history.md) over real HTTP on real PostgreSQL: a version after every kind of
// save, what its diff says, restore through the ordinary save (also while members sign up), refusals that change
// nothing, an operation's frozen ORBAT, the attendance it suggests and who held a slot but was absent, and who may
// call what.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orbatSaveSchema, type OrbatPayload } from '#contracts/orbat.ts'
import {
  HISTORY_MESSAGES,
  type OrbatSnapshot,
  type Reseat,
  type VersionDetail,
  type VersionItem,
  type VersionWithReseat,
} from '#contracts/orbat-history.ts'
import { eventOrbatHolders, eventOrbatSnapshots } from '#db/schema/orbat-history.ts'
import { eligibleRoles, platoons } from '#db/schema/orbat.ts'
import { notificationOutbox, notificationPreferences } from '#db/schema/notifications.ts'
import { eventAttendance, events, members } from '#db/schema/roster.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import {
  addAndLoginUsers,
  addEligibleRoles,
  addMember,
  addSquad,
  addWaitlistEntry,
  assignSlot,
  auditEntries,
  getJson,
  loginDemos,
  resetOrbat,
  setUserRoles,
  signUp,
  slotsHeldBy,
  toSave,
  usersWithTwoSlots,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { saveOrbatLayout } from './save.ts'
import { freezeDueOperations, heldButAbsent } from './snapshots.ts'
import { pruneVersions } from './history.ts'
import { undoLastSave } from './restore.ts'
import { users } from '#db/schema/users-sessions.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'

let t: TestApp
let admin: LoggedIn, novak: LoggedIn
let troopers: LoggedIn[]

beforeAll(async () => {
  t = await startTestApp()
  ;[[admin, novak], troopers] = await Promise.all([
    loginDemos(t, ['demo_admin', 'novak']),
    addAndLoginUsers(t, 12, { prefix: 7 }),
  ] as const)
}, 60_000)
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${platoons}, ${events} cascade`)
  await addEligibleRoles(db(), { Rifleman: { general: true }, 'Combat Medic': {}, Pilot: {} })
})

const db = () => t.database.db
const loadOrbat = async () => (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body
const save = (body: unknown) =>
  api<{ error?: string; version?: number }>(admin.client, 'PUT', '/api/admin/orbat/save', body)
const versions = async () => (await getJson<VersionItem[]>(admin.client, '/api/admin/orbat/versions')).body
const version = async (id: number) =>
  (await getJson<VersionDetail>(admin.client, `/api/admin/orbat/versions/${id}`)).body
const restore = (id: number) =>
  api<{ error?: string; message?: string; version?: number; orbat?: OrbatPayload; kept?: string[]; reseat?: Reseat }>(
    admin.client,
    'POST',
    `/api/admin/orbat/versions/${id}/restore`,
  )

/** Alpha with a fireteam of three and a medic, and the first version (saved as it stands). */
async function arrange() {
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    slots: [
      { team: 'Fireteam 1', role: 'Team Leader' },
      { team: 'Fireteam 1', role: 'Rifleman', lock: 'Rifleman' },
      { team: 'Fireteam 1', role: 'Autorifleman' },
      { team: 'Alpha HQ', role: 'Medic', lock: 'Combat Medic' },
    ],
  })
  const first = await save(toSave(await loadOrbat()))
  expect(first.status, first.body.error).toBe(200)
  return { alpha, first: first.body.version! }
}

describe('versions', () => {
  it('every kind of save writes one: the editor, a loaded preset, an import and a restore', async () => {
    const { first } = await arrange()
    const body = toSave(await loadOrbat())
    body.squads!.push({ name: 'Bravo', pos_x: 900, pos_y: 0, can_be_primary_waitlist: false, platoon_id: null })
    expect((await save({ ...body, via: 'preset' })).status).toBe(200)
    await saveOrbatLayout(
      t.app.services,
      (await db().select().from(users).where(eq(users.id, admin.id)))[0]!,
      orbatSaveSchema.parse(toSave(await loadOrbat())),
      {
        via: 'import',
        note: 'Imported mission.sqm',
      },
    )
    expect((await restore(first)).status).toBe(200)
    const list = await versions()
    expect(list.map((v) => [v.via, v.by, v.summary])).toEqual([
      ['restore', 'Cpt. Miller', `Restored version ${first}: -1 squad`],
      ['import', 'Cpt. Miller', 'Imported mission.sqm: No changes'],
      ['preset', 'Cpt. Miller', 'Preset loaded: +1 squad'],
      ['editor', 'Cpt. Miller', '+1 squad, +4 slots'],
    ])
    expect((await getJson<VersionItem[]>(admin.client, '/api/admin/orbat/versions?limit=2')).body).toHaveLength(2)
    // A save that fails writes none.
    expect((await save({ squads: [], slots: [{ squadName: 'Nowhere', team: 'x' }] })).status).toBe(400)
    expect(await versions()).toHaveLength(4)
  })

  it('diff: squads, teams and slots added, removed, renamed, locks changed; headings and assignments apart', async () => {
    const { first } = await arrange()
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    expect(member.id).toBeGreaterThan(0)
    const body = toSave(await loadOrbat())
    body.squads![0]!.name = 'Alpha Squad'
    for (const slot of body.slots) {
      slot.squadName = 'Alpha Squad'
      if (slot.team === 'Fireteam 1') slot.team = 'Red Team'
      if (slot.role === 'Autorifleman') slot.role = 'Machine Gunner'
      if (slot.role === 'Rifleman') slot.required_role_id = null
      if (slot.role === 'Team Leader') slot.user_id = novak.id
    }
    body.slots = body.slots.filter((s) => s.role !== 'Medic')
    body.slots.push({
      squadName: 'Alpha Squad',
      team: 'Blue Team',
      role: 'Grenadier',
      user_id: null,
      manual_username: null,
    })
    // A heading row is not a slot: it is told as a heading, and counts as no slot.
    body.slots.push({
      squadName: 'Alpha Squad',
      team: 'Blue Team',
      role: '---FIRE SUPPORT---',
      user_id: null,
      manual_username: null,
    })
    const saved = await save(body)
    expect(saved.status, saved.body.error).toBe(200)
    const detail = await version(saved.body.version!)
    expect(detail.previous_id).toBe(first)
    expect(detail.summary).toBe(
      '1 squad renamed, +1 team, -1 team, 1 team renamed, +1 slot, -1 slot, 1 slot renamed, 1 lock changed, 1 heading changed, 1 member moved',
    )
    expect(detail.diff).toEqual({
      squads: { added: [], removed: [], renamed: [{ from: 'Alpha', to: 'Alpha Squad' }] },
      teams: {
        added: [{ squad: 'Alpha Squad', team: 'Blue Team' }],
        removed: [{ squad: 'Alpha', team: 'Alpha HQ' }],
        renamed: [{ squad: 'Alpha', from: 'Fireteam 1', to: 'Red Team' }],
      },
      slots: {
        added: [{ squad: 'Alpha Squad', team: 'Blue Team', role: 'Grenadier' }],
        removed: [{ squad: 'Alpha', team: 'Alpha HQ', role: 'Medic' }],
        renamed: [{ squad: 'Alpha Squad', team: 'Red Team', from: 'Autorifleman', to: 'Machine Gunner' }],
        locks: [{ squad: 'Alpha Squad', team: 'Red Team', role: 'Rifleman', from: 'Rifleman', to: null }],
        reservations: [],
      },
      headings: {
        added: [{ squad: 'Alpha Squad', team: 'Blue Team', text: 'FIRE SUPPORT' }],
        removed: [],
        renamed: [],
      },
      assignments: [{ squad: 'Alpha Squad', team: 'Red Team', role: 'Team Leader', from: null, to: 'Novak' }],
    })
    expect(detail.layout.squads.map((s) => s.name)).toEqual(['Alpha Squad'])
    expect(detail.layout.slots.find((s) => s.role === 'Team Leader')).toMatchObject({
      user_id: novak.id,
      holder: 'Novak',
    })
  })

  it('a restore brings the layout back; members keep slots that still exist, a slot it removes frees its holder', async () => {
    const { alpha, first } = await arrange()
    // After the first version: a slot renamed, one added and held, one held that the version also has.
    const body = toSave(await loadOrbat())
    body.slots.find((s) => s.role === 'Autorifleman')!.role = 'Machine Gunner'
    body.slots.push({
      squadName: 'Alpha',
      team: 'Fireteam 1',
      role: 'Grenadier',
      user_id: troopers[0]!.id,
      manual_username: null,
    })
    body.slots.find((s) => s.role === 'Team Leader')!.user_id = troopers[1]!.id
    expect((await save(body)).status).toBe(200)
    const restored = await restore(first)
    expect(restored.status, restored.body.error).toBe(200)
    expect(restored.body.message).toBe(`Version ${first} restored.`)
    const after = await loadOrbat()
    expect(after.slots.map((s) => [s.id, s.role, s.user_id])).toEqual([
      [alpha.slot('Team Leader').id, 'Team Leader', troopers[1]!.id],
      [alpha.slot('Rifleman').id, 'Rifleman', null],
      [alpha.slot('Autorifleman').id, 'Autorifleman', null],
      [alpha.slot('Medic').id, 'Medic', null],
    ])
    expect(restored.body.orbat).toEqual(after)
    const audit = await db().execute<{ action: string }>(sql`select action from audit_log order by id`)
    expect(audit.map((r) => r.action).slice(-2)).toEqual(['ORBAT saved', 'ORBAT version restored'])
  })

  it('a freed member on the waitlist path: slots the restore leaves open are filled from the waitlist', async () => {
    const { first } = await arrange()
    const body = toSave(await loadOrbat())
    body.slots = body.slots.filter((s) => s.role !== 'Autorifleman')
    expect((await save(body)).status).toBe(200)
    await addWaitlistEntry(db(), troopers[2]!.id)
    expect((await restore(first)).status).toBe(200)
    const after = await loadOrbat()
    expect(after.slots.filter((s) => s.user_id !== null).map((s) => s.user_id)).toEqual([troopers[2]!.id])
  })

  it('refuses a version that names a since-deleted eligible role or platoon, naming it, and changes nothing', async () => {
    const [platoon] = await db().insert(platoons).values({ name: '2nd Platoon', discord_role_id: '123' }).returning()
    await addSquad(db(), { name: 'Alpha', slots: [{ team: 'HQ', role: 'Medic', lock: 'Combat Medic' }] })
    const body = toSave(await loadOrbat())
    body.squads![0]!.platoon_id = platoon!.id
    const saved = await save(body)
    expect(saved.status).toBe(200)
    const id = saved.body.version!
    await db().delete(eligibleRoles).where(eq(eligibleRoles.role_name, 'Combat Medic'))
    let before = await stateFingerprint(t)
    const refusedLock = await restore(id)
    expect(refusedLock.status).toBe(409)
    expect(refusedLock.body.error).toBe(
      `Version ${id} locks Medic (Alpha) to the role "Combat Medic", which has since been deleted. Nothing was restored.`,
    )
    expect(await stateFingerprint(t)).toBe(before)
    await addEligibleRoles(db(), { 'Combat Medic': {} })
    await db().delete(platoons)
    before = await stateFingerprint(t)
    const refusedPlatoon = await restore(id)
    expect(refusedPlatoon.status).toBe(409)
    expect(refusedPlatoon.body.error).toBe(
      `Version ${id} puts Alpha in the platoon "2nd Platoon", which has since been deleted. Nothing was restored.`,
    )
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('restore races sign-ups like any save: nobody in two slots, every sign-up that was answered yes still held', async () => {
    const squad = await addSquad(db(), {
      name: 'Alpha',
      slots: Array.from({ length: 12 }, (_, i) => ({ team: 'Fireteam 1', role: `Rifleman ${i + 1}` })),
    })
    const first = (await save(toSave(await loadOrbat()))).body.version!
    const body = toSave(await loadOrbat())
    body.slots.forEach((s, i) => (s.role = `Rifleman ${String.fromCharCode(65 + i)}`))
    expect((await save(body)).status).toBe(200)
    const results = await Promise.all([
      ...troopers.map((trooper, i) => signUp(trooper.client, squad.slots[i]!.id)),
      restore(first).then((r) => ({ status: r.status, restore: true })),
    ])
    expect(results.every((r) => r.status < 500)).toBe(true)
    expect(results.at(-1)!.status).toBe(200)
    expect(await usersWithTwoSlots(db())).toEqual([])
    const after = await loadOrbat()
    expect(after.slots.map((s) => s.role)).toEqual(Array.from({ length: 12 }, (_, i) => `Rifleman ${i + 1}`))
    const held = new Map(after.slots.map((s) => [s.id, s.user_id]))
    troopers.forEach((trooper, i) => {
      if (results[i]!.status === 200) expect(held.get(squad.slots[i]!.id)).toBe(trooper.id)
    })
  })

  it('bad ids get 404; pruning keeps the newest', async () => {
    const { first } = await arrange()
    for (const path of ['/api/admin/orbat/versions/999999', '/api/admin/orbat/versions/abc'])
      expect((await api(admin.client, 'GET', path)).status).toBe(404)
    expect((await api(admin.client, 'POST', '/api/admin/orbat/versions/999999/restore')).status).toBe(404)
    expect((await api(admin.client, 'GET', '/api/admin/orbat/versions?limit=0')).status).toBe(400)
    await db().execute(sql`update orbat_versions set at = now() - interval '400 days'`)
    expect(await pruneVersions(db())).toBe(0)
    expect((await versions()).map((v) => v.id)).toEqual([first])
  })
})

describe('a restore puts people back', () => {
  const names = ['Reyes', 'Lee', 'Kim', 'Ortiz', null, 'Park'] as const

  /**
   * Version `first`: Alpha (Team Leader, open) and Bravo, whose slots six members and a manual name hold. Then a save
   * removes Bravo and adds Charlie, whose Scout Park now holds, and puts Ortiz in Alpha's Team Leader.
   */
  async function arrangeRemovedSquad() {
    const [reyes, lee, kim, ortiz, offRoster, park] = troopers
    // Their Discord roles as they logged in (a test before may have taken one away).
    for (const trooper of troopers) await setUserRoles(db(), trooper.id, [DEMO_ROLES.member.id, DEMO_ROLES.rifleman.id])
    for (const [i, name] of names.entries())
      if (name) await addMember(db(), troopers[i]!.discordId, { ingameName: name })
    await addSquad(db(), { name: 'Alpha', slots: [{ team: 'HQ', role: 'Team Leader' }] })
    await addSquad(db(), {
      name: 'Bravo',
      pos_x: 600,
      slots: [
        { team: 'Fireteam 1', role: 'Lead', user_id: reyes!.id },
        { team: 'Fireteam 1', role: 'Rifleman', lock: 'Rifleman', user_id: lee!.id },
        { team: 'Fireteam 1', role: 'Medic', user_id: kim!.id },
        { team: 'Fireteam 1', role: 'Gunner', user_id: ortiz!.id },
        { team: 'Fireteam 1', role: 'Spare', user_id: offRoster!.id },
        { team: 'Fireteam 1', role: 'Guest', manual_username: 'Guest' },
        { team: 'Fireteam 1', role: 'Grenadier', user_id: park!.id },
        { team: 'Fireteam 1', role: '---RESERVE---' },
      ],
    })
    const first = await save(toSave(await loadOrbat()))
    expect(first.status, first.body.error).toBe(200)
    const body = toSave(await loadOrbat())
    body.squads = body.squads!.filter((s) => s.name !== 'Bravo')
    body.squads.push({ name: 'Charlie', pos_x: 1200, pos_y: 0, can_be_primary_waitlist: false, platoon_id: null })
    body.slots = body.slots.filter((s) => s.squadName === 'Alpha')
    body.slots[0]!.user_id = ortiz!.id
    body.slots.push({ squadName: 'Charlie', team: 'Recon', role: 'Scout', user_id: park!.id, manual_username: null })
    const removed = await save(body)
    expect(removed.status, removed.body.error).toBe(200)
    return {
      first: first.body.version!,
      reyes: reyes!,
      lee: lee!,
      kim: kim!,
      ortiz: ortiz!,
      offRoster: offRoster!,
      park: park!,
    }
  }

  it('puts back who held a slot it brings back, unless they hold another slot, are banned, miss the lock or left the roster', async () => {
    const { first, reyes, lee, kim, ortiz, offRoster, park } = await arrangeRemovedSquad()
    // Since the version: Lee lost the Rifleman role, Kim was banned, the fifth member was never on the roster.
    await setUserRoles(db(), lee.id, [])
    await db()
      .update(members)
      .set({ is_banned: true, ban_reason: 'Test', banned_date: new Date() })
      .where(eq(members.discord_id, kim.discordId))
    // Reyes and Park want to hear of slot changes by Discord DM.
    await db()
      .insert(notificationPreferences)
      .values([reyes, park].map((m) => ({ user_id: m.id, kind: 'slot_changed', push: false, discord: true })))
      .onConflictDoNothing()
    const offRosterName = (await db().select().from(users).where(eq(users.id, offRoster.id)))[0]!.display_name

    const expected = {
      put_back: [
        { member: 'Reyes', slot: 'Lead (Bravo)' },
        { member: 'Guest', slot: 'Guest (Bravo)' },
        { member: 'Park', slot: 'Grenadier (Bravo)' },
      ],
      not_put_back: [
        { member: 'Lee', slot: 'Rifleman (Bravo)', reason: 'lock', why: "no longer meets the slot's lock (Rifleman)" },
        { member: 'Kim', slot: 'Medic (Bravo)', reason: 'banned', why: 'banned' },
        { member: 'Ortiz', slot: 'Gunner (Bravo)', reason: 'holdsSlot', why: 'holds another slot now' },
        { member: offRosterName, slot: 'Spare (Bravo)', reason: 'notOnRoster', why: 'no longer on the roster' },
      ],
    }
    // The preview (the confirm's lines) says what the restore then does.
    const preview = await getJson<VersionWithReseat>(admin.client, `/api/admin/orbat/versions/${first}`)
    expect(preview.body.reseat).toEqual(expected)
    expect(HISTORY_MESSAGES.restoreConfirm(first, preview.body.reseat)).toBe(
      `Restore version ${first}? Its squads, teams and slots become the ORBAT; members keep their slots where the slot still exists. ` +
        'Puts back: Reyes in Lead (Bravo), Guest in Guest (Bravo), Park in Grenadier (Bravo). ' +
        `Not put back: Lee (no longer meets the slot's lock (Rifleman)), Kim (banned), Ortiz (holds another slot now), ${offRosterName} (no longer on the roster).`,
    )
    const restored = await restore(first)
    expect(restored.status, restored.body.error).toBe(200)
    expect(restored.body.reseat).toEqual(expected)

    const after = await loadOrbat()
    const bravo = after.squads.find((s) => s.name === 'Bravo')!
    const holders = after.slots
      .filter((s) => s.squad_id === bravo.id)
      .map((s) => [s.role, s.user_id ?? s.manual_username])
    expect(holders).toEqual([
      ['Lead', reyes.id],
      ['Rifleman', null],
      ['Medic', null],
      ['Gunner', null],
      ['Spare', null],
      ['Guest', 'Guest'],
      ['Grenadier', park.id],
      ['---RESERVE---', null],
    ])
    // Ortiz keeps the slot he holds; Park's Charlie went with the restore, so he is back where he was.
    expect(after.slots.find((s) => s.role === 'Team Leader')!.user_id).toBe(ortiz.id)
    expect(after.squads.map((s) => s.name)).not.toContain('Charlie')
    expect(await usersWithTwoSlots(db())).toEqual([])

    const [audit] = await auditEntries(db(), 'ORBAT version restored')
    expect(audit!.details).toContain('Put back: Reyes (Lead (Bravo)), Guest (Guest (Bravo)), Park (Grenadier (Bravo)).')
    expect(audit!.details).toContain("Lee (Rifleman (Bravo)): no longer meets the slot's lock (Rifleman)")
    // They hear of it as of any admin's change, after the commit (docs/rules/notifications.md, slot_changed).
    const notices = await db()
      .select({ user: notificationOutbox.user_id, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'slot_changed'))
    expect(notices).toEqual(
      expect.arrayContaining([
        { user: reyes.id, body: 'An admin put you in Lead (Bravo).' },
        { user: park.id, body: 'An admin moved you from Scout (Charlie) to Grenadier (Bravo).' },
      ]),
    )
  })

  it('puts back who held a slot that is still there and empty now; a slot someone holds now keeps them', async () => {
    const [reyes, lee] = troopers
    for (const trooper of [reyes!, lee!])
      await setUserRoles(db(), trooper.id, [DEMO_ROLES.member.id, DEMO_ROLES.rifleman.id])
    await addMember(db(), reyes!.discordId, { ingameName: 'Reyes' })
    await addMember(db(), lee!.discordId, { ingameName: 'Lee' })
    await addMember(db(), troopers[2]!.discordId, { ingameName: 'Kim' })
    await addSquad(db(), {
      name: 'Delta',
      slots: [
        { team: 'HQ', role: 'Lead', user_id: reyes!.id },
        { team: 'HQ', role: 'Signaller', user_id: lee!.id },
      ],
    })
    const first = await save(toSave(await loadOrbat()))
    expect(first.status, first.body.error).toBe(200)
    // A later save empties both slots and gives Signaller to Kim; the slots themselves stay.
    const body = toSave(await loadOrbat())
    for (const slot of body.slots) slot.user_id = slot.role === 'Signaller' ? troopers[2]!.id : null
    expect((await save(body)).status).toBe(200)

    const preview = await getJson<VersionWithReseat>(admin.client, `/api/admin/orbat/versions/${first.body.version}`)
    expect(preview.body.reseat).toEqual({ put_back: [{ member: 'Reyes', slot: 'Lead (Delta)' }], not_put_back: [] })
    const restored = await restore(first.body.version!)
    expect(restored.status, restored.body.error).toBe(200)
    expect(restored.body.reseat).toEqual(preview.body.reseat)
    const after = await loadOrbat()
    expect(after.slots.map((s) => [s.role, s.user_id])).toEqual([
      ['Lead', reyes!.id],
      ['Signaller', troopers[2]!.id],
    ])
    expect(await usersWithTwoSlots(db())).toEqual([])
  })

  it('Undo Last Save puts back the members of the save it undoes', async () => {
    const { first, reyes } = await arrangeRemovedSquad()
    const detail = await getJson<VersionWithReseat>(admin.client, `/api/admin/orbat/versions/${first}`)
    expect(detail.body.reseat.put_back.map((p) => p.member)).toEqual(['Reyes', 'Lee', 'Kim', 'Guest', 'Park'])
    const user = (await db().select().from(users).where(eq(users.id, admin.id)))[0]!
    const undone = await undoLastSave(t.app.services, user)
    expect(undone.restored).toBe(first)
    expect(undone.reseat).toEqual(detail.body.reseat)
    const after = await loadOrbat()
    expect(after.slots.find((s) => s.role === 'Lead')!.user_id).toBe(reyes.id)
  })

  it('races sign-ups: nobody in two slots, a member who signed up first keeps that slot, the others are put back', async () => {
    const alpha = await addSquad(db(), {
      name: 'Alpha',
      slots: troopers.map((_, i) => ({ team: 'Fireteam 1', role: `Rifleman ${i + 1}` })),
    })
    for (const [i, trooper] of troopers.entries()) await addMember(db(), trooper.discordId, { ingameName: `T${i}` })
    await addSquad(db(), {
      name: 'Bravo',
      pos_x: 600,
      slots: troopers.map((trooper, i) => ({ team: 'Fireteam 1', role: `Gunner ${i + 1}`, user_id: trooper.id })),
    })
    const first = (await save(toSave(await loadOrbat()))).body.version!
    const body = toSave(await loadOrbat())
    body.squads = body.squads!.filter((s) => s.name === 'Alpha')
    body.slots = body.slots.filter((s) => s.squadName === 'Alpha')
    expect((await save(body)).status).toBe(200)
    const results = await Promise.all([
      ...troopers.map((trooper, i) => signUp(trooper.client, alpha.slots[i]!.id)),
      restore(first),
    ])
    const restored = results.at(-1) as Awaited<ReturnType<typeof restore>>
    expect(restored.status, restored.body.error).toBe(200)
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(await usersWithTwoSlots(db())).toEqual([])
    // Every sign-up was answered yes: whether it came before the restore (its member is then not put back) or after
    // (it moved them out of the slot they were put back in), each member ends in the Alpha slot they chose.
    for (const [i, trooper] of troopers.entries())
      expect(await slotsHeldBy(db(), trooper.id)).toEqual([alpha.slots[i]!.id])
    const reseat = restored.body.reseat!
    expect(reseat.put_back.length + reseat.not_put_back.length).toBe(troopers.length)
    expect(reseat.not_put_back.every((p) => p.reason === 'holdsSlot')).toBe(true)
  })
})

describe("an operation's ORBAT", () => {
  async function operation(startsInMs: number, linked = true) {
    const [event] = await db()
      .insert(events)
      .values({ name: 'Operation Red Tide', date: new Date(Date.now() + startsInMs), orbat_linked: linked })
      .returning()
    return event!
  }

  it('is frozen once at the start; attendance suggestion equals its holders; held-but-absent lists the rest', async () => {
    const reyes = await addMember(db(), troopers[3]!.discordId, { ingameName: 'Reyes' })
    const lee = await addMember(db(), troopers[4]!.discordId, { ingameName: 'Lee' })
    const alpha = await addSquad(db(), {
      name: 'Alpha',
      slots: [
        { team: 'Fireteam 1', role: 'Rifleman', user_id: troopers[3]!.id },
        { team: 'Fireteam 1', role: 'Medic', user_id: troopers[4]!.id },
        { team: 'Fireteam 1', role: 'Gunner', manual_username: 'Guest' },
        { team: 'Fireteam 1', role: 'Spare' },
      ],
    })
    await addWaitlistEntry(db(), troopers[5]!.id, { squadId: alpha.squad.id })
    const past = await operation(-60_000)
    const unlinked = await operation(-60_000, false)
    const old = await operation(-13 * 3_600_000)
    expect(await freezeDueOperations(t.app.services)).toEqual([past.id])
    // Once: a second run, or another instance's, finds it frozen; a slot change afterwards does not reach it.
    await assignSlot(db(), alpha.slot('Spare').id, troopers[6]!.id)
    expect(await freezeDueOperations(t.app.services)).toEqual([])
    const snapshot = await getJson<OrbatSnapshot>(novak.client, `/api/roster/events/${past.id}/orbat-snapshot`)
    expect(snapshot.status).toBe(200)
    expect(snapshot.body).toEqual({
      taken_at: expect.any(String),
      taken_by: null,
      squads: [
        {
          id: alpha.squad.id,
          name: 'Alpha',
          platoon: null,
          teams: [
            {
              name: 'Fireteam 1',
              slots: [
                {
                  id: alpha.slots[0]!.id,
                  role: 'Rifleman',
                  required_role_id: null,
                  holder: 'Reyes',
                  member_id: reyes.id,
                  guest_of: null,
                  reserved_for: null,
                },
                {
                  id: alpha.slots[1]!.id,
                  role: 'Medic',
                  required_role_id: null,
                  holder: 'Lee',
                  member_id: lee.id,
                  guest_of: null,
                  reserved_for: null,
                },
                {
                  id: alpha.slots[2]!.id,
                  role: 'Gunner',
                  required_role_id: null,
                  holder: 'Guest',
                  member_id: null,
                  guest_of: null,
                  reserved_for: null,
                },
                {
                  id: alpha.slots[3]!.id,
                  role: 'Spare',
                  required_role_id: null,
                  holder: null,
                  member_id: null,
                  guest_of: null,
                  reserved_for: null,
                },
              ],
            },
          ],
        },
      ],
      waitlist: [{ position: 1, name: 'Trooper 7-5', member_id: null, squad_preference: 'Alpha' }],
    })
    for (const id of [unlinked.id, old.id])
      expect((await api(novak.client, 'GET', `/api/roster/events/${id}/orbat-snapshot`)).status).toBe(404)

    const suggestion = await getJson<{ memberIds: number[] }>(
      admin.client,
      `/api/roster/events/${past.id}/attendance?suggest=orbat`,
    )
    const holders = await db().select().from(eventOrbatHolders).where(eq(eventOrbatHolders.event_id, past.id))
    expect(suggestion.body.memberIds).toEqual(holders.map((h) => h.member_id).sort((a, b) => a - b))
    expect(suggestion.body.memberIds).toEqual([reyes.id, lee.id].sort((a, b) => a - b))
    // Nothing is recorded by the suggestion.
    expect(await db().select().from(eventAttendance)).toEqual([])
    await db().insert(eventAttendance).values({ event_id: past.id, member_id: reyes.id })
    expect((await heldButAbsent(db(), [past.id])).get(past.id)).toEqual([
      { member_id: lee.id, name: 'Lee', squad: 'Alpha', team: 'Fireteam 1', slot: 'Medic' },
    ])
    expect((await api(admin.client, 'GET', `/api/roster/events/${unlinked.id}/attendance?suggest=orbat`)).status).toBe(
      404,
    )
    expect((await api(admin.client, 'GET', `/api/roster/events/${past.id}/attendance?suggest=people`)).status).toBe(400)
  })

  it('an admin freezes again by hand until the operation is over', async () => {
    await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman', user_id: troopers[3]!.id }] })
    const soon = await operation(3_600_000)
    const over = await operation(-13 * 3_600_000)
    const frozen = await api<OrbatSnapshot>(admin.client, 'POST', `/api/roster/events/${soon.id}/orbat-snapshot`)
    expect(frozen.status).toBe(200)
    expect(frozen.body.taken_by).toBe('Cpt. Miller')
    expect(frozen.body.squads![0]!.teams[0]!.slots[0]!.holder).toBe('Trooper 7-3')
    const again = await api<OrbatSnapshot>(admin.client, 'POST', `/api/roster/events/${soon.id}/orbat-snapshot`)
    expect(again.status).toBe(200)
    expect(await db().select().from(eventOrbatSnapshots)).toHaveLength(1)
    const before = await stateFingerprint(t)
    const refused = await api(admin.client, 'POST', `/api/roster/events/${over.id}/orbat-snapshot`)
    expect(refused).toEqual({
      status: 409,
      body: { error: 'This operation is over: its ORBAT can no longer be frozen again.' },
    })
    expect((await api(admin.client, 'POST', '/api/roster/events/999999/orbat-snapshot')).status).toBe(404)
    expect(await stateFingerprint(t)).toBe(before)
  })
})

describe('authorisation', () => {
  it('admin calls refuse anonymous (401) and members (403); the snapshot needs a login', async () => {
    const { first } = await arrange()
    const [event] = await db().insert(events).values({ name: 'Op', date: new Date() }).returning()
    const before = await stateFingerprint(t)
    await expectAdminOnly(t, novak.client, 'GET', '/api/admin/orbat/versions')
    await expectAdminOnly(t, novak.client, 'GET', `/api/admin/orbat/versions/${first}`)
    await expectAdminOnly(t, novak.client, 'POST', `/api/admin/orbat/versions/${first}/restore`)
    await expectAdminOnly(t, novak.client, 'POST', `/api/roster/events/${event!.id}/orbat-snapshot`)
    await expectAdminOnly(t, novak.client, 'GET', `/api/roster/events/${event!.id}/attendance?suggest=orbat`)
    expect((await api(t.client(), 'GET', `/api/roster/events/${event!.id}/orbat-snapshot`)).status).toBe(401)
    expect(await stateFingerprint(t)).toBe(before)
  })
})
