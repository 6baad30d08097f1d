import { ChannelType } from 'discord-api-types/v10'
import type { DiscordPickers, GuildChannelItem, GuildRoleItem, RolePickerData } from '#contracts/guild.ts'
import { DISCORD_LOOKUP_BUDGET_MS, type DiscordClient } from './client.ts'
import { ServiceError } from '../errors.ts'
import { logger } from '../logger.ts'
import { describeError } from '../error-text.ts'

// The guild's channels and roles for the admin pickers (Schedule Ping, Post Training on Discord, settings): GET
// /api/discord/channels and /api/discord/roles (the admin pages' loads). A page waits on them: at most
// DISCORD_LOOKUP_BUDGET_MS, then the lists are unavailable (the forms fall back to typed ids).

export type { DiscordPickers, GuildChannelItem, GuildRoleItem }

function unavailable(error: string): never {
  throw new ServiceError(`Could not load from Discord: ${error}`, 502)
}

const position = (channel: object): number =>
  'position' in channel && typeof channel.position === 'number' ? channel.position : 0

/** Text, announcement and category channels in guild order (categories first by position, then their channels). */
export async function listChannels(discord: DiscordClient): Promise<GuildChannelItem[]> {
  const result = await discord.within(DISCORD_LOOKUP_BUDGET_MS).listGuildChannels()
  if (!result.ok) unavailable(result.error)
  const kinds = new Map([
    [ChannelType.GuildText, 'text'],
    [ChannelType.GuildAnnouncement, 'announcement'],
    [ChannelType.GuildCategory, 'category'],
  ] as const)
  return result.data
    .filter((c) => kinds.has(c.type as never))
    .sort((a, b) => position(a) - position(b))
    .map((c) => ({
      id: c.id,
      name: c.name ?? c.id,
      kind: kinds.get(c.type as never)!,
      parent_id: 'parent_id' in c ? (c.parent_id ?? null) : null,
    }))
}

/** Roles a bot can mention or grant: not @everyone, not managed (bot/integration) roles; highest first. */
export async function listRoles(discord: DiscordClient): Promise<GuildRoleItem[]> {
  const result = await discord.within(DISCORD_LOOKUP_BUDGET_MS).listGuildRoles()
  if (!result.ok) unavailable(result.error)
  return result.data
    .filter((r) => !r.managed && r.name !== '@everyone')
    .sort((a, b) => b.position - a.position)
    .map((r) => ({ id: r.id, name: r.name, color: r.color }))
}

/** Channels and roles for Schedule Ping / Post Training on Discord. Discord may be down: the dialog says so. */
export async function loadPickers(discord: DiscordClient): Promise<DiscordPickers> {
  try {
    const [channels, roles] = await Promise.all([listChannels(discord), listRoles(discord)])
    return { channels, roles }
  } catch (error) {
    logger.warn({ msg: 'Discord pickers unavailable', error: describeError(error) })
    return {
      channels: [],
      roles: [],
      error: error instanceof Error ? error.message : 'Could not load channels and roles from Discord.',
    }
  }
}

/** Roles for a settings form's role picker (Eligible Roles, Platoons, Qualifications). Discord may be down: the form
 *  falls back to typed ids. */
export async function loadRolePicker(discord: DiscordClient): Promise<RolePickerData> {
  try {
    return { discordRoles: await listRoles(discord) }
  } catch (error) {
    logger.warn({ msg: 'Discord roles unavailable', error: describeError(error) })
    return {
      discordRoles: null,
      discordError: error instanceof Error ? error.message : 'Could not load roles from Discord.',
    }
  }
}

/**
 * The guild's voice channels in guild order, for the Scheduled Events form's place (docs/rules/discord.md, Scheduled
 * events); null when Discord could not be reached (the form falls back to a typed id). Apart from listChannels, whose
 * answer (GET /api/discord/channels) lists the channels a message can go to.
 */
export async function loadVoiceChannels(discord: DiscordClient): Promise<Array<{ id: string; name: string }> | null> {
  const result = await discord.within(DISCORD_LOOKUP_BUDGET_MS).listGuildChannels()
  if (!result.ok) return null
  return result.data
    .filter((c) => c.type === ChannelType.GuildVoice)
    .sort((a, b) => position(a) - position(b))
    .map((c) => ({ id: c.id, name: c.name ?? c.id }))
}
