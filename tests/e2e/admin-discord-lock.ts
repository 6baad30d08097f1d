import { test as base } from './fixtures.ts'

// The Discord admin specs (JS on and off) change the same settings, mappings and stand-in state: each test holds a
// database advisory lock for its whole run, so the two projects' tests never overlap (a second save must find nothing
// changed; an injected Discord failure must reach the page that expects it).

const DISCORD_ADMIN_MUTEX = [7_202_690, 11] as const

export const test = base.extend<{ discordAdminLock: void }>({
  discordAdminLock: [
    async ({ db }, use) => {
      const held = await db.reserve()
      try {
        await held`select pg_advisory_lock(${DISCORD_ADMIN_MUTEX[0]}, ${DISCORD_ADMIN_MUTEX[1]})`
        await use()
      } finally {
        await held`select pg_advisory_unlock(${DISCORD_ADMIN_MUTEX[0]}, ${DISCORD_ADMIN_MUTEX[1]})`.catch(() => {})
        held.release()
      }
    },
    { auto: true, timeout: 120_000 },
  ],
})
