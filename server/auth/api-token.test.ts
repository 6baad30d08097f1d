// API tokens over real HTTP (docs/rules/api.md, API tokens): made on the account page as a person makes them, then used
// the way a script uses them (a bearer header, no cookie, no Origin). Scopes, revocation, bans, the per-token rate
// limit, hashing, last use and the audit log.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiTokens } from '#db/schema/api-tokens.ts'
import { trainings } from '#db/schema/roster.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addMember,
  addSquad,
  auditEntries,
  holderOf,
  loginDemos,
  resetOrbat,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { createToken, withToken } from '#tests/harness/tokens.ts'
import { hashToken, TOKEN_ERRORS } from './api-token.ts'

const RATE_LIMIT = 8

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp({ env: { API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } })
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.delete(apiTokens)
})

const db = () => t.database.db
const as = (token: string) => withToken(t.url, token)

async function futureTraining() {
  const [row] = await db()
    .insert(trainings)
    .values({ name: 'Breaching', date: new Date(Date.now() + 86_400_000) })
    .returning()
  return row!
}

describe('a personal API token', () => {
  it('is shown once, stored only as a hash, listed by name and prefix with its last use, and its creation audit-logged', async () => {
    const token = await createToken(reyes.client, 'Stats bot', 'read')
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.user_id, reyes.id))
    expect(row).toMatchObject({ name: 'Stats bot', scopes: ['read'], token_hash: hashToken(token), last_used_at: null })
    expect(Object.values(row!).map(String)).not.toContain(token)

    const page = await (await reyes.client.get('/account')).text()
    expect(page).toContain('Stats bot')
    expect(page).toContain(row!.token_prefix)
    expect(page).not.toContain(token)

    expect((await as(token).get('/api/tests')).status).toBe(200)
    const [used] = await db().select().from(apiTokens).where(eq(apiTokens.id, row!.id))
    expect(used!.last_used_at).toBeInstanceOf(Date)
    expect(await auditEntries(db(), 'API token created')).toEqual([
      expect.objectContaining({ actor_user_id: reyes.id, details: 'Stats bot (read)' }),
    ])
  })

  it('acts as its owner with no cookie and no Origin header, audit-logged like their own action', async () => {
    await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    const training = await futureTraining()
    const token = await createToken(reyes.client, 'Sign-up script', 'member')

    const signup = await as(token).post(`/api/roster/trainings/${training.id}/signup`)
    expect(signup).toMatchObject({ status: 200, body: { message: 'You have signed up for Breaching.' } })
    expect(await auditEntries(db(), 'Training sign-up')).toEqual([
      expect.objectContaining({ actor_user_id: reyes.id, details: 'Reyes signed up for Breaching.' }),
    ])
    // The same call with the session but without Origin is refused: only the bearer path skips the Origin check.
    expect(
      (
        await fetch(`${t.url}/api/roster/trainings/${training.id}/leave`, {
          method: 'POST',
          headers: { Cookie: reyes.client.cookieHeader() },
        })
      ).status,
    ).toBe(403)
  })

  it('keeps to its scopes: a read token cannot sign up, a member token of an admin cannot call admin routes', async () => {
    const squad = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman' }] })
    const slotId = squad.slot('Rifleman').id
    const read = await createToken(reyes.client, 'Reader', 'read')
    expect(await as(read).post(`/api/slot/${slotId}/signup`)).toMatchObject({
      status: 403,
      body: { error: TOKEN_ERRORS.readOnly },
    })
    expect(await holderOf(db(), slotId)).toBeNull()

    const member = await createToken(admin.client, 'Admin as member', 'member')
    expect(await as(member).get('/api/roster/events')).toMatchObject({
      status: 403,
      body: { error: 'Admin access required.' },
    })
    expect(await as(member).post('/api/roster/events', { name: 'Op', date: '2030-01-01T20:00:00Z' })).toMatchObject({
      status: 403,
    })
    expect(await as(member).post(`/api/slot/${slotId}/signup`)).toMatchObject({ status: 200 })

    const full = await createToken(admin.client, 'Admin script', 'admin')
    expect((await as(full).get('/api/roster/events')).status).toBe(200)

    const server = await createToken(admin.client, 'Mission server', 'game-server')
    expect(await as(server).get('/api/tests')).toMatchObject({ status: 403, body: { error: TOKEN_ERRORS.serverOnly } })
  })

  it('offers admin and game-server access to admins only', async () => {
    const refused = await reyes.client.postForm('/account', {
      intent: 'create-token',
      _form: 'token',
      name: 'Sneaky',
      access: 'admin',
    })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('Only admins can create admin or game-server tokens.')
    expect(await db().select().from(apiTokens)).toEqual([])
  })

  it('stops working at once when revoked', async () => {
    const token = await createToken(reyes.client, 'Old bot', 'read')
    expect((await as(token).get('/api/tests')).status).toBe(200)
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.user_id, reyes.id))
    const revoke = await reyes.client.postForm('/account', {
      intent: 'revoke-token',
      _form: `revoke-token-${row!.id}`,
      id: String(row!.id),
      confirmed: 'yes',
    })
    expect(revoke.status).toBe(302)
    expect(await as(token).get('/api/tests')).toMatchObject({ status: 401, body: { error: TOKEN_ERRORS.invalid } })
    expect(await auditEntries(db(), 'API token revoked')).toEqual([
      expect.objectContaining({ actor_user_id: reyes.id, details: 'Old bot' }),
    ])
  })

  it('stops at once when its owner is banned', async () => {
    const member = await addMember(db(), reyes.discordId)
    const token = await createToken(reyes.client, 'Bot', 'member')
    expect((await as(token).get('/api/tests')).status).toBe(200)
    const ban = await admin.client.postJson(`/api/roster/members/${member.id}/ban`, { reason: 'Griefing' })
    expect(ban.status).toBe(200)
    expect(await as(token).get('/api/tests')).toMatchObject({ status: 403, body: { error: TOKEN_ERRORS.banned } })
  })

  it('answers 401 to an unknown token, and a bearer call never falls back to the cookie', async () => {
    const response = await reyes.client.get('/api/tests', {
      headers: { Authorization: 'Bearer tfhq_not-a-real-token' },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: TOKEN_ERRORS.invalid })
  })

  it('is rate limited per token: 429 with Retry-After, other tokens unaffected', async () => {
    const busy = await createToken(reyes.client, 'Busy', 'read')
    const calm = await createToken(reyes.client, 'Calm', 'read')
    for (let i = 0; i < RATE_LIMIT; i++) expect((await as(busy).get('/api/tests')).status).toBe(200)
    const limited = await as(busy).get('/api/tests')
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ error: expect.any(String) })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await as(calm).get('/api/tests')).status).toBe(200)
  })
})
