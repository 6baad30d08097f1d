import type { RolePickerData } from '#contracts/guild.ts'
import type { LanguageCode } from '#contracts/languages.ts'
import type { EligibleRoleItem, PlatoonItem, PresetItem } from '#contracts/settings.ts'

// The Admin Settings tabs and the data their pages' loaders answer (the panel loads the same through fetchers).

export type SettingsTab = 'general' | 'roles' | 'presets' | 'platoons'

export const SETTINGS_TABS: ReadonlyArray<{ id: SettingsTab; label: string }> = [
  { id: 'general', label: 'General' },
  { id: 'roles', label: 'Eligible Roles' },
  { id: 'presets', label: 'ORBAT Presets' },
  { id: 'platoons', label: 'Platoons' },
]

const SETTINGS_PATH = '/admin/settings'
export const tabPath = (tab: SettingsTab) => `${SETTINGS_PATH}/${tab}`

/** Loader data of each tab. `loadError` is set when the list could not be read (the panel shows it as a toast). */
export interface GeneralData {
  /** ISO date-time of the time lock, '' when none is set. */
  signupTime: string
  /** The server's clock when it rendered, for a first render that hydration repeats exactly. */
  now: number
  /** The unit's time zone (the setting, or the default). */
  unitTimeZone: string
  /** The IANA zones the server knows, offered by the zone field. */
  timeZones: string[]
  /** The longest leave a member may ask for (setting leave_max_days, or its default). */
  leaveMaxDays: number
  /** The unit's language (setting unit_language, or English). */
  unitLanguage: LanguageCode
  loadError?: string
}
export interface RolesData extends RolePickerData {
  roles: EligibleRoleItem[]
  loadError?: string
}
export interface PresetsData {
  presets: PresetItem[]
  loadError?: string
}
export interface PlatoonsData extends RolePickerData {
  platoons: PlatoonItem[]
  loadError?: string
}
export type TabData = GeneralData | RolesData | PresetsData | PlatoonsData
