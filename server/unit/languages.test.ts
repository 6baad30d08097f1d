// Languages over real HTTP (docs/rules/languages.md): GET/PUT /api/account/preferences, GET /api/languages, PUT
// /api/admin/settings/language (audit-logged); pages answer in the person's choice, else the browser's Accept-Language,
// else the unit's language, with Content-Language, <html lang> and Vary: Accept-Language when the header could decide.
// Bad input is a 400 {error} and changes nothing.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVALID_LANGUAGE } from '#contracts/languages.ts'
import { auditLog, settings, users } from '#db/schema/index.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { browserLanguage } from './language.ts'

let t: TestApp
let admin: TestClient
let member: TestClient

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, member] = await Promise.all([t.login('demo_admin'), t.login('reyes')])
})
afterAll(async () => {
  await t?.close()
})

const put = (client: TestClient, path: string, body: unknown) => client.postJson(path, body, { method: 'PUT' })
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]

describe("the browser's Accept-Language", () => {
  it('picks the language the browser prefers most of those the app speaks', () => {
    expect(browserLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de')
    expect(browserLanguage('ja, pl;q=0.5, ru;q=0.9')).toBe('ru')
    expect(browserLanguage('fr-CA')).toBe('fr')
    expect(browserLanguage('ja')).toBeNull()
    expect(browserLanguage('*')).toBeNull()
    expect(browserLanguage('')).toBeNull()
    expect(browserLanguage(null)).toBeNull()
    expect(browserLanguage('qps-ploc')).toBe('qps-ploc')
  })
})

describe('GET /api/languages', () => {
  it('lists the seven languages by their own names, and the unit default, to anyone', async () => {
    const response = await t.client().get('/api/languages')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.default).toBe('en')
    expect(body.available.map((l: { code: string }) => l.code)).toEqual(['en', 'de', 'fr', 'pl', 'ru', 'cs', 'es'])
    expect(body.available[1]).toEqual({ code: 'de', name: 'Deutsch' })
  })
})

describe('/api/account/preferences', () => {
  it('needs a signed-in person', async () => {
    expect((await t.client().get('/api/account/preferences')).status).toBe(401)
    expect((await put(t.client(), '/api/account/preferences', { language: 'de' })).status).toBe(401)
  })

  it('starts with no choice, stores one, and goes back to following the browser with null', async () => {
    expect(await (await member.get('/api/account/preferences')).json()).toEqual({ language: null })
    const saved = await put(member, '/api/account/preferences', { language: 'pl' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ language: 'pl' })
    expect(await (await member.get('/api/account/preferences')).json()).toEqual({ language: 'pl' })
    // The next page speaks it, whatever the browser asks for, and does not vary by the header.
    const page = await member.get('/', { headers: { 'Accept-Language': 'fr' } })
    expect(page.headers.get('content-language')).toBe('pl')
    expect(page.headers.get('vary') ?? '').not.toMatch(/accept-language/i)
    expect(htmlLang(await page.text())).toBe('pl')
    expect(await (await put(member, '/api/account/preferences', { language: null })).json()).toEqual({ language: null })
    const after = await member.get('/', { headers: { 'Accept-Language': 'fr' } })
    expect(after.headers.get('content-language')).toBe('fr')
  })

  it('refuses what is not one of the languages with a 400 {error}, changing nothing', async () => {
    await put(member, '/api/account/preferences', { language: 'de' })
    for (const body of [{ language: 'xx' }, { language: 'DE' }, { language: 5 }, {}, { language: 'de', theme: 'x' }]) {
      const response = await put(member, '/api/account/preferences', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(typeof (await response.json()).error).toBe('string')
    }
    const bad = await put(member, '/api/account/preferences', { language: 'xx' })
    expect((await bad.json()).error).toBe(INVALID_LANGUAGE)
    const [row] = await t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.username, 'reyes'))
    expect(row!.language).toBe('de')
    await put(member, '/api/account/preferences', { language: null })
  })
})

describe('PUT /api/admin/settings/language', () => {
  it('is for admins only', async () => {
    expect((await put(t.client(), '/api/admin/settings/language', { language: 'de' })).status).toBe(401)
    expect((await put(member, '/api/admin/settings/language', { language: 'de' })).status).toBe(403)
    expect((await admin.get('/api/admin/settings/language')).status).toBe(405)
  })

  it('sets the unit language (audit-logged), which pages use when the browser asks for none of the languages', async () => {
    const bad = await put(admin, '/api/admin/settings/language', { language: 'klingon' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe(INVALID_LANGUAGE)
    expect((await put(admin, '/api/admin/settings/language', { language: null })).status).toBe(400)

    const saved = await put(admin, '/api/admin/settings/language', { language: 'cs' })
    expect(saved.status).toBe(200)
    expect((await saved.json()).language).toBe('cs')
    const [setting] = await t.database.db.select().from(settings).where(eq(settings.key, 'unit_language'))
    expect(setting!.value).toBe('cs')
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry!.details).toContain('unit_language')
    expect((await (await t.client().get('/api/languages')).json()).default).toBe('cs')

    const visitor = await t.client().get('/', { headers: { 'Accept-Language': 'ja' } })
    expect(visitor.headers.get('content-language')).toBe('cs')
    expect(visitor.headers.get('vary')).toMatch(/accept-language/i)
    const asked = await t.client().get('/', { headers: { 'Accept-Language': 'es-MX,es;q=0.9' } })
    expect(asked.headers.get('content-language')).toBe('es')
    expect(htmlLang(await asked.text())).toBe('es')

    await put(admin, '/api/admin/settings/language', { language: 'en' })
  })
})

describe('the pages', () => {
  it('render the pseudo-language for a browser that asks for it, and English by default', async () => {
    const pseudo = await (await t.client().get('/', { headers: { 'Accept-Language': 'qps-ploc' } })).text()
    expect(htmlLang(pseudo)).toBe('qps-ploc')
    expect(pseudo).toContain('Ûñíţ Ĥûƀ')
    const english = await (await t.client().get('/')).text()
    expect(htmlLang(english)).toBe('en')
    expect(english).toContain('Unit Hub')
  })

  it('the account page saves the language without JavaScript, and answers in it at once', async () => {
    const posted = await member.postForm('/account', { _form: 'language', intent: 'save-language', language: 'de' })
    expect(posted.status).toBe(302)
    const page = await member.get(posted.headers.get('location')!)
    expect(page.headers.get('content-language')).toBe('de')
    const bad = await member.postForm('/account', { _form: 'language', intent: 'save-language', language: 'xx' })
    expect(bad.status).toBe(400)
    const [row] = await t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.username, 'reyes'))
    expect(row!.language).toBe('de')
    await member.postForm('/account', { _form: 'language', intent: 'save-language', language: '' })
    const [cleared] = await t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.username, 'reyes'))
    expect(cleared!.language).toBeNull()
  })
})
