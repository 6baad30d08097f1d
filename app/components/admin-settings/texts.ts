import { useCallback } from 'react'
import { LEAVE_MAX_DAYS_LIMIT, LEAVE_MESSAGES } from '#contracts/leave.ts'
import { INVALID_LANGUAGE } from '#contracts/languages.ts'
import { TIME_LOCK_FORMAT, TIME_LOCK_REQUIRED } from '#contracts/settings.ts'
import { TextMatcher, type MatchedText } from '#contracts/text-matcher.ts'
import { INVALID_TIME_ZONE } from '#contracts/time-zone.ts'
import { useT } from '#app/ui/i18n.tsx'

// The /api's texts as the Admin Settings pages show them (docs/rules/languages.md): the /api speaks English, its
// refusals are a contract other tools read; the pages show the same refusal in the page's language. Each English text
// the tabs' forms (contracts/settings.ts) and use cases can answer maps to its message under the catalogs'
// `adminSettings.errors`. The actions translate the use cases' refusals; the forms translate what the schema says, in
// the browser or in the action's answer. A text not listed here is shown as it came.

const texts = new TextMatcher()
const same = (message: string, key: string, values?: Record<string, number>) =>
  texts.same(message, `adminSettings.errors.${key}`, values)

same(TIME_LOCK_REQUIRED, 'timeLockRequired')
same(TIME_LOCK_FORMAT, 'timeLockFormat')
same(INVALID_TIME_ZONE, 'timeZoneInvalid')
same(INVALID_LANGUAGE, 'languageInvalid')
same(LEAVE_MESSAGES.maxDaysInvalid, 'leaveMaxDaysInvalid', { max: LEAVE_MAX_DAYS_LIMIT })
// requiredName() of contracts/settings.ts, for each of its names.
for (const [what, key] of [
  ['Role name', 'roleName'],
  ['Preset name', 'presetName'],
  ['Platoon name', 'platoonName'],
] as const) {
  same(`${what} is required.`, `${key}Required`)
  same(`${what} is too long (100 characters at most).`, `${key}TooLong`, { max: 100 })
}
same('Role ID(s) are required.', 'roleIdsRequired')
same('Role IDs must be Discord ids (digits), separated by commas.', 'roleIdsDigits')
same('Too many role IDs.', 'roleIdsTooMany')
same('Discord role ID is required.', 'platoonRoleRequired')
same('The Discord role ID must contain digits only.', 'platoonRoleDigits')
same('Platoon not found.', 'platoonNotFound')
same('Preset not found.', 'presetNotFound')
same('Eligible role not found.', 'roleNotFound')

/** The catalogs' message for an English text of the settings' /api, or null when the pages have none. */
export function settingsTextOf(message: string): MatchedText | null {
  return texts.find(message)
}

/** Each of a field's errors in the page's words (a text the catalogs do not know stays as it came). */
export function useSettingsErrors(): (errors: string[] | null | undefined) => string[] | undefined {
  const t = useT()
  return useCallback(
    (errors: string[] | null | undefined) =>
      errors?.map((message) => {
        const text = settingsTextOf(message)
        return text ? t(text.key as Parameters<typeof t>[0], text.values) : message
      }),
    [t],
  )
}
