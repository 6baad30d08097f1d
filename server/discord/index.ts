// server/discord: the only code that talks to Discord (docs/rules/discord.md).
export {
  DISCORD_NOT_CONFIGURED,
  DiscordError,
  createDiscordClient,
  discordAvatarUrl,
  fetchDiscordUser,
  fetchOwnGuildMember,
  type CreateChannelInput,
  type DiscordClient,
  type DiscordClientOptions,
  type DiscordFailure,
  type DiscordResult,
  type SendMessageInput,
  type UserFetchOptions,
} from './client.ts'
