// The Admin Settings pages' actions over real HTTP on real PostgreSQL: the admin gate on every action, post-redirect-get
// with a flash toast, 400 with inline errors, the confirm step of destructive posts, and the side panel's data answers
// (no redirect) through React Router's single-fetch endpoint (the `.data` URL a fetcher posts to).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eligibleRoles, platoons } from '#db/schema/orbat.ts'
import { settings } from '#db/schema/settings.ts'
import { nextLockInstant } from '#server/lib/time-lock.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { auditEntries, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'

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

async function signupTime() {
  const [row] = await db().select().from(settings).where(eq(settings.key, 'signup_time'))
  return row?.value ?? ''
}

describe('admin gate', () => {
  it('refuses anonymous (401) and non-admin (403) posts and changes nothing', async () => {
    const fields = { intent: 'create-platoon', name: 'Sneaky', discord_role_id: '1' }
    expect((await t.client().postForm('/admin/settings/platoons', fields)).status).toBe(401)
    expect((await reyes.client.postForm('/admin/settings/platoons', fields)).status).toBe(403)
    expect((await reyes.client.postForm('/admin/settings/platoons.data', { ...fields, _panel: '1' })).status).toBe(403)
    expect((await reyes.client.get('/admin/settings/roles')).status).toBe(403)
    expect(await db().select().from(platoons)).toEqual([])
  })
})

describe('page posts (no JavaScript)', () => {
  it('answer a redirect with a flash toast, audit-logged', async () => {
    const response = await admin.client.postForm('/admin/settings/platoons', {
      intent: 'create-platoon',
      name: ' 1st ',
      discord_role_id: '42',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/admin/settings/platoons')
    expect(response.headers.getSetCookie().some((c) => c.startsWith('toast='))).toBe(true)
    expect(await db().select({ name: platoons.name }).from(platoons)).toEqual([{ name: '1st' }])
    expect((await auditEntries(db())).map((e) => e.action)).toContain('Platoon created')
  })

  it('answer 400 with the errors inline', async () => {
    const response = await admin.client.postForm('/admin/settings/platoons', {
      intent: 'create-platoon',
      _form: 'platoon',
      name: '',
      discord_role_id: 'x',
    })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Platoon name is required.')
    expect(html).toContain('The Discord role ID must contain digits only.')
  })

  it('ask on the confirm step before deleting', async () => {
    const [platoon] = await db().insert(platoons).values({ name: 'Doomed', discord_role_id: '7' }).returning()
    const ask = await admin.client.postForm('/admin/settings/platoons', {
      intent: 'delete-platoon',
      id: String(platoon!.id),
    })
    expect(ask.status).toBe(302)
    expect(ask.headers.get('location')).toBe(`/admin/settings/platoons?confirm=delete-platoon-${platoon!.id}`)
    expect(await db().select().from(platoons)).toHaveLength(1)
    const page = await admin.client.get(ask.headers.get('location')!)
    expect(await page.text()).toContain(
      'Are you sure you want to delete the platoon &quot;Doomed&quot;? Its squads become unassigned.',
    )

    const done = await admin.client.postForm('/admin/settings/platoons', {
      intent: 'delete-platoon',
      id: String(platoon!.id),
      confirmed: 'yes',
    })
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/admin/settings/platoons')
    expect(await db().select().from(platoons)).toEqual([])
  })

  it("set the time lock from a month, day and time in the admin's zone, and clear it", async () => {
    const set = await admin.client.postForm('/admin/settings/general', {
      intent: 'set-lock',
      month: '7',
      day: '4',
      time: '930',
      tz: 'America/New_York',
    })
    expect(set.status).toBe(302)
    expect(await signupTime()).toBe(
      nextLockInstant({ month: 7, day: 4, hour: 9, minute: 30 }, 'America/New_York')!.toISOString(),
    )

    const badZone = await admin.client.postForm('/admin/settings/general', {
      intent: 'set-lock',
      month: '7',
      day: '4',
      time: '09:30',
      tz: 'Mars/Base',
    })
    expect(badZone.status).toBe(400)
    expect(await badZone.text()).toContain('Please select a valid month, day, and time.')

    const clear = await admin.client.postForm('/admin/settings/general', { intent: 'clear-lock', confirmed: 'yes' })
    expect(clear.status).toBe(302)
    expect(await signupTime()).toBe('')
  })
})

describe('side panel posts (_panel=1)', () => {
  it('answer data, never a redirect, with the toast', async () => {
    const response = await admin.client.postForm('/admin/settings/platoons.data', {
      intent: 'create-platoon',
      _form: 'platoon',
      _panel: '1',
      name: 'Panel Platoon',
      discord_role_id: '5',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('location')).toBeNull()
    const body = await response.text()
    expect(body).toContain('Platoon created!')
    expect(body).not.toContain('redirect')
    expect(await db().select({ name: platoons.name }).from(platoons)).toEqual([{ name: 'Panel Platoon' }])
  })

  it('answer a service failure as an error toast with status 200', async () => {
    await db().insert(eligibleRoles).values({ role_name: 'Taken', role_id: '1', can_join_general_waitlist: false })
    const response = await admin.client.postForm('/admin/settings/roles.data', {
      intent: 'save-role',
      _form: 'role',
      _panel: '1',
      role_name: 'Taken',
      role_id: '2',
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('An eligible role named \\"Taken\\" already exists.')
  })

  it('answer validation failures with 400 and the conform reply', async () => {
    const response = await admin.client.postForm('/admin/settings/presets.data', {
      intent: 'save-preset',
      _form: 'save-preset',
      _panel: '1',
      name: '  ',
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Preset name is required.')
  })
})
