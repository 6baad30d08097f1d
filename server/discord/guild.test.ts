import { describe, expect, it } from 'vitest'
import type { DiscordClient } from './client.ts'
import { loadPickers, loadRolePicker } from './guild.ts'

// Discord may be down when an admin opens Schedule Ping or Post Training: the dialog still opens, with the reason.

/** A stand-in client answering these calls; `within` (the page's time budget) gives the same calls. */
const fake = (calls: object) => ({ ...calls, within: () => calls }) as unknown as DiscordClient

describe('loadPickers', () => {
  it('answers empty pickers and the reason when Discord cannot be reached', async () => {
    const discord = fake({
      listGuildChannels: async () => ({ ok: false as const, error: 'Discord is unavailable (503).' }),
      listGuildRoles: async () => ({ ok: false as const, error: 'Discord is unavailable (503).' }),
    })
    const pickers = await loadPickers(discord)
    expect(pickers).toEqual({
      channels: [],
      roles: [],
      error: 'Could not load from Discord: Discord is unavailable (503).',
    })
  })

  it('lists text channels and roles when Discord answers', async () => {
    const discord = fake({
      listGuildChannels: async () => ({ ok: true as const, data: [{ id: '1', name: 'events', type: 0, position: 1 }] }),
      listGuildRoles: async () => ({
        ok: true as const,
        data: [{ id: '2', name: 'Event Ping', position: 1, managed: false, color: 0 }],
      }),
    })
    const pickers = await loadPickers(discord)
    expect(pickers.error).toBeUndefined()
    expect(pickers.channels.map((c) => c.name)).toEqual(['events'])
    expect(pickers.roles.map((r) => r.name)).toEqual(['Event Ping'])
  })
})

describe('loadRolePicker', () => {
  it('answers no roles and the reason when Discord cannot be reached (the form types ids), the roles otherwise', async () => {
    const down = fake({ listGuildRoles: async () => ({ ok: false as const, error: 'Discord is unavailable (503).' }) })
    expect(await loadRolePicker(down)).toEqual({
      discordRoles: null,
      discordError: 'Could not load from Discord: Discord is unavailable (503).',
    })
    const up = fake({
      listGuildRoles: async () => ({
        ok: true as const,
        data: [{ id: '2', name: 'Medic', position: 1, managed: false, color: 0 }],
      }),
    })
    expect(await loadRolePicker(up)).toEqual({ discordRoles: [{ id: '2', name: 'Medic', color: 0 }] })
  })
})
