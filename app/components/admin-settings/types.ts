// Shapes of the Admin Settings loaders and actions. Type-only re-exports of the server's shapes: nothing here reaches
// the client bundle.
import type { SubmissionResult } from '@conform-to/react'

export type { EligibleRoleItem } from '#server/waitlist/eligible-roles.ts'
export type { PlatoonItem } from '#server/orbat/platoons.ts'
export type { PresetItem } from '#server/orbat/presets.ts'
import type { EligibleRoleItem } from '#server/waitlist/eligible-roles.ts'
import type { PlatoonItem } from '#server/orbat/platoons.ts'
import type { PresetItem } from '#server/orbat/presets.ts'

export type SettingsTab = 'general' | 'roles' | 'presets' | 'platoons'

export const SETTINGS_TABS: ReadonlyArray<{ id: SettingsTab; label: string }> = [
  { id: 'general', label: 'General' },
  { id: 'roles', label: 'Eligible Roles' },
  { id: 'presets', label: 'ORBAT Presets' },
  { id: 'platoons', label: 'Platoons' },
]

export const SETTINGS_PATH = '/admin/settings'
export const tabPath = (tab: SettingsTab) => `${SETTINGS_PATH}/${tab}`

/** Loader data of each tab. `loadError` is set when the list could not be read (the panel shows it as a toast). */
export interface GeneralData {
  /** ISO date-time of the time lock, '' when none is set. */
  signupTime: string
  /** The server's clock when it rendered, for a first render that hydration repeats exactly. */
  now: number
  loadError?: string
}
export interface RolesData {
  roles: EligibleRoleItem[]
  loadError?: string
}
export interface PresetsData {
  presets: PresetItem[]
  loadError?: string
}
export interface PlatoonsData {
  platoons: PlatoonItem[]
  loadError?: string
}

export interface AnswerToast {
  type: 'success' | 'error' | 'info'
  message: string
}

/**
 * What a settings action answers instead of a redirect: a validation failure on a page (400, the conform reply of the
 * form named `form`), or anything from inside the side panel (`_panel=1`), where a redirect would navigate the
 * editor away.
 */
export interface ActionAnswer {
  ok: boolean
  form?: string
  result?: SubmissionResult<string[]>
  toast?: AnswerToast
}
