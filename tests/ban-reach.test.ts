// A ban reaches everything the member holds: admin rights on every open session end at once (not at the next login),
// and their personal calendar feed stops answering, as their API tokens do (docs/security.md).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { startTestApp, type TestApp } from './harness/app.ts'

let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(t.database.db)
})
afterAll(async () => {
  await t?.close()
})

const discordIdOf = (username: string) => DEMO_USERS.find((u) => u.username === username)!.id

async function setBanned(username: string, banned: boolean) {
  await t.database.db.execute(
    sql`update members set is_banned = ${banned}, ban_reason = ${banned ? 'Test ban' : null} where discord_id = ${discordIdOf(username)}`,
  )
}

describe('a ban', () => {
  it('ends admin rights on a session that is already open, within a second, and an unban gives them back', async () => {
    const admin = await t.login('demo_admin')
    expect((await admin.get('/api/admin/settings')).status).toBe(200)
    await setBanned('demo_admin', true)
    await expect.poll(async () => (await admin.get('/api/admin/settings')).status, { timeout: 1000 }).toBe(403)
    expect((await admin.get('/admin')).status).toBe(403)
    await setBanned('demo_admin', false)
    await expect.poll(async () => (await admin.get('/api/admin/settings')).status, { timeout: 1000 }).toBe(200)
  })

  it('takes the member’s personal calendar feed away while it lasts', async () => {
    const member = await t.login('novak')
    const made = await member.postForm('/account', { intent: 'calendar-feed', _form: 'calendar' })
    expect(made.status).toBe(200)
    // The URL is shown once, in this answer (only its hash is stored).
    const path = /\/calendar\/personal\/[A-Za-z0-9_-]{43}\.ics/.exec(await made.text())![0]
    expect((await t.client().get(path)).status).toBe(200)
    await setBanned('novak', true)
    expect((await t.client().get(path)).status).toBe(404)
    await setBanned('novak', false)
    expect((await t.client().get(path)).status).toBe(200)
  })
})
