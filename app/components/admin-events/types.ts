// Shapes of the Events / Trainings tabs and Manage Library loaders and actions. Type-only imports of the services'
// shapes: nothing here reaches the client bundle.
import type { SubmissionResult } from '@conform-to/react'
import type { GuildChannelItem, GuildRoleItem } from '#server/discord/guild.ts'
import type { PacketItem } from '#server/library/library.ts'
import type { EventItem } from '#server/roster/events.ts'
import type { TrainingItem, TrainingSignupItem } from '#server/roster/trainings.ts'

export type { EventItem, GuildChannelItem, GuildRoleItem, PacketItem, TrainingItem, TrainingSignupItem }

export const EVENTS_PATH = '/admin/roster/events'
export const TRAININGS_PATH = '/admin/roster/trainings'
export const KNOWLEDGE_PATH = '/admin/knowledge'

/** A member in the attendance picker. */
export interface PickerMember {
  id: number
  ingame_name: string
  rank: string
  is_banned: boolean
}

/** The guild's channels and roles for a picker; `error` when Discord could not be reached. */
export interface DiscordPickers {
  channels: GuildChannelItem[]
  roles: GuildRoleItem[]
  error?: string
}

/** What the Attendance dialog needs. */
export interface AttendanceData {
  members: PickerMember[]
  memberIds: number[]
}

/**
 * What an action answers instead of a redirect: a validation failure (400) with the conform reply of the form named
 * `form`. Successes and other failures redirect with a flash toast (post-redirect-get, works without JavaScript).
 */
export interface ActionAnswer {
  form: string
  result: SubmissionResult<string[]>
}
