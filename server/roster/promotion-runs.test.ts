// A promotion run costs the same statements for 40 promoted members as for 3 (one statement moves them all and records
// the run), on an app without the job runner so that nothing else talks to the database meanwhile; the page names the
// first who moved and counts the rest; and what the promotion channel reads for a short run and a long one.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { members, promotionRuns, promotionThresholds } from '#db/schema/roster.ts'
import { announcementMessages } from '#server/discord/promotion-announcements.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'
import { statementsOf } from '#tests/harness/statements.ts'

let t: TestApp
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin] = await loginDemos(t, ['demo_admin'])
})
afterAll(async () => {
  await t?.close()
})

const db = () => t.database.db

describe('a promotion run', () => {
  it('costs as many statements for 40 promoted members as for 3', async () => {
    await db().execute(sql`truncate ${promotionThresholds}`)
    await db().insert(promotionThresholds).values({ from_rank: 'BMT', to_rank: 'JNCO', required_score: 1 })
    /** `n` BMTs due for JNCO (no Discord account, no announcement channel: only the run itself is counted). */
    async function runWithDue(n: number) {
      await truncateTables(db(), [members, promotionRuns])
      await db().execute(sql`
        insert into members (ingame_name, join_date, attended_events_count)
        select 'Due ' || g, '2024-01-01', 1 from generate_series(1, ${n}::int) g`)
      let promoted = 0
      const statements = await statementsOf(t, async () => {
        const run = await api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run')
        promoted = run.body.promotedMembers.length
      })
      expect(promoted).toBe(n)
      return statements
    }
    const few = await runWithDue(3)
    const many = await runWithDue(40)
    expect(many).toBe(few)
  })
})

describe('Run Promotions on the page', () => {
  it('names the first 25 who moved and counts the rest (a run of thousands stays a short page)', async () => {
    await truncateTables(db(), [members, promotionRuns, promotionThresholds])
    await db().insert(promotionThresholds).values({ from_rank: 'BMT', to_rank: 'JNCO', required_score: 1 })
    await db().execute(sql`
      insert into members (ingame_name, join_date, attended_events_count)
      select 'Due ' || lpad(g::text, 2, '0'), '2024-01-01', 1 from generate_series(1, 40) g`)
    // The form as the page sends it without JavaScript, confirmed: the answer is the page with the run.
    const response = await admin.client.postForm('/admin/roster/promotions', {
      _form: 'run-promotions',
      intent: 'run-promotions',
      confirmed: 'yes',
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Promotions check complete.')
    expect(html).toContain('>Due 25<')
    expect(html).not.toContain('>Due 26<')
    expect(html).toContain('and <!-- -->15<!-- --> more.')
  })
})

describe('the announcement', () => {
  const promoted = (n: number, name = (i: number) => `Trooper ${i}`) =>
    Array.from({ length: n }, (_, i) => ({
      name: name(i + 1),
      from: (i % 3 === 0 ? 'BMT' : 'JNCO') as 'BMT' | 'JNCO',
      to: (i % 3 === 0 ? 'JNCO' : 'NCO') as 'JNCO' | 'NCO',
    }))

  it('names each member in as many messages as it takes, up to three', () => {
    expect(announcementMessages(promoted(2))).toEqual([
      '🎖️ **Promotions**\n**Trooper 1** has been promoted from BMT to JNCO.\n**Trooper 2** has been promoted from JNCO to NCO.',
    ])
    const three = announcementMessages(promoted(100))
    expect(three).toHaveLength(3)
    expect(three.join('\n').split('\n')).toHaveLength(101)
    for (const message of three) expect(message.length).toBeLessThanOrEqual(2000)
  })

  it('past three messages, says it in one: how many, and per step how many with the first names that fit', () => {
    const [summary, ...more] = announcementMessages(promoted(3427))
    expect(more).toEqual([])
    expect(summary!.length).toBeLessThanOrEqual(2000)
    const lines = summary!.split('\n')
    expect(lines.slice(0, 2)).toEqual(['🎖️ **Promotions**', '**3,427** members have been promoted.'])
    expect(lines[2]).toMatch(/^\*\*BMT to JNCO\*\*: 1,143 \(Trooper 1, Trooper 4, .* and [\d,]+ more\)\.$/)
    expect(lines[3]).toMatch(/^\*\*JNCO to NCO\*\*: 2,284 \(Trooper 2, Trooper 3, .* and [\d,]+ more\)\.$/)
    // Names too long to fit leave the count alone.
    const [long] = announcementMessages(promoted(300, (i) => `${'X'.repeat(1900)} ${i}`))
    expect(long!.split('\n').slice(2)).toEqual(['**BMT to JNCO**: 100.', '**JNCO to NCO**: 200.'])
  })

  it("speaks the unit's language: each line, the summary's count with the language's plural and numbers", () => {
    expect(announcementMessages(promoted(1), 'de')).toEqual([
      '🎖️ **Beförderungen**\n**Trooper 1** wurde vom BMT zum JNCO befördert.',
    ])
    const [german] = announcementMessages(promoted(3427), 'de')
    expect(german!.split('\n').slice(0, 3)).toEqual([
      '🎖️ **Beförderungen**',
      '**3.427** Mitglieder wurden befördert.',
      expect.stringMatching(/^\*\*BMT zu JNCO\*\*: 1\.143 \(Trooper 1, .* und [\d.]+ weitere\)\.$/),
    ])
    // Polish: 3427 takes the "many" form (and four digits are written ungrouped).
    expect(announcementMessages(promoted(3427), 'pl')[0]!.split('\n')[1]).toBe('Awansowało **3427** członków.')
  })
})
