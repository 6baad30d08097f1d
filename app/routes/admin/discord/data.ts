import type {
  DiscordSettingKey,
  PingHistoryItem,
  RankRoleMappingItem,
  SquadRoleMappingItem,
} from '#contracts/discord.ts'
import type { GuildChannelItem, GuildRoleItem } from '#contracts/guild.ts'

/** What the Discord admin page's loader answers. */
export interface DiscordPageData {
  settings: Record<DiscordSettingKey, string>
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
