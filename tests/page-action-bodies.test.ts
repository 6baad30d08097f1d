// Every page action (read from app/routes.ts, so a new page is covered without editing this file) posted with a body
// it cannot read: JSON, plain text, no body, or a broken multipart body. Anonymous callers, members and admins get a
// 4xx (415 or 400 with the usual error once past the gates), never a 500, and nothing changes.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import routes from '#app/routes.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { startTestApp, type TestApp, type TestClient } from './harness/app.ts'
import { stateFingerprint } from './harness/fingerprint.ts'

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

const appDir = path.resolve(import.meta.dirname, '../app')

/** Page routes (not /api) whose module exports an action, with their full paths. */
function pageActions(list: readonly RouteEntry[], parent = ''): string[] {
  return list.flatMap((route) => {
    const full = [parent, route.path ?? ''].filter(Boolean).join('/')
    const own =
      !full.startsWith('api') &&
      /export (async function|const) action\b/.test(fs.readFileSync(path.join(appDir, route.file), 'utf8'))
        ? [route.index ? `${full}?index` : full]
        : []
    return [...own, ...pageActions(route.children ?? [], full)]
  })
}

const BODIES: Array<{ name: string; type?: string; body?: string }> = [
  { name: 'JSON', type: 'application/json', body: '{"intent":"save","name":"x"}' },
  { name: 'plain text', type: 'text/plain', body: 'intent=save' },
  { name: 'no body' },
  { name: 'broken multipart', type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nnot a part\r\n' },
  { name: 'multipart without a boundary', type: 'multipart/form-data', body: 'intent=save' },
]

let t: TestApp
let callers: Record<string, TestClient>
let params: Record<string, string>

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(t.database.db)
  callers = { anonymous: t.client(), member: await t.login('novak'), admin: await t.login('demo_admin') }
  const [test] = (await t.database.db.execute<{ id: number; uuid: string }>(
    sql`select id, uuid from tests order by id limit 1`,
  )) as unknown as Array<{ id: number; uuid: string }>
  params = { id: String(test!.id), uuid: test!.uuid, sessionId: '00000000-0000-4000-8000-000000000000' }
})
afterAll(async () => {
  await t?.close()
})

describe('page actions under bodies they cannot read', () => {
  // Logout reads no body (and would end the sessions the rest of the test posts with).
  const pages = pageActions(routes as RouteEntry[]).filter((page) => page !== 'auth/logout')

  it('covers the pages of app/routes.ts', () => {
    expect(pages.length).toBeGreaterThan(15)
    expect(pages).toContain('orbat')
    expect(pages).toContain('admin/roster/members')
  })

  it('never answer 500, refuse with 400 or 415 past the gates, and change nothing', { timeout: 120_000 }, async () => {
    const before = await stateFingerprint(t)
    const problems: string[] = []
    for (const page of pages) {
      const url = '/' + page.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1')
      for (const [who, client] of Object.entries(callers)) {
        for (const { name, type, body } of BODIES) {
          const response = await client.fetch(url, {
            method: 'POST',
            headers: type ? { 'Content-Type': type } : {},
            body,
          })
          const request = `${who} POST ${url} (${name})`
          if (response.status >= 500) problems.push(`${request}: ${response.status}`)
          if (who === 'admin' && ![400, 404, 415].includes(response.status))
            problems.push(`${request}: ${response.status}, expected 400 or 415`)
          await response.arrayBuffer()
        }
      }
    }
    expect(problems).toEqual([])
    expect(await stateFingerprint(t)).toBe(before)
  })
})
