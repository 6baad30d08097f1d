import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'

// Demo mode sends a page asked for on another host name than APP_URL's to APP_URL before any login (README, Demo mode):
// a login begun on 127.0.0.1 used to come back to localhost without its state cookie and fail with 'state mismatch'.

let demo: TestApp
let real: TestApp
beforeAll(async () => {
  // No DISCORD_CLIENT_ID: demo mode (the app mounts its own stand-in).
  ;[demo, real] = await Promise.all([startTestApp({ env: { DISCORD_CLIENT_ID: '' } }), startTestApp()])
})
afterAll(async () => {
  await Promise.all([demo?.close(), real?.close()])
})

const otherHost = (app: TestApp, path: string) => `${app.url.replace('localhost', '127.0.0.1')}${path}`

describe('demo mode and the host name', () => {
  it('redirects a page on another host name to APP_URL, path and query kept', async () => {
    expect(demo.app.services.config.demoMode).toBe(true)
    const page = await fetch(otherHost(demo, '/roster?term=Reyes&page=2'), { redirect: 'manual' })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(`${demo.url}/roster?term=Reyes&page=2`)
    // The login too, before it sets its state cookie on the wrong host.
    const login = await fetch(otherHost(demo, '/auth/discord'), { redirect: 'manual' })
    expect(login.headers.get('location')).toBe(`${demo.url}/auth/discord`)
    expect(login.headers.getSetCookie()).toEqual([])
    // On APP_URL's own host nothing moves.
    expect((await fetch(`${demo.url}/roster`, { redirect: 'manual' })).status).toBe(200)
  })

  it('leaves other host names alone with a real Discord app (a proxy may rewrite them)', async () => {
    expect((await fetch(otherHost(real, '/roster'), { redirect: 'manual' })).status).toBe(200)
  })
})
