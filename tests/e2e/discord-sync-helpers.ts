import { DEMO_ROLES, DEMO_USERS } from '../../db/seed/demo-guild.ts'

// Shared by discord-sync.spec.ts and discord-sync.nojs.spec.ts: drift made by hand in the stand-in, and the guild's
// roles put back afterwards (Apply changes the shared stand-in that other specs log in against).

const NOVAK = DEMO_USERS.find((u) => u.username === 'novak')!
export const MILSIM = DEMO_ROLES.milsim

type GuildRoles = Array<{ id: string; roles: string[] }>

async function control(standInUrl: string, path: string, body?: unknown) {
  const res = await fetch(`${standInUrl}/__control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`stand-in control ${path} answered ${res.status}`)
  return res.json() as Promise<Record<string, unknown>>
}

export async function guildRoles(standInUrl: string): Promise<GuildRoles> {
  return ((await control(standInUrl, '/state')).users as GuildRoles).map((u) => ({ id: u.id, roles: [...u.roles] }))
}

export async function setRoles(standInUrl: string, userId: string, roles: string[]) {
  await control(standInUrl, `/users/${userId}/roles`, { roles })
}

export async function restoreRoles(standInUrl: string, saved: GuildRoles) {
  for (const u of saved) await setRoles(standInUrl, u.id, u.roles)
}

/** Runs `test` while Novak has lost the milsim role "by hand" in Discord (the drift the sync heals); then puts every role back. */
export async function withNovakMissingMilsim(standInUrl: string, test: () => Promise<void>) {
  const saved = await guildRoles(standInUrl)
  try {
    const novak = saved.find((u) => u.id === NOVAK.id)!
    await setRoles(
      standInUrl,
      NOVAK.id,
      novak.roles.filter((r) => r !== MILSIM.id),
    )
    await test()
  } finally {
    await restoreRoles(standInUrl, saved)
  }
}

/** Novak's roles in the stand-in now. */
export async function novakRoles(standInUrl: string): Promise<string[]> {
  return (await guildRoles(standInUrl)).find((u) => u.id === NOVAK.id)!.roles
}
