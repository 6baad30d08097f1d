// The guild's channels and roles for the admin pickers (GET /api/discord/channels and /api/discord/roles).

export interface GuildChannelItem {
  id: string
  name: string
  kind: 'text' | 'announcement' | 'category'
  parent_id: string | null
}

export interface GuildRoleItem {
  id: string
  name: string
  color: number
}

/** Channels and roles for a dialog's pickers; `error` when Discord could not be reached. */
export interface DiscordPickers {
  channels: GuildChannelItem[]
  roles: GuildRoleItem[]
  error?: string
}

/** The guild's roles for a form's role picker: `discordRoles` null (and `discordError` set) when Discord could not be
 *  reached, and the form falls back to typed ids. */
export interface RolePickerData {
  discordRoles: GuildRoleItem[] | null
  discordError?: string
}
