import type { RolePickerData } from '#contracts/guild.ts'
import type { LanguageCode } from '#contracts/languages.ts'
import type { EligibleRoleItem, PlatoonItem, PresetItem } from '#contracts/settings.ts'

// The Admin Settings tabs and the data their pages' loaders answer (the panel loads the same through fetchers).

export type SettingsTab = 'general' | 'roles' | 'presets' | 'platoons'

/** The tabs in order; each one's label is `adminSettings.tabs.<id>`. */
export const SETTINGS_TABS: readonly SettingsTab[] = ['general', 'roles', 'presets', 'platoons']

const SETTINGS_PATH = '/admin/settings'
export const tabPath = (tab: SettingsTab) => `${SETTINGS_PATH}/${tab}`

/** A tab's page title (`adminSettings.pageTitles.<tab>`) from the texts its loader sent, for meta(). */
export function pageTitle(messages: TabTexts['messages'], tab: SettingsTab): string | undefined {
  const settings = messages?.['adminSettings'] as { pageTitles?: Record<SettingsTab, string> } | undefined
  return settings?.pageTitles?.[tab]
}

/** What every tab's loader answers besides its data: the `adminSettings` texts in the page's language. */
interface TabTexts {
  /** Compiled messages (server/lib/i18n.ts), which use-intl reads as they are. */
  messages?: Record<string, unknown>
}

/** Loader data of each tab. `loadError` is set when the list could not be read (the panel shows it as a toast). */
export interface GeneralData extends TabTexts {
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
export interface RolesData extends RolePickerData, TabTexts {
  roles: EligibleRoleItem[]
  loadError?: string
}
export interface PresetsData extends TabTexts {
  presets: PresetItem[]
  loadError?: string
}
export interface PlatoonsData extends RolePickerData, TabTexts {
  platoons: PlatoonItem[]
  loadError?: string
}
export type TabData = GeneralData | RolesData | PresetsData | PlatoonsData
