// The account page and the member's own service record in the person's language (docs/rules/languages.md), over real
// HTTP: with German chosen, /account and /account/record render their sections from the German catalog, a form's
// refusal and a new token's notice come back in German, and none of the moved sections' English headings is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import de from '#contracts/i18n/de.json' with { type: 'json' }
import en from '#contracts/i18n/en.json' with { type: 'json' }
import { LEAVE_MESSAGES } from '#contracts/leave.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { addMember } from '#tests/harness/orbat.ts'

const REYES_DISCORD_ID = '800000000000000002'

let t: TestApp
let member: TestClient

beforeAll(async () => {
  t = await startTestApp()
  member = await t.login('reyes')
  await addMember(t.database.db, REYES_DISCORD_ID, { ingameName: 'Reyes' })
  const chosen = await member.postJson('/api/account/preferences', { language: 'de' }, { method: 'PUT' })
  expect(chosen.status).toBe(200)
})
afterAll(async () => {
  if (member) await member.postJson('/api/account/preferences', { language: null }, { method: 'PUT' })
  await t?.close()
})

/** The page as the browser reads it: React's text separators and the HTML escapes of quotes gone. */
async function text(response: Response): Promise<string> {
  return (await response.text())
    .replaceAll('<!-- -->', '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
}

/** The rendered page without its loader data: what a person reads, not the catalog the page carries. */
function body(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '')
}

const moved = ['operations', 'leave', 'notifications', 'calendar', 'tokens'] as const

describe('/account in German', () => {
  it('renders every moved section from the German catalog, and none of their English headings', async () => {
    const response = await member.get('/account')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-language')).toBe('de')
    const page = body(await text(response))
    for (const section of moved) {
      expect(page, section).toContain(de.account[section].title)
      expect(page, section).not.toContain(`>${en.account[section].title}<`)
    }
    expect(page).toContain(de.account.leave.ask)
    expect(page).toContain(de.notifications.kinds.promotions_awards)
    expect(page).not.toContain(en.notifications.kinds.promotions_awards)
    expect(page).toContain(de.account.calendar.create)
    expect(page).toContain(de.account.tokens.none)
    expect(page).toContain(de.account.operations.empty)
    expect(page).toContain('Höchstens 90 Tage; der erste Tag darf bis zu 7 Tage zurückliegen.')
    for (const english of [en.account.leave.ask, en.account.calendar.create, en.account.tokens.none])
      expect(page).not.toContain(english)
  })

  it('answers a form refusal and a new token in German; the /api keeps its English', async () => {
    const bad = await member.postForm('/account', {
      intent: 'request-leave',
      _form: 'leave',
      start_date: '2031-03-03',
      end_date: '2031-03-01',
      reason: 'Away.',
    })
    expect(bad.status).toBe(400)
    const refused = body(await text(bad))
    expect(refused).toContain(de.account.leave.errors.endBeforeStart)
    expect(refused).not.toContain(LEAVE_MESSAGES.endBeforeStart)

    const made = await member.postForm('/account', {
      intent: 'create-token',
      _form: 'token',
      name: 'Stats',
      access: 'read',
    })
    expect(made.status).toBe(200)
    expect(body(await text(made))).toContain(de.account.tokens.created)

    const api = await member.postJson('/api/loa', { start_date: '2031-03-03', end_date: '2031-03-01', reason: 'Away.' })
    expect(api.status).toBe(400)
    expect(JSON.stringify(await api.json())).toContain(LEAVE_MESSAGES.endBeforeStart)
  })
})

describe('/account/record in German', () => {
  it('renders the record page from the German catalog', async () => {
    const response = await member.get('/account/record')
    expect(response.status).toBe(200)
    const html = await text(response)
    expect(html).toContain(`<title>${de.record.pageTitle}</title>`)
    const page = body(html)
    expect(page).toContain(de.record.title)
    expect(page).toContain(de.record.back)
    expect(page).toContain(de.record.timeline)
    expect(page).toContain(de.record.kinds.joined)
    for (const english of [en.record.title, en.record.publicProfile, `>${en.record.timeline}<`])
      expect(page).not.toContain(english)
  })
})
