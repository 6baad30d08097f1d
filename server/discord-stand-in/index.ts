export { createDiscordStandIn, type DiscordStandIn, type DiscordStandInOptions } from './router.ts'
export { startDiscordStandIn, type RunningDiscordStandIn, type StartDiscordStandInOptions } from './server.ts'
export {
  DiscordStandInState,
  pkceS256,
  type ChannelRecord,
  type FailureSpec,
  type IssuedCode,
  type IssuedToken,
  type RequestRecord,
  type RoleChange,
  type SentMessage,
  type StandInChannel,
  type StandInMember,
  type StandInRole,
} from './state.ts'
