import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'

// Demo users' avatars come from the app's own Discord stand-in (README, Demo mode): no request leaves the machine, so
// none can hang a page. One app in this file: the avatar base is process-wide (server/discord/client.ts).

let demo: TestApp
beforeAll(async () => {
  demo = await startTestApp({ env: { DISCORD_CLIENT_ID: '' } })
})
afterAll(async () => {
  await demo?.close()
})

describe('demo avatars', () => {
  it('a demo user’s avatar is a default avatar the stand-in draws', async () => {
    const client = await demo.login('reyes')
    const me = (await (await client.get('/auth/user')).json()) as { avatar: string }
    expect(me.avatar).toMatch(new RegExp(`^${demo.url}/__discord/cdn/embed/avatars/[0-5]\\.png$`))
    const image = await fetch(me.avatar)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect((await fetch(`${demo.url}/__discord/cdn/embed/avatars/9.png`)).status).toBe(404)
  })
})
