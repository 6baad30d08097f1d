import { z } from 'zod'
import { flagSchema, idInput, SNOWFLAKE, strictNumber, text } from './fields.ts'
import { RANKS, type Rank } from './roster.ts'
import { NON_DISCORD_SETTING_KEYS, SETTING_KEYS, type SettingKey } from './settings.ts'

// The Discord admin page (/admin/discord; docs/rules/discord.md): one zod schema per form and /api body, the page's
// messages and the JSON shapes of the answers.

export const DISCORD_INTENTS = {
  saveSettings: 'save-discord-settings',
  saveRankRoles: 'save-rank-roles',
  addSquadMapping: 'add-squad-mapping',
  updateSquadMapping: 'update-squad-mapping',
  deleteSquadMapping: 'delete-squad-mapping',
  purgeSquads: 'purge-squad-integrations',
  purgeEventPing: 'purge-event-ping',
  cancelPing: 'cancel-ping',
} as const

export const DISCORD_MESSAGES = {
  settingsSaved: 'Discord settings saved.',
  noChanges: 'No changes to save.',
  rankRolesSaved: 'Rank role mappings saved.',
  selectSquad: 'Please select a squad.',
  squadAlreadyMapped: 'That squad already has a role mapping.',
  squadMappingAdded: 'Squad role mapping added.',
  squadMappingUpdated: 'Squad role mapping updated.',
  squadMappingDeleted: 'Squad role mapping removed.',
  mappingNotFound: 'Squad role mapping not found.',
  squadNotFound: 'Squad not found.',
  noCategory: 'Set the squad channel category first: a squad channel is created under it.',
  squadsPurged: 'Squad integrations purged.',
  eventPingPurged: 'Event ping role removed from every member.',
  noEventPingRole: 'No event ping role is set.',
  pingCancelled: 'Ping cancelled.',
  /** The page's own fallback. */
  cancelFailed: 'Failed to cancel ping.',
  pingNotPending: 'Only a pending ping can be cancelled.',
  pingNotFound: 'Ping not found.',
  requestFailed: 'API Request Failed',
  loadFailed: 'Could not load Discord settings: An error occurred.',
  discordUnreachable: 'Discord could not be reached, so ids are typed by hand below.',
} as const

const discordId = (what: string) =>
  text({ error: `${what} must be a Discord id.` })
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v === '' || SNOWFLAKE.test(v), `${what} must be a Discord id (digits only).`)

// --- Global settings ------------------------------------------------------------------------------------------------

type NonDiscordKey = (typeof NON_DISCORD_SETTING_KEYS)[number]

/**
 * The Discord id settings of the page (docs/rules/settings.md): every setting but the sign-up time, the zone and the
 * longest leave.
 */
export const DISCORD_SETTING_KEYS = SETTING_KEYS.filter(
  (key): key is Exclude<SettingKey, NonDiscordKey> => !(NON_DISCORD_SETTING_KEYS as readonly string[]).includes(key),
)
export type DiscordSettingKey = (typeof DISCORD_SETTING_KEYS)[number]

/** Which guild list a setting picks from. */
export const DISCORD_SETTING_FIELDS: Record<
  DiscordSettingKey,
  { label: string; pick: 'channel' | 'role' | 'category'; hint: string }
> = {
  promotion_channel_id: {
    label: 'Promotion announcement channel',
    pick: 'channel',
    hint: 'Blank turns promotion announcements off.',
  },
  event_ping_role_id: {
    label: 'Event ping role',
    pick: 'role',
    hint: 'Pinged by default when an event ping names no role.',
  },
  squad_channel_category_id: {
    label: 'Squad channel category',
    pick: 'category',
    hint: 'New squad channels are created under it.',
  },
  milsim_role_id: { label: 'Milsim role', pick: 'role', hint: 'Every active roster member holds it.' },
  orbat_activity_channel_id: {
    label: 'ORBAT activity channel',
    pick: 'channel',
    hint: 'Sign-ups, leaves and placements are posted here.',
  },
  leave_channel_id: {
    label: 'Leave of absence channel',
    pick: 'channel',
    hint: 'Approved, denied and ended leave is posted here, naming the member. Blank: no posts.',
  },
  activity_digest_channel_id: {
    label: 'Weekly activity digest channel',
    pick: 'channel',
    hint: "The week's turnout, who became inactive, leave starting and ending; Mondays. Blank: no digest.",
  },
  leave_role_id: {
    label: 'Leave of absence role',
    pick: 'role',
    hint: 'Members on leave hold it while their leave is active.',
  },
  admin_channel_id: {
    label: 'Admin alerts channel',
    pick: 'channel',
    hint: 'Where the app tells admins what needs them, such as a failed backup. Blank: the admin hub only.',
  },
  recruitment_channel_id: {
    label: 'Recruiters channel',
    pick: 'channel',
    hint: 'Each new application is posted here for the recruiters. Blank: no posts.',
  },
}

/** The settings form (all five at once; trimmed, saved only when changed). */
export const discordSettingsSchema = z.object({
  promotion_channel_id: discordId('The promotion channel'),
  event_ping_role_id: discordId('The event ping role'),
  squad_channel_category_id: discordId('The squad channel category'),
  milsim_role_id: discordId('The milsim role'),
  orbat_activity_channel_id: discordId('The ORBAT activity channel'),
  leave_channel_id: discordId('The leave of absence channel'),
  leave_role_id: discordId('The leave of absence role'),
  recruitment_channel_id: discordId('The recruiters channel'),
  activity_digest_channel_id: discordId('The activity digest channel'),
  admin_channel_id: discordId('The admin alerts channel'),
})
export type DiscordSettingsInput = z.output<typeof discordSettingsSchema>

// --- Rank role mapping ----------------------------------------------------------------------------------------------

export interface RankRoleMappingItem {
  id: number | null
  rank_name: Rank
  discord_role_id: string
}

/**
 * PUT /api/discord-roles/ranks: the whole list, one entry per rank (a blank role removes the rank's mapping; a rank
 * left out keeps none). The page's form posts `roles.<RANK>` fields; both reach the same value.
 */
export const rankRolesSchema = z.object({
  mappings: z
    .array(
      z.object({
        rank_name: z.enum(RANKS, { error: `Rank must be one of ${RANKS.join(', ')}.` }),
        discord_role_id: discordId('The role'),
      }),
      { error: 'Send the whole list of rank mappings.' },
    )
    .max(RANKS.length)
    .refine((list) => new Set(list.map((m) => m.rank_name)).size === list.length, 'Each rank may appear once.'),
})
export type RankRolesInput = z.output<typeof rankRolesSchema>

/** The page's rank form: one select per rank, named by the rank. */
export const rankRolesFormSchema = z.object(
  Object.fromEntries(RANKS.map((rank) => [rank, discordId(`The ${rank} role`)])) as Record<
    Rank,
    ReturnType<typeof discordId>
  >,
)

export function rankRolesFromForm(value: z.output<typeof rankRolesFormSchema>): RankRolesInput {
  return { mappings: RANKS.map((rank_name) => ({ rank_name, discord_role_id: value[rank_name] })) }
}

// --- Squad role mapping ---------------------------------------------------------------------------------------------

export interface SquadRoleMappingItem {
  id: number
  squad_id: number
  squad_name: string
  discord_role_id: string | null
  create_discord_channel: boolean
  discord_channel_id: string | null
}

/** POST /api/discord-roles/squads and the page's Add form (a squad must be chosen). */
export const squadMappingCreateSchema = z.object({
  squad_id: idInput(DISCORD_MESSAGES.selectSquad),
  create_discord_channel: flagSchema,
})
export type SquadMappingCreateInput = z.output<typeof squadMappingCreateSchema>

/**
 * PUT /api/discord-roles/squads/{id}: whether the squad has its channel (turning it on creates the channel under the
 * category, off deletes the one the app created). The role stays the one the app created for the squad.
 */
export const squadMappingUpdateSchema = z.object({
  create_discord_channel: flagSchema,
})
export type SquadMappingUpdateInput = z.output<typeof squadMappingUpdateSchema>

// --- Danger Zone ----------------------------------------------------------------------------------------------------

export interface PurgeSquadsResult {
  mappings: number
  rolesDeleted: number
  channelsDeleted: number
}
export interface PurgeEventPingResult {
  roleId: string
  membersCleared: number
}

// --- Ping History ---------------------------------------------------------------------------------------------------

/** Ping history sizes; 10 is the default. */
export const PING_HISTORY_SIZES = [10, 25, 50] as const

export const pingHistoryQuerySchema = z.object({
  limit: z
    .unknown()
    .transform((v) => (v === undefined || v === null || v === '' ? 10 : strictNumber(v, true)))
    .refine(
      (n) => (PING_HISTORY_SIZES as readonly (number | null)[]).includes(n),
      `limit must be one of ${PING_HISTORY_SIZES.join(', ')}.`,
    )
    .transform((n) => n!),
})

export interface PingHistoryItem {
  id: number
  type: 'event' | 'training'
  /** The event it belongs to (null for a training ping). */
  event_id: number | null
  /** The training it belongs to (null for an event ping). */
  training_id: number | null
  target_name: string
  channel_id: string
  channel_name: string | null
  ping_time: string
  message_content: string
  status: 'pending' | 'sent' | 'failed'
}

/** DELETE /api/discord/pings/{id}: body {type}. */
export const cancelPingSchema = z.object({
  type: z.enum(['event', 'training'], { error: 'type must be event or training.' }),
})
