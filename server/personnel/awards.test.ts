// Awards over real HTTP on real PostgreSQL (docs/rules/personnel.md, Awards): who may call what (anonymous, a member,
// another member, the admin), the bad input each call refuses (400 naming the field, 409 for a taken name) without
// changing anything, grants counted per award in the roster and the member sheet in precedence order, the
// announcement in the promotion channel, revoking, deleting an award that was granted (the grants keep its name), a
// member's deletion taking their grants, the audit entries, and the Awards tab's and member sheet's page forms
// (an uploaded image checked by its bytes) without JavaScript.
import fs from 'node:fs'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AwardItem } from '#contracts/awards.ts'
import type { AdminMember, PublicMember, RosterMember, RosterPage } from '#contracts/roster-types.ts'
import { awardGrants, awards } from '#db/schema/personnel.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS } from '#db/seed/demo-guild.ts'
import { DEMO_AWARD_IMAGE_FILES, seededImageUrl } from '#db/seed/awards.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addMember,
  auditEntries,
  demoUser,
  getJson,
  loginDemos,
  resetOrbat,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { storeDemoAwardImages } from './seed-images.ts'

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
  // resetOrbat empties members (their grants go with them), settings, the audit log and the stand-in's messages.
  await resetOrbat(t)
  await db().execute(sql`truncate ${awards} restart identity cascade`)
})

const db = () => t.database.db
const PROMO_CHANNEL = DEMO_CHANNELS.announcements.id

const PNG = fs.readFileSync(DEMO_AWARD_IMAGE_FILES[0]!)

async function createAward(fields: Record<string, unknown> = {}): Promise<AwardItem> {
  const response = await api<{ award: AwardItem }>(admin.client, 'POST', '/api/awards', {
    name: 'Purple Heart',
    description: 'Wounded in action.',
    precedence: 20,
    ...fields,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.award
}

async function grant(memberId: number, fields: Record<string, unknown>) {
  return api<{ id: number; error?: string; fields?: Record<string, string[]> }>(
    admin.client,
    'POST',
    `/api/roster/members/${memberId}/awards`,
    { citation: '', date: '2026-03-01', announce: false, ...fields },
  )
}

/** The database's awards and grants, and the audit log's length: equal before and after a refused call. */
async function state() {
  return JSON.stringify([
    await db().select().from(awards).orderBy(asc(awards.id)),
    await db().select().from(awardGrants).orderBy(asc(awardGrants.id)),
    (await auditEntries(db())).length,
  ])
}

async function rosterAwardsOf(client: TestClient, name: string) {
  const page = await getJson<RosterPage<RosterMember>>(client, '/api/roster?limit=100')
  return page.body.members.find((m) => m.ingame_name === name)?.awards
}

describe('who may call what', () => {
  it('anyone reads the awards; only an admin changes them, for any member; others change nothing', async () => {
    const award = await createAward()
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    const other = await addMember(db(), demoUser('novak').id, { ingameName: 'Novak' })
    const own = await grant(hawk.id, { award_id: award.id })
    expect(own.status).toBe(201)
    const before = await state()
    const body = { award_id: award.id, citation: 'Self-awarded.', date: '2026-03-02', announce: true }
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/awards', { name: 'Sneaky', precedence: 1 }],
      ['PUT', `/api/awards/${award.id}`, { name: 'Sneaky', precedence: 1 }],
      ['DELETE', `/api/awards/${award.id}`],
      // A member granting to themselves (Reyes) and to another member (Novak), and revoking either.
      ['POST', `/api/roster/members/${hawk.id}/awards`, body],
      ['POST', `/api/roster/members/${other.id}/awards`, body],
      ['DELETE', `/api/roster/members/${hawk.id}/awards/${own.body.id}`],
    ]
    for (const [method, path, payload] of calls) {
      await expectAdminOnly(t, reyes.client, method, path, payload)
      expect((await api(novak.client, method, path, payload)).status, `${method} ${path} as another member`).toBe(403)
    }
    expect(await state()).toBe(before)
    expect(t.discord.state.messages).toEqual([])

    for (const client of [t.client(), reyes.client]) {
      const list = await getJson<{ awards: AwardItem[] }>(client, '/api/awards')
      expect(list.status).toBe(200)
      expect(list.body).toEqual({
        awards: [
          {
            id: award.id,
            name: 'Purple Heart',
            description: 'Wounded in action.',
            image_url: null,
            precedence: 20,
            grant_count: 1,
          },
        ],
      })
    }
    // The page forms are the admin's too.
    const form = { intent: 'save-award', name: 'Sneaky', precedence: '1' }
    expect((await t.client().postForm('/admin/roster/awards', form)).status).toBe(401)
    expect((await reyes.client.postForm('/admin/roster/awards', form)).status).toBe(403)
    const grantForm = {
      intent: 'grant-award',
      member_id: String(hawk.id),
      award_id: String(award.id),
      date: '2026-03-01',
    }
    expect((await novak.client.postForm('/admin/roster/members', grantForm)).status).toBe(403)
    expect(await state()).toBe(before)
  })
})

describe('defining awards', () => {
  it('creates, lists in precedence order, edits and audits; the image is an upload here or an http(s) address', async () => {
    const heart = await createAward()
    expect(heart).toEqual({
      id: heart.id,
      name: 'Purple Heart',
      description: 'Wounded in action.',
      image_url: null,
      precedence: 20,
      grant_count: 0,
    })
    const valor = await createAward({
      name: '  Medal of Valor ',
      precedence: '10',
      image_url: 'https://example.com/valor.png',
      description: null,
    })
    expect(valor).toMatchObject({ name: 'Medal of Valor', precedence: 10, description: '' })
    const uploaded = '/api/tests/images/' + 'a'.repeat(64) + '.png'
    await createAward({ name: 'Good Conduct', precedence: 20, image_url: uploaded })
    const list = await getJson<{ awards: AwardItem[] }>(t.client(), '/api/awards')
    expect(list.body.awards.map((a) => [a.name, a.precedence, a.image_url])).toEqual([
      ['Medal of Valor', 10, 'https://example.com/valor.png'],
      ['Good Conduct', 20, uploaded],
      ['Purple Heart', 20, null],
    ])

    const edited = await api<{ award: AwardItem }>(admin.client, 'PUT', `/api/awards/${heart.id}`, {
      name: 'Wound Medal',
      description: '',
      precedence: 5,
      image_url: '',
    })
    expect(edited.status).toBe(200)
    expect(edited.body.award).toMatchObject({ id: heart.id, name: 'Wound Medal', precedence: 5, image_url: null })
    // Renaming to its own name in another case is no conflict.
    expect((await api(admin.client, 'PUT', `/api/awards/${heart.id}`, { name: 'WOUND MEDAL' })).status).toBe(200)
    expect((await auditEntries(db())).map((e) => [e.action, e.actor])).toEqual([
      ['Award added', 'Cpt. Miller'],
      ['Award added', 'Cpt. Miller'],
      ['Award added', 'Cpt. Miller'],
      ['Award updated', 'Cpt. Miller'],
      ['Award updated', 'Cpt. Miller'],
    ])
    expect((await api(admin.client, 'PUT', '/api/awards/999999', { name: 'X' })).status).toBe(404)
    expect((await api(admin.client, 'DELETE', '/api/awards/999999')).status).toBe(404)
  })

  it('refuses bad input with 400 naming the field, a taken name with 409, and changes nothing', async () => {
    const heart = await createAward()
    await createAward({ name: 'Medal of Valor', precedence: 10 })
    const before = await state()
    const cases: Array<[string, string, Record<string, unknown>, number, string]> = [
      ['POST', '/api/awards', { name: '   ', precedence: 1 }, 400, 'name'],
      ['POST', '/api/awards', { precedence: 1 }, 400, 'name'],
      ['POST', '/api/awards', { name: 'x'.repeat(101) }, 400, 'name'],
      ['POST', '/api/awards', { name: 'Bad\u0000' }, 400, 'name'],
      ['POST', '/api/awards', { name: 'Purple Heart' }, 409, 'name'],
      ['POST', '/api/awards', { name: 'purple heart' }, 409, 'name'],
      ['PUT', `/api/awards/${heart.id}`, { name: 'Medal of Valor' }, 409, 'name'],
      ['POST', '/api/awards', { name: 'X', description: 'd'.repeat(1001) }, 400, 'description'],
      ['POST', '/api/awards', { name: 'X', precedence: -1 }, 400, 'precedence'],
      ['POST', '/api/awards', { name: 'X', precedence: 1.5 }, 400, 'precedence'],
      ['POST', '/api/awards', { name: 'X', precedence: '0x10' }, 400, 'precedence'],
      ['POST', '/api/awards', { name: 'X', precedence: 10000 }, 400, 'precedence'],
      // Paths of the app are no images (an <img> of /auth/logout would run with the viewer's cookies).
      ['POST', '/api/awards', { name: 'X', image_url: '/auth/logout' }, 400, 'image_url'],
      ['POST', '/api/awards', { name: 'X', image_url: 'javascript:alert(1)' }, 400, 'image_url'],
      ['POST', '/api/awards', { name: 'X', image_url: 'data:image/png;base64,AAAA' }, 400, 'image_url'],
      ['POST', '/api/awards', { name: 'X', image_url: '/api/tests/images/../../x.png' }, 400, 'image_url'],
      // Only a name the upload gives (its bytes' hash): not a way up and out of the folder.
      ['POST', '/api/awards', { name: 'X', image_url: '/api/tests/images/..' }, 400, 'image_url'],
      ['POST', '/api/awards', { name: 'X', image_url: `https://e.com/${'a'.repeat(2000)}` }, 400, 'image_url'],
    ]
    for (const [method, path, body, status, field] of cases) {
      const answer = await api<{ error: string; fields: Record<string, string[]> }>(admin.client, method, path, body)
      expect(answer.status, `${JSON.stringify(body)}`).toBe(status)
      expect(answer.body.error).toEqual(expect.any(String))
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toEqual([field])
    }
    expect((await api(admin.client, 'POST', '/api/awards', { name: '   ' })).body).toEqual({
      error: 'Award name is required.',
      fields: { name: ['Award name is required.'] },
    })
    expect((await api(admin.client, 'POST', '/api/awards', { name: 'purple HEART' })).body).toEqual({
      error: 'An award named "Purple Heart" already exists.',
      fields: { name: ['An award named "Purple Heart" already exists.'] },
    })
    expect((await api(admin.client, 'POST', '/api/awards', '{')).status).toBe(400)
    expect(await state()).toBe(before)
  })
})

describe('granting and revoking', () => {
  it('grants with a citation and a date; a member may hold an award several times, counted in precedence order', async () => {
    const heart = await createAward({ name: 'Purple Heart', precedence: 20 })
    const valor = await createAward({ name: 'Medal of Valor', precedence: 10, image_url: 'https://example.com/v.png' })
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    const first = await grant(hawk.id, {
      award_id: heart.id,
      citation: '  Wounded at the bridge. ',
      date: '2026-02-01',
    })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ id: expect.any(Number) })
    expect((await grant(hawk.id, { award_id: heart.id, date: '2026-03-01' })).status).toBe(201)
    expect((await grant(hawk.id, { award_id: String(valor.id), date: '2026-01-15' })).status).toBe(201)

    const [stored] = await db().select().from(awardGrants).where(eq(awardGrants.id, first.body.id))
    expect(stored).toMatchObject({
      member_id: hawk.id,
      award_id: heart.id,
      award_name: 'Purple Heart',
      citation: 'Wounded at the bridge.',
      date: '2026-02-01',
      announced: false,
    })
    const expected = [
      { award_id: valor.id, name: 'Medal of Valor', count: 1 },
      { award_id: heart.id, name: 'Purple Heart', count: 2 },
    ]
    // GET /api/roster: for anyone, and for the admin's list.
    expect(await rosterAwardsOf(t.client(), 'Reyes')).toEqual(expected)
    expect(await rosterAwardsOf(admin.client, 'Reyes')).toEqual(expected)
    // The member sheet's rack carries the images; the admin's view every grant, newest first.
    const sheet = await getJson<PublicMember>(t.client(), `/api/roster/member/${hawk.id}`)
    expect(sheet.body.awards).toEqual([
      { ...expected[0], image_url: 'https://example.com/v.png' },
      { ...expected[1], image_url: null },
    ])
    const full = await getJson<AdminMember>(admin.client, `/api/roster/admin/member/${hawk.id}`)
    expect(full.body.award_grants.map((g) => [g.name, g.date, g.citation])).toEqual([
      ['Purple Heart', '2026-03-01', ''],
      ['Purple Heart', '2026-02-01', 'Wounded at the bridge.'],
      ['Medal of Valor', '2026-01-15', ''],
    ])
    expect((await auditEntries(db(), 'Award granted')).map((e) => e.details)).toEqual([
      'Purple Heart to Reyes on 2026-02-01: Wounded at the bridge.',
      'Purple Heart to Reyes on 2026-03-01',
      'Medal of Valor to Reyes on 2026-01-15',
    ])
    // The award list counts the grants.
    const list = await getJson<{ awards: AwardItem[] }>(t.client(), '/api/awards')
    expect(list.body.awards.map((a) => [a.name, a.grant_count])).toEqual([
      ['Medal of Valor', 1],
      ['Purple Heart', 2],
    ])

    // Revoke one: the count drops; another member's grant id is not found under this member.
    const other = await addMember(db(), demoUser('novak').id, { ingameName: 'Novak' })
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${other.id}/awards/${first.body.id}`)).status).toBe(
      404,
    )
    const revoked = await api(admin.client, 'DELETE', `/api/roster/members/${hawk.id}/awards/${first.body.id}`)
    expect(revoked).toEqual({ status: 200, body: { message: 'Award revoked.' } })
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${hawk.id}/awards/${first.body.id}`)).status).toBe(
      404,
    )
    expect(await rosterAwardsOf(t.client(), 'Reyes')).toEqual([expected[0], { ...expected[1], count: 1 }])
    expect((await auditEntries(db(), 'Award revoked')).map((e) => e.details)).toEqual([
      'Purple Heart (2026-02-01) from Reyes',
    ])
  })

  it('refuses an unknown award (naming award_id), a bad date or citation, an unknown member; nothing changes', async () => {
    const heart = await createAward()
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    const before = await state()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ award_id: 999999 }, 'award_id'],
      [{ award_id: 0 }, 'award_id'],
      [{ award_id: '0x1' }, 'award_id'],
      [{ award_id: null }, 'award_id'],
      [{ award_id: heart.id, date: '12345-01-01' }, 'date'],
      [{ award_id: heart.id, date: '12345' }, 'date'],
      [{ award_id: heart.id, date: '2026-02-30' }, 'date'],
      [{ award_id: heart.id, date: '' }, 'date'],
      [{ award_id: heart.id, citation: 'c'.repeat(501) }, 'citation'],
      [{ award_id: heart.id, citation: 'NUL \u0000' }, 'citation'],
      [{ award_id: heart.id, announce: 'maybe' }, 'announce'],
    ]
    for (const [fields, field] of cases) {
      const answer = await grant(hawk.id, fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(fields)).toEqual([field])
    }
    expect((await grant(hawk.id, { award_id: 999999 })).body).toEqual({
      error: 'That award does not exist. Please choose one from the list.',
      fields: { award_id: ['That award does not exist. Please choose one from the list.'] },
    })
    expect((await grant(hawk.id, { award_id: heart.id, date: '12345-01-01' })).body).toMatchObject({
      error: 'Please enter a valid date (YYYY-MM-DD).',
    })
    expect((await grant(999999, { award_id: heart.id })).status).toBe(404)
    expect((await grant(hawk.id, { award_id: heart.id, citation: 'c'.repeat(500) })).status).toBe(201)
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${hawk.id}/awards/abc`)).status).toBe(404)
    const after = JSON.parse(await state()) as unknown[]
    expect(JSON.stringify(after[0])).toBe(JSON.stringify((JSON.parse(before) as unknown[])[0]))
  })

  it('announces in the promotion channel when asked and one is set; a Discord failure keeps the grant', async () => {
    const valor = await createAward({ name: 'Medal of Valor', precedence: 10 })
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    // Asked, but no channel: granted, nothing posted, not marked announced.
    const quiet = await grant(hawk.id, { award_id: valor.id, announce: true })
    expect(quiet.status).toBe(201)
    expect(t.discord.state.messages).toEqual([])

    await db().insert(settings).values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    expect((await grant(hawk.id, { award_id: valor.id, announce: false })).status).toBe(201)
    expect(t.discord.state.messages).toEqual([])
    const loud = await grant(hawk.id, {
      award_id: valor.id,
      announce: 'on',
      citation: 'Held the bridge. @everyone <@&123>',
    })
    expect(loud.status).toBe(201)
    await expect.poll(() => t.discord.state.messagesIn(PROMO_CHANNEL).length).toBe(1)
    const [message] = t.discord.state.messagesIn(PROMO_CHANNEL)
    expect(message!.content).toBe(
      '🎖️ **Reyes** has been awarded the **Medal of Valor**.\n> Held the bridge. @everyone <@&123>',
    )
    // A citation pings nobody.
    expect(message!.allowedMentions).toEqual({ parse: [] })
    expect(
      (await db().select({ announced: awardGrants.announced }).from(awardGrants).orderBy(asc(awardGrants.id))).map(
        (r) => r.announced,
      ),
    ).toEqual([false, false, true])

    // Discord refuses: the grant stands, the failure is a System entry.
    t.discord.state.failNext({ status: 500, count: 10, path: '/channels' })
    const failed = await grant(hawk.id, { award_id: valor.id, announce: true })
    expect(failed.status).toBe(201)
    expect(await db().select().from(awardGrants).where(eq(awardGrants.id, failed.body.id))).toHaveLength(1)
    await expect
      .poll(async () => (await auditEntries(db(), 'Discord call failed')).length, { timeout: 10_000 })
      .toBeGreaterThan(0)
  })
})

describe('deleting', () => {
  it("an award that was granted: its grants stay in the members' records under its name, last in the rack", async () => {
    const valor = await createAward({ name: 'Medal of Valor', precedence: 10 })
    const heart = await createAward({ name: 'Purple Heart', precedence: 20 })
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    await grant(hawk.id, { award_id: valor.id })
    await grant(hawk.id, { award_id: valor.id, date: '2026-03-05' })
    await grant(hawk.id, { award_id: heart.id })
    const removed = await api(admin.client, 'DELETE', `/api/awards/${valor.id}`)
    expect(removed).toEqual({ status: 200, body: { message: 'Award deleted.' } })
    expect(
      (await db().select().from(awardGrants).orderBy(asc(awardGrants.id))).map((g) => [g.award_id, g.award_name]),
    ).toEqual([
      [null, 'Medal of Valor'],
      [null, 'Medal of Valor'],
      [heart.id, 'Purple Heart'],
    ])
    expect(await rosterAwardsOf(t.client(), 'Reyes')).toEqual([
      { award_id: heart.id, name: 'Purple Heart', count: 1 },
      { award_id: null, name: 'Medal of Valor', count: 2 },
    ])
    expect((await auditEntries(db(), 'Award deleted')).map((e) => e.details)).toEqual([
      "Medal of Valor (2 grants kept in members' records)",
    ])
    // A kept grant can still be revoked.
    const [kept] = await db().select().from(awardGrants).orderBy(asc(awardGrants.id)).limit(1)
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${hawk.id}/awards/${kept!.id}`)).status).toBe(200)
  })

  it('a member: their grants go with them', async () => {
    const heart = await createAward()
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    await grant(hawk.id, { award_id: heart.id })
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${hawk.id}`)).status).toBe(200)
    expect(await db().select().from(awardGrants)).toEqual([])
    expect((await getJson<{ awards: AwardItem[] }>(t.client(), '/api/awards')).body.awards[0]!.grant_count).toBe(0)
  })
})

describe('the page forms (no JavaScript)', () => {
  const imageForm = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append(
      'image',
      file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([]),
      file?.name ?? '',
    )
    return form
  }

  it('Add Award uploads its image (checked by its bytes) and the image is served; a non-image is refused inline', async () => {
    const saved = await admin.client.fetch('/admin/roster/awards', {
      method: 'POST',
      body: imageForm(
        { intent: 'save-award', _form: 'add-award', name: 'Medal of Valor', precedence: '10', image_url: '' },
        { bytes: PNG, name: 'valor.png', type: 'image/png' },
      ),
    })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/roster/awards')
    const [award] = await db().select().from(awards)
    expect(award!.image_url).toMatch(/^\/api\/tests\/images\/[0-9a-f]{64}\.png$/)
    const image = await t.client().fetch(award!.image_url!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)

    // An SVG named .png: refused on the image field, nothing stored.
    const before = await state()
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const refused = await admin.client.fetch('/admin/roster/awards?dialog=add-award', {
      method: 'POST',
      body: imageForm(
        { intent: 'save-award', _form: 'add-award', name: 'Sneaky', precedence: '1' },
        { bytes: svg, name: 'x.png', type: 'image/png' },
      ),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Only PNG, GIF, JPEG, BMP and ICO images can be uploaded.')
    // A taken name: inline on the name, 409.
    const taken = await admin.client.fetch('/admin/roster/awards?dialog=add-award', {
      method: 'POST',
      body: imageForm({ intent: 'save-award', _form: 'add-award', name: 'medal of valor', precedence: '1' }),
    })
    expect(taken.status).toBe(409)
    expect(await taken.text()).toContain('An award named &quot;Medal of Valor&quot; already exists.')
    expect(await state()).toBe(before)

    // Edit keeps the image unless the address is cleared.
    const edited = await admin.client.fetch('/admin/roster/awards', {
      method: 'POST',
      body: imageForm({
        intent: 'save-award',
        id: String(award!.id),
        name: 'Medal of Valor',
        precedence: '5',
        image_url: award!.image_url!,
      }),
    })
    expect(edited.status).toBe(302)
    expect((await db().select().from(awards))[0]).toMatchObject({ precedence: 5, image_url: award!.image_url })
  })

  it('delete asks first, then deletes; Grant Award and Revoke return to the member sheet', async () => {
    const heart = await createAward()
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    const ask = await admin.client.postForm('/admin/roster/awards', { intent: 'delete-award', id: String(heart.id) })
    expect(ask.status).toBe(302)
    expect(ask.headers.get('location')).toBe(`/admin/roster/awards?confirm=delete-award-${heart.id}`)
    expect(await db().select().from(awards)).toHaveLength(1)

    const granted = await admin.client.postForm('/admin/roster/members?edit=' + hawk.id, {
      intent: 'grant-award',
      _form: `grant-award-${hawk.id}`,
      member_id: String(hawk.id),
      award_id: String(heart.id),
      date: '2026-04-01',
      citation: 'Wounded at the ford.',
      announce: 'on',
    })
    expect(granted.status).toBe(302)
    expect(granted.headers.get('location')).toBe(`/admin/roster/members?edit=${hawk.id}`)
    const sheet = await admin.client.get(`/admin/roster/members?edit=${hawk.id}`)
    const html = await sheet.text()
    expect(html).toContain('Wounded at the ford.')
    expect(html).toContain('aria-label="Awards of Reyes"')
    const refused = await admin.client.postForm('/admin/roster/members', {
      intent: 'grant-award',
      _form: `grant-award-${hawk.id}`,
      member_id: String(hawk.id),
      award_id: '999999',
      date: '12345-01-01',
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Please enter a valid date (YYYY-MM-DD).')

    const [row] = await db().select().from(awardGrants)
    const revokeAsk = await admin.client.postForm('/admin/roster/members', {
      intent: 'revoke-award',
      id: String(row!.id),
      member_id: String(hawk.id),
    })
    expect(revokeAsk.headers.get('location')).toBe(`/admin/roster/members?confirm=revoke-award-${row!.id}`)
    const step = await (await admin.client.get(revokeAsk.headers.get('location')!)).text()
    expect(step).toContain('Revoke Purple Heart from Reyes? It leaves their record.')
    const revoked = await admin.client.postForm('/admin/roster/members', {
      intent: 'revoke-award',
      id: String(row!.id),
      member_id: String(hawk.id),
      confirmed: 'yes',
    })
    expect(revoked.headers.get('location')).toBe(`/admin/roster/members?edit=${hawk.id}`)
    expect(await db().select().from(awardGrants)).toEqual([])

    const deleted = await admin.client.postForm('/admin/roster/awards', {
      intent: 'delete-award',
      id: String(heart.id),
      confirmed: 'yes',
    })
    expect(deleted.status).toBe(302)
    expect(await db().select().from(awards)).toEqual([])
  })

  it('the public roster shows each row its rack, images included', async () => {
    const valor = await createAward({ name: 'Medal of Valor', precedence: 10, image_url: 'https://example.com/v.png' })
    const heart = await createAward({ name: 'Purple Heart', precedence: 20 })
    const hawk = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    await grant(hawk.id, { award_id: valor.id })
    await grant(hawk.id, { award_id: heart.id })
    await grant(hawk.id, { award_id: heart.id })
    const html = await (await t.client().get('/roster')).text()
    expect(html).toContain('aria-label="Awards of Reyes"')
    expect(html).toContain('src="https://example.com/v.png"')
    expect(html).toContain('alt="Medal of Valor"')
    expect(html).toContain('aria-label="Purple Heart, 2 times"')
  })
})

describe('the demo images', () => {
  it('are stored where the seeded awards point', async () => {
    const urls = await storeDemoAwardImages(t.app.services)
    expect(urls).toEqual(DEMO_AWARD_IMAGE_FILES.map(seededImageUrl))
    for (const url of urls) expect((await t.client().get(url)).status).toBe(200)
  })
})
