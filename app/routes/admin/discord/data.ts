import type {
  DiscordSettingKey,
  PingHistoryItem,
  RankRoleMappingItem,
  SquadRoleMappingItem,
} from '#contracts/discord.ts'
import type { DiscordEventSettings } from '#contracts/discord-events.ts'
import type { GuildChannelItem, GuildRoleItem } from '#contracts/guild.ts'

/** What the Discord admin page's loader answers. */
export interface DiscordPageData {
  settings: Record<DiscordSettingKey, string>
  /** The Scheduled Events form's settings. */
  eventSettings: DiscordEventSettings
  /** The guild's voice channels for the Scheduled Events form; null when Discord could not be reached. */
  voiceChannels: Array<{ id: string; name: string }> | null
  /** Null when Discord could not be reached (the pickers become id fields). */
  roles: GuildRoleItem[] | null
  channels: GuildChannelItem[] | null
  discordError?: string
  ranks: RankRoleMappingItem[]
  squads: SquadRoleMappingItem[]
  unmappedSquads: Array<{ id: number; name: string }>
  pings: PingHistoryItem[]
  pingLimit: number
  loadError?: string
}
