// Moving in and out over real HTTP on real PostgreSQL (docs/rules/roster.md, Moving in and out): the CSV import's
// preview and apply (mapping, rank map, create missing, all or nothing, the file limits), the round trip export ->
// import -> no change, a rival tool's user export, the Discord import, bulk actions, every list's CSV and a member's
// own data; every call admin-only but the member's own export.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog } from '#db/schema/audit.ts'
import { awardGrants, awards } from '#db/schema/personnel.ts'
import { events, memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import type { CsvImportPreview } from '#contracts/moving.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'

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
  await truncateTables(t.database.db, [members, events, qualifications, awards, auditLog])
})

const db = () => t.database.db
const preview = (body: Record<string, unknown>) =>
  api<CsvImportPreview & { error?: string }>(admin.client, 'POST', '/api/admin/roster/import/csv', body)
const apply = (body: Record<string, unknown>) =>
  api<{ created: number; updated: number; skipped: number; error?: string; rows?: CsvImportPreview['rows'] }>(
    admin.client,
    'POST',
    '/api/admin/roster/import/csv',
    { ...body, apply: true },
  )
const roster = async () =>
  (await db().select().from(members).orderBy(members.ingame_name)).map((m) => ({
    name: m.ingame_name,
    rank: m.rank,
    discord_id: m.discord_id,
    join_date: m.join_date,
    attended: m.attended_events_count,
    notes: m.notes,
  }))
const exportCsv = async () => {
  const response = await admin.client.fetch('/api/admin/roster/export.csv')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
  return response.text()
}

describe('moving in and out', () => {
  it('every call is admin-only (the own-data export needs a login) and changes nothing for others', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/admin/roster/import/csv', { csv: 'name\nHawk\n', apply: true }],
      ['GET', '/api/admin/roster/import/discord'],
      ['POST', '/api/admin/roster/import/discord', { discord_ids: ['800000000000000003'] }],
      ['POST', '/api/admin/roster/members/bulk', { member_ids: [1], action: 'delete' }],
      ['GET', '/api/admin/roster/export.csv'],
      ['GET', '/api/admin/export/events.csv'],
      ['GET', '/api/admin/export/audit-log.csv'],
    ]
    for (const [method, path, body] of calls) await expectAdminOnly(t, reyes.client, method, path, body)
    expect(await roster()).toEqual([])
    expect((await api(t.client(), 'GET', '/api/account/export')).status).toBe(401)
  })

  it('previews a semicolon file with a BOM, quoted line breaks, a changed mapping and a rank map, then applies it', async () => {
    await db().insert(qualifications).values({ name: 'Combat Medic' })
    await db()
      .insert(members)
      .values({ ingame_name: 'Reyes', rank: 'JNCO', join_date: '2024-01-01', discord_id: '777' })
    const csv =
      '\uFEFFCallsign;Discord;Grade;Enlisted;Quals;Remarks\r\n' +
      'Hawk;111;Sgt;2023-05-04;Combat Medic;"two\r\nlines"\r\n' +
      'Reyes;777;Sgt;;;\r\n' +
      'Nobody;abc;Colonel;2023-13-01;;\r\n' +
      '\r\n' +
      'Hawk;222;;;;\r\n'
    const first = await preview({ csv, rank_map: { Sgt: 'NCO' } })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.delimiter).toBe(';')
    expect(first.body.columns).toEqual(['Callsign', 'Discord', 'Grade', 'Enlisted', 'Quals', 'Remarks'])
    expect(first.body.mapping).toEqual({
      ingame_name: 'Callsign',
      discord_id: 'Discord',
      rank: 'Grade',
      join_date: 'Enlisted',
      qualifications: 'Quals',
      notes: 'Remarks',
    })
    const rows = first.body.rows.map(({ line, action, ingame_name, errors }) => ({ line, action, ingame_name, errors }))
    expect(rows).toEqual([
      { line: 2, action: 'create', ingame_name: 'Hawk', errors: [] },
      { line: 4, action: 'update', ingame_name: 'Reyes', errors: [] },
      {
        line: 5,
        action: 'create',
        ingame_name: 'Nobody',
        errors: [
          'The Discord ID "abc" is not digits only.',
          'The rank "Colonel" is not one of the unit\'s ranks: map it to one.',
          'The join date "2023-13-01" is not a date (YYYY-MM-DD).',
        ],
      },
      { line: 7, action: 'create', ingame_name: 'Hawk', errors: ['Another row of the file already adds "Hawk".'] },
    ])
    expect(first.body.summary).toEqual({ create: 3, update: 1, skip: 0, errors: 2 })
    expect(first.body.unknown_ranks).toEqual(['Colonel'])

    // Any row with an error: 400 with the rows, and nothing written.
    const refused = await apply({ csv, rank_map: { Sgt: 'NCO' } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^Some rows have errors: nothing was imported/)
    expect(refused.body.rows).toHaveLength(4)
    expect(await roster()).toEqual([
      { name: 'Reyes', rank: 'JNCO', discord_id: '777', join_date: '2024-01-01', attended: 0, notes: null },
    ])

    // The admin leaves out the two bad rows and maps Remarks away: the import goes through in one go.
    const good = csv.split('\r\n').slice(0, 4).join('\r\n')
    const applied = await apply({ csv: good, rank_map: { Sgt: 'NCO' }, mapping: { notes: null } })
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    expect(applied.body).toEqual({ created: 1, updated: 1, skipped: 0 })
    expect(await roster()).toEqual([
      { name: 'Hawk', rank: 'NCO', discord_id: '111', join_date: '2023-05-04', attended: 0, notes: null },
      { name: 'Reyes', rank: 'NCO', discord_id: '777', join_date: '2024-01-01', attended: 0, notes: null },
    ])
    const [hawk] = await db().select().from(members).where(eq(members.ingame_name, 'Hawk'))
    expect(
      await db().select().from(memberQualifications).where(eq(memberQualifications.member_id, hawk!.id)),
    ).toHaveLength(1)
    const audit = (await db().select().from(auditLog).orderBy(auditLog.id)).map((e) => e.action)
    expect(audit).toEqual(['Member imported', 'Member updated (import)'])
  })

  it('names qualifications and awards the unit lacks, and creates them only when asked', async () => {
    const csv = 'name,qualifications,awards\nHawk,Sniper; Pilot,Good Conduct\n'
    const without = await preview({ csv })
    expect(without.body.missing).toEqual({ qualifications: ['Sniper', 'Pilot'], awards: ['Good Conduct'] })
    expect(without.body.rows[0]!.errors).toEqual([
      'Unknown qualification "Sniper" (tick "Create missing" to add it).',
      'Unknown qualification "Pilot" (tick "Create missing" to add it).',
      'Unknown award "Good Conduct" (tick "Create missing" to add it).',
    ])
    expect((await apply({ csv })).status).toBe(400)
    expect(await db().select().from(qualifications)).toEqual([])
    const done = await apply({ csv, create_missing: true })
    expect(done.body).toEqual({ created: 1, updated: 0, skipped: 0 })
    expect((await db().select().from(qualifications)).map((q) => q.name).sort()).toEqual(['Pilot', 'Sniper'])
    expect((await db().select().from(awardGrants)).map((g) => g.award_name)).toEqual(['Good Conduct'])
  })

  it('refuses files it cannot read with a clear 400 and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ csv: 'x'.repeat(5 * 1024 * 1024 + 1) }, /^The file is over 5 MB\.$/],
      [{ csv: `name\n${'a\n'.repeat(10_001)}` }, /^The file has more than 10,000 rows\.$/],
      [{ csv: 'email,rank\na@b.c,NCO\n' }, /^No column holds the in-game name/],
      [{ csv: 'name\u0000,x\n' }, /^csv contains a NUL character/],
      [
        { csv: 'name,notes\nHawk,"never closed\n' },
        /^This is not a CSV file\. Line 2: a quoted field is never closed\.$/,
      ],
      [{ csv: 'name\nHawk\n', mapping: { rank: 'Nope' } }, /^The file has no column "Nope"/],
      [{ csv: 'name\nHawk\n', rank_map: { Sgt: 'General' } }, /^A rank must be one of/],
      [{ csv: 'name\nHawk\n', extra: 1 }, /^Unknown field: extra\.$/],
      [{ csv: '' }, /^Choose a CSV file/],
    ]
    for (const [body, error] of cases) {
      const response = await api<{ error: string }>(admin.client, 'POST', '/api/admin/roster/import/csv', {
        ...(body as object),
        apply: true,
      })
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(response.body.error).toMatch(error)
    }
    expect(await roster()).toEqual([])
  })

  it('exports the roster in the columns the import reads: exported and imported back, nothing changes', async () => {
    const [medic] = await db().insert(qualifications).values({ name: 'Combat Medic' }).returning()
    const [star] = await db().insert(awards).values({ name: 'Bronze Star' }).returning()
    const added = await db()
      .insert(members)
      .values([
        { ingame_name: 'Hawk', rank: 'NCO', join_date: '2023-05-04', discord_id: '111', attended_events_count: 7 },
        { ingame_name: '=Formula, "quoted"', rank: 'BMT', join_date: '2025-01-02', notes: 'line one\nline two' },
        {
          ingame_name: 'Ortiz',
          rank: 'JOFC',
          join_date: '2021-06-30',
          bohemia_uuid: 'abc-123',
          is_banned: true,
          ban_reason: 'x',
        },
      ])
      .returning()
    await db().insert(memberQualifications).values({ member_id: added[0]!.id, qualification_id: medic!.id })
    await db()
      .insert(awardGrants)
      .values({ member_id: added[0]!.id, award_id: star!.id, award_name: 'Bronze Star', date: '2024-01-01' })
    const before = await roster()
    const csv = await exportCsv()
    expect(csv.split('\r\n')[0]).toBe(
      'ingame_name,discord_id,rank,join_date,bohemia_uuid,notes,qualifications,attended_events_count,awards',
    )
    expect(csv).toContain(`"'=Formula, ""quoted"""`)
    expect(csv).toContain('Hawk,111,NCO,2023-05-04,,,Combat Medic,7,Bronze Star')
    const again = await preview({ csv })
    expect(again.body.rows.map((r) => [r.ingame_name, r.action, r.errors])).toEqual([
      ['Ortiz', 'skip', []],
      ['Hawk', 'skip', []],
      ['=Formula, "quoted"', 'skip', []],
    ])
    expect((await apply({ csv })).body).toEqual({ created: 0, updated: 0, skipped: 3 })
    expect(await roster()).toEqual(before)
    expect(await db().select().from(auditLog)).toEqual([])
  })

  it('reads the user export of a rival personnel system by its headers (Name, Rank, Specialty)', async () => {
    await db().insert(qualifications).values({ name: 'Rifleman' })
    const csv =
      'ID,Name,Email,Position,Rank,Specialty,Status,Unit,Created At\n' +
      '12,Sgt. J. Hawk,hawk@example.com,Squad Leader,Sergeant,Rifleman,Active,1st Platoon,2022-03-04T10:00:00Z\n'
    const first = await preview({ csv, rank_map: { Sergeant: 'NCO' }, mapping: { join_date: 'Created At' } })
    expect(first.body.mapping).toMatchObject({
      ingame_name: 'Name',
      rank: 'Rank',
      qualifications: 'Specialty',
      join_date: 'Created At',
    })
    expect(first.body.rows).toEqual([
      { line: 2, action: 'create', ingame_name: 'Sgt. J. Hawk', errors: [], changes: [] },
    ])
    await apply({ csv, rank_map: { Sergeant: 'NCO' }, mapping: { join_date: 'Created At' } })
    expect(await roster()).toEqual([
      { name: 'Sgt. J. Hawk', rank: 'NCO', discord_id: null, join_date: '2022-03-04', attended: 0, notes: null },
    ])
  })

  it("reads a rival personnel system's rank, award and qualification record exports as dated service history", async () => {
    // The columns those exports have (one file per kind of record), dates as that system writes them.
    const header = (kind: string) => `ID,User,${kind},Document,Author,Text,Type,Created at,Updated at,Deleted at\n`
    const ranks =
      header('Rank') +
      '1,J. Hawk,Private,,Capt. Price,Enlisted,0,2021-02-01 19:00:00,2021-02-01 19:00:00,\n' +
      '2,J. Hawk,Sergeant,,Capt. Price,"Promoted for leading\nAlpha",0,2023-05-10 20:15:00,2023-05-10 20:15:00,\n' +
      '3,Miller,Corporal,,Capt. Price,,0,2022-08-01 18:00:00,,\n'
    await db().insert(members).values({ ingame_name: 'Miller', rank: 'NCO', join_date: '2020-01-01' })
    const rankMap = { Private: 'BMT', Corporal: 'JNCO', Sergeant: 'NCO' }
    const unmapped = await preview({ csv: ranks })
    expect(unmapped.body.records).toBe('rank')
    expect(unmapped.body.unknown_ranks).toEqual(['Private', 'Sergeant', 'Corporal'])
    const first = await preview({ csv: ranks, rank_map: rankMap })
    expect(first.body.mapping).toEqual({ ingame_name: 'User', rank: 'Rank' })
    expect(first.body.rows.map((r) => [r.line, r.action, r.ingame_name, r.errors])).toEqual([
      [2, 'create', 'J. Hawk', []],
      [3, 'update', 'J. Hawk', []],
      [5, 'update', 'Miller', []],
    ])
    expect(await apply({ csv: ranks, rank_map: rankMap })).toMatchObject({ body: { created: 1, updated: 1 } })
    // The person the file adds takes their latest rank and joins on their first record's day; Miller keeps his rank.
    expect((await roster()).map((m) => [m.name, m.rank, m.join_date])).toEqual([
      ['J. Hawk', 'NCO', '2021-02-01'],
      ['Miller', 'NCO', '2020-01-01'],
    ])
    const hawk = (await db().select().from(members).where(eq(members.ingame_name, 'J. Hawk')))[0]!
    const record = await api<{ entries: { at: string; kind: string; text: string; by: string | null }[] }>(
      admin.client,
      'GET',
      `/api/roster/members/${hawk.id}/record`,
    )
    expect(record.body.entries.filter((e) => e.kind === 'rank').map((e) => [e.at.slice(0, 10), e.text, e.by])).toEqual([
      ['2023-05-10', 'Promoted from BMT to NCO', 'an import'],
      ['2021-02-01', 'Given the rank BMT', 'an import'],
    ])
    // The same file again adds nothing.
    expect((await preview({ csv: ranks, rank_map: rankMap })).body.summary).toEqual({
      create: 0,
      update: 0,
      skip: 3,
      errors: 0,
    })

    const awardCsv =
      header('Award') + '7,J. Hawk,Purple Heart,,Capt. Price,Wounded at Takistan,,2022-11-11T21:00:00Z,,\n'
    const refused = await apply({ csv: awardCsv })
    expect(refused.status).toBe(400)
    expect(refused.body.rows?.[0]?.errors).toEqual(['Unknown award "Purple Heart" (tick "Create missing" to add it).'])
    expect(await apply({ csv: awardCsv, create_missing: true })).toMatchObject({ body: { created: 0, updated: 1 } })
    expect(
      (await db().select().from(awardGrants)).map((g) => [g.member_id, g.award_name, g.citation, g.date, g.announced]),
    ).toEqual([[hawk.id, 'Purple Heart', 'Wounded at Takistan (imported)', '2022-11-11', true]])

    await db().insert(qualifications).values({ name: 'Combat Medic' })
    const qualificationCsv = header('Qualification') + '9,J. Hawk,Combat Medic,,,Passed,,2021-06-01 10:00:00,,\n'
    expect(await apply({ csv: qualificationCsv })).toMatchObject({ body: { created: 0, updated: 1 } })
    const held = await db().select().from(memberQualifications).where(eq(memberQualifications.member_id, hawk.id))
    expect(held.map((q) => q.granted_at.toISOString().slice(0, 10))).toEqual(['2021-06-01'])
    expect((await preview({ csv: qualificationCsv })).body.summary.skip).toBe(1)
    // One audit entry per member and file.
    expect((await db().select().from(auditLog)).map((a) => a.details).filter((d) => d.includes('record'))).toEqual([
      'J. Hawk: 2 rank records from a CSV file',
      'Miller: 1 rank record from a CSV file',
      'J. Hawk: 1 award record from a CSV file',
      'J. Hawk: 1 qualification record from a CSV file',
    ])
  })

  it('lists Discord members with the rank and qualifications their roles map to, and imports the ticked ones', async () => {
    await db().insert(qualifications).values({ name: 'Combat Medic', discord_role_id: DEMO_ROLES.medic.id })
    await db().delete(rankRoleMappings)
    await db().insert(rankRoleMappings).values({ rank_name: 'NCO', discord_role_id: DEMO_ROLES.rankNCO.id })
    const newcomer = t.discord.state.addUser({
      id: '880000000000000001',
      username: 'new_hart',
      global_name: 'Hart',
      avatar: null,
      roles: [DEMO_ROLES.rankNCO.id, DEMO_ROLES.medic.id],
      description: 'A newcomer',
    })
    void newcomer
    const listed = await api<{
      members: { discord_id: string; name: string; rank: string | null; qualifications: string[]; on_roster: boolean }[]
    }>(admin.client, 'GET', '/api/admin/roster/import/discord')
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    const hart = listed.body.members.find((m) => m.discord_id === '880000000000000001')
    expect(hart).toMatchObject({ name: 'Hart', rank: 'NCO', qualifications: ['Combat Medic'], on_roster: false })
    expect(listed.body.members.every((m) => !m.on_roster)).toBe(true)

    const imported = await api<{ created: number; members: { id: number; discord_id: string }[] }>(
      admin.client,
      'POST',
      '/api/admin/roster/import/discord',
      { discord_ids: ['880000000000000001'], join_date: '2026-01-05' },
    )
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toEqual({
      created: 1,
      members: [{ id: expect.any(Number), discord_id: '880000000000000001' }],
    })
    expect(await roster()).toEqual([
      {
        name: 'Hart',
        rank: 'NCO',
        discord_id: '880000000000000001',
        join_date: '2026-01-05',
        attended: 0,
        notes: null,
      },
    ])
    const again = await api<{ error: string }>(admin.client, 'POST', '/api/admin/roster/import/discord', {
      discord_ids: ['880000000000000001'],
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('Already on the roster: Hart.')
    const stranger = await api<{ error: string }>(admin.client, 'POST', '/api/admin/roster/import/discord', {
      discord_ids: ['123'],
    })
    expect(stranger.body.error).toBe('Not a member of the Discord server: 123.')
    // On the roster with a rank Discord disagrees with: listed apart, with the difference in words.
    await db().update(members).set({ rank: 'JNCO' }).where(eq(members.discord_id, '880000000000000001'))
    const after = await api<{ members: { discord_id: string; on_roster: boolean; differences: string[] }[] }>(
      admin.client,
      'GET',
      '/api/admin/roster/import/discord',
    )
    expect(after.body.members.find((m) => m.discord_id === '880000000000000001')).toMatchObject({
      on_roster: true,
      differences: ['Rank: JNCO on the roster, NCO on Discord'],
    })
  })

  it('bulk actions: one transaction, one audit entry per member, an unknown id or a refused rule changes nothing', async () => {
    const [cls] = await db().insert(qualifications).values({ name: 'CLS' }).returning()
    const [event] = await db().insert(events).values({ name: 'Op Anvil', date: new Date() }).returning()
    const [star] = await db().insert(awards).values({ name: 'Star' }).returning()
    const list = await db()
      .insert(members)
      .values([
        { ingame_name: 'A', join_date: '2024-01-01' },
        { ingame_name: 'B', join_date: '2024-01-01', rank: 'NCO' },
        { ingame_name: 'C', join_date: '2024-01-01', is_banned: true, ban_reason: 'x' },
      ])
      .returning()
    const [a, b, c] = list.map((m) => m.id) as [number, number, number]
    const bulk = (body: Record<string, unknown>) =>
      api<{ changed?: number; error?: string }>(admin.client, 'POST', '/api/admin/roster/members/bulk', body)

    expect((await bulk({ member_ids: [a, b], action: 'set_rank', rank: 'NCO' })).body).toEqual({ changed: 1 })
    expect((await bulk({ member_ids: [a, b], action: 'grant_qualification', qualification_id: cls!.id })).body).toEqual(
      {
        changed: 2,
      },
    )
    expect((await bulk({ member_ids: [a], action: 'revoke_qualification', qualification_id: cls!.id })).body).toEqual({
      changed: 1,
    })
    expect(
      (
        await bulk({
          member_ids: [a, b],
          action: 'grant_award',
          award_id: star!.id,
          citation: 'Valor',
          date: '2026-02-01',
        })
      ).body,
    ).toEqual({ changed: 2 })
    expect((await bulk({ member_ids: [a, b], action: 'mark_attended', event_id: event!.id })).body).toEqual({
      changed: 2,
    })
    expect((await bulk({ member_ids: [a, b], action: 'mark_attended', event_id: event!.id })).body).toEqual({
      changed: 0,
    })
    const audit = (await db().select().from(auditLog).orderBy(auditLog.id)).map((e) => `${e.action}: ${e.details}`)
    expect(audit).toEqual([
      'Member updated: A: rank BMT -> NCO (bulk)',
      'Qualification granted: CLS: A (bulk)',
      'Qualification granted: CLS: B (bulk)',
      'Qualification revoked: CLS: A (bulk)',
      'Award granted: Star to A on 2026-02-01: Valor (bulk)',
      'Award granted: Star to B on 2026-02-01: Valor (bulk)',
      'Attendance recorded: Op Anvil: A attended (bulk)',
      'Attendance recorded: Op Anvil: B attended (bulk)',
    ])
    expect((await roster()).map((m) => [m.name, m.rank, m.attended])).toEqual([
      ['A', 'NCO', 1],
      ['B', 'NCO', 1],
      ['C', 'BMT', 0],
    ])

    // Refusals name what is wrong and change nothing.
    const before = await roster()
    const refusals: [Record<string, unknown>, string][] = [
      [{ member_ids: [a, 999_999], action: 'delete' }, 'Not on the roster: member 999999.'],
      [{ member_ids: [a, c], action: 'ban', reason: 'AWOL' }, 'Already banned: C.'],
      [{ member_ids: [a, c], action: 'unban' }, 'Not banned: A.'],
      [
        { member_ids: [a], action: 'grant_qualification', qualification_id: 999_999 },
        'That qualification does not exist.',
      ],
      [{ member_ids: [a], action: 'ban' }, 'A ban needs a reason.'],
      [{ member_ids: [], action: 'delete' }, 'Tick at least one member.'],
      [
        { member_ids: [a], action: 'fly' },
        'action must be one of set_rank, grant_qualification, revoke_qualification, grant_award, mark_attended, ban, unban, delete.',
      ],
      [{ member_ids: [a], action: 'unban', reason: 'x' }, 'Unknown field for unban: reason.'],
    ]
    for (const [body, error] of refusals) {
      const response = await bulk(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error).toBe(error)
    }
    expect(await roster()).toEqual(before)

    expect((await bulk({ member_ids: [a, b], action: 'ban', reason: 'AWOL' })).body).toEqual({ changed: 2 })
    expect((await bulk({ member_ids: [a, b, c], action: 'unban' })).body).toEqual({ changed: 3 })
    expect((await bulk({ member_ids: [a, b], action: 'delete' })).body).toEqual({ changed: 2 })
    expect((await roster()).map((m) => m.name)).toEqual(['C'])
  })

  it('every admin list downloads as formula-safe CSV; the audit log by date range', async () => {
    await db().insert(members).values({ ingame_name: '@risky', join_date: '2024-01-01' })
    await db()
      .insert(events)
      .values({ name: '=HYPERLINK("x")', date: new Date('2026-03-01T20:00:00Z') })
    for (const list of ['events', 'trainings', 'qualifications', 'awards', 'leave', 'applications', 'audit-log']) {
      const response = await admin.client.fetch(`/api/admin/export/${list}.csv`)
      expect(response.status, list).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      )
      const text = await response.text()
      expect(text.split('\r\n')[0]!.length, list).toBeGreaterThan(0)
      if (list === 'events') expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    }
    expect((await admin.client.fetch('/api/admin/export/members.csv')).status).toBe(404)
    expect((await admin.client.fetch('/api/admin/export/events')).status).toBe(404)
    const bad = await api<{ error: string }>(admin.client, 'GET', '/api/admin/export/audit-log.csv?from=2026-02-30')
    expect(bad).toEqual({ status: 400, body: { error: 'from must be a date (YYYY-MM-DD).' } })
    const reversed = await api<{ error: string }>(
      admin.client,
      'GET',
      '/api/admin/export/audit-log.csv?from=2026-03-02&to=2026-03-01',
    )
    expect(reversed.body.error).toBe('from must be on or before to.')
    await db()
      .insert(auditLog)
      .values([
        { actor: 'System', action: 'Old', details: '', timestamp: new Date('2020-01-01T12:00:00Z') },
        { actor: 'System', action: 'New', details: '', timestamp: new Date('2026-03-01T12:00:00Z') },
      ])
    const ranged = await (
      await admin.client.fetch('/api/admin/export/audit-log.csv?from=2026-01-01&to=2026-12-31')
    ).text()
    expect(ranged).toContain(',New,')
    expect(ranged).not.toContain(',Old,')
  })

  it("a member downloads everything the app holds about them as JSON, and nobody else's", async () => {
    await db()
      .insert(members)
      .values({ ingame_name: 'Reyes', join_date: '2024-01-01', discord_id: reyes.discordId, rank: 'NCO' })
    const response = await reyes.client.fetch('/api/account/export')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d+\.json"$/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const data = (await response.json()) as Record<string, unknown>
    expect(data).toMatchObject({
      account: { discord_id: reyes.discordId, username: 'reyes' },
      member: { ingame_name: 'Reyes', rank: 'NCO' },
      qualifications: [],
      applications: [],
    })
    expect(JSON.stringify(data)).not.toMatch(/token_hash|p256dh|"auth"/)
  })
})
