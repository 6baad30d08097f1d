import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import type { Route } from './+types/general'
import {
  askToConfirm,
  failInline,
  failWithToast,
  invalid,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { runUseCase, submitForm } from '#app/forms/actions.ts'
import { GeneralTab } from '#app/components/admin-settings/general-tab.tsx'
import type { GeneralData } from '#app/components/admin-settings/types.ts'
import { leaveMaxDaysSchema, SETTINGS_INTENTS as INTENTS, timeLockSchema, timeLockValue } from '#contracts/settings.ts'
import { DEFAULT_LEAVE_MAX_DAYS, LEAVE_INTENTS, LEAVE_MESSAGES } from '#contracts/leave.ts'
import { DEFAULT_UNIT_TIME_ZONE } from '#contracts/time-zone.ts'
import { unitTimeZoneSchema } from '#contracts/unit-time-zone.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import { adminSettings } from '#server/settings/admin-settings.ts'
import { clearTimeLock, saveSetting, setTimeLock } from '#server/settings/admin-settings.ts'
import { getUnitTimeZone } from '#server/unit/time-zone.ts'
import { getUnitLanguage } from '#server/unit/language.ts'
import { DEFAULT_LANGUAGE } from '#contracts/languages.ts'
import { unitLanguageSchema } from '#contracts/language-forms.ts'
import { leaveMaxDays } from '#server/leave/leave.ts'

// General: the Signup Time Lock (docs/rules/orbat.md, the time lock) and the unit's time zone. Set turns the admin's
// month/day/time in their zone into an instant (a date already past rolls to next year); Clear empties signup_time. The
// same use cases as PUT /api/admin/settings.

export async function loader({ request, context }: Route.LoaderArgs): Promise<GeneralData> {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const now = Date.now()
  const timeZones = knownTimeZones()
  const load = async () => {
    const [settings, unitTimeZone, maxDays, unitLanguage] = await Promise.all([
      adminSettings(db),
      getUnitTimeZone(db),
      leaveMaxDays(db),
      getUnitLanguage(db),
    ])
    return { signupTime: settings.signup_time, now, unitTimeZone, timeZones, leaveMaxDays: maxDays, unitLanguage }
  }
  return withLoadError(
    'admin settings: settings',
    load,
    {
      signupTime: '',
      now,
      unitTimeZone: DEFAULT_UNIT_TIME_ZONE,
      timeZones,
      leaveMaxDays: DEFAULT_LEAVE_MAX_DAYS,
      unitLanguage: DEFAULT_LANGUAGE,
    },
    'Failed to fetch admin data.',
  )
}

/** The IANA zones this server's Intl knows (V8 leaves UTC out of the list). */
function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : [...zones, 'UTC']
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case INTENTS.setLock:
      return setLock(post)
    case INTENTS.clearLock:
      return clearLock(post)
    case INTENTS.saveTimeZone:
      return saveTimeZone(post)
    case INTENTS.saveLanguage:
      return saveUnitLanguage(post)
    case LEAVE_INTENTS.saveMaxDays:
      return saveLeaveMaxDays(post)
    default:
      return unknownIntent(post)
  }
}

async function setLock(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: timeLockSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const describe = (reason: string) => `Error setting time lock: ${reason}`
  try {
    await setTimeLock(getServices(post.context), post.admin, timeLockValue(submission.value))
  } catch (error) {
    // A date that never exists (31 April) or a zone the server does not know: inline, like the form's own checks.
    if (error instanceof Invalid) return failInline(post, submission, error, error.message)
    return failWithToast(post, error, describe('An error occurred.'), { describe })
  }
  return succeed(post, 'Time lock set successfully.')
}

function saveTimeZone(post: AdminPost) {
  const save = (value: z.output<typeof unitTimeZoneSchema>) =>
    saveSetting(getServices(post.context), post.admin, { key: 'unit_time_zone', value: value.unit_time_zone })
  return submitForm(post, unitTimeZoneSchema, save, {
    success: 'Unit time zone saved.',
    failure: 'Failed to save the time zone.',
  })
}

function saveUnitLanguage(post: AdminPost) {
  const save = (value: z.output<typeof unitLanguageSchema>) =>
    saveSetting(getServices(post.context), post.admin, { key: 'unit_language', value: value.language })
  return submitForm(post, unitLanguageSchema, save, {
    success: 'Unit language saved.',
    failure: 'Failed to save the unit language.',
  })
}

function saveLeaveMaxDays(post: AdminPost) {
  const save = (value: z.output<typeof leaveMaxDaysSchema>) =>
    saveSetting(getServices(post.context), post.admin, { key: 'leave_max_days', value: value.leave_max_days })
  return submitForm(post, leaveMaxDaysSchema, save, {
    success: LEAVE_MESSAGES.maxDaysSaved,
    failure: 'Failed to save the leave settings.',
  })
}

async function clearLock(post: AdminPost) {
  if (!post.confirmed) return askToConfirm(post, INTENTS.clearLock)
  const describe = (reason: string) => `Error clearing time lock: ${reason}`
  return runUseCase(post, () => clearTimeLock(getServices(post.context), post.admin), {
    success: 'Time lock cleared.',
    failure: describe('An error occurred.'),
    describe,
  })
}

export default function GeneralSettings({ loaderData }: Route.ComponentProps) {
  return <GeneralTab data={loaderData} />
}

export function meta() {
  return [{ title: 'General · Admin Settings · Task Force HQ' }]
}
