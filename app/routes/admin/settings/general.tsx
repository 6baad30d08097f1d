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
import { pageTitle } from '#app/components/admin-settings/types.ts'
import type { GeneralData } from '#app/components/admin-settings/types.ts'
import { leaveMaxDaysSchema, SETTINGS_INTENTS as INTENTS, timeLockSchema, timeLockValue } from '#contracts/settings.ts'
import { DEFAULT_LEAVE_MAX_DAYS, LEAVE_INTENTS } from '#contracts/leave.ts'
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
import { settingsMessages, settingsTexts } from './page-texts.server.ts'

// General: the Signup Time Lock (docs/rules/orbat.md, the time lock) and the unit's time zone. Set turns the admin's
// month/day/time in their zone into an instant (a date already past rolls to next year); Clear empties signup_time. The
// same use cases as PUT /api/admin/settings.

export async function loader({ request, context }: Route.LoaderArgs): Promise<GeneralData> {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const now = Date.now()
  const timeZones = knownTimeZones()
  const [{ say }, messages] = await Promise.all([settingsTexts(request, context), settingsMessages(request, context)])
  const load = async () => {
    const [settings, unitTimeZone, maxDays, unitLanguage] = await Promise.all([
      adminSettings(db),
      getUnitTimeZone(db),
      leaveMaxDays(db),
      getUnitLanguage(db),
    ])
    return { signupTime: settings.signup_time, now, unitTimeZone, timeZones, leaveMaxDays: maxDays, unitLanguage }
  }
  const data = await withLoadError(
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
    say('loadFailed'),
  )
  return { ...data, messages }
}

/** The IANA zones this server's Intl knows (V8 leaves UTC out of the list). */
function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : [...zones, 'UTC']
}

type Texts = Awaited<ReturnType<typeof settingsTexts>>

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const texts = await settingsTexts(request, context)
  switch (post.intent) {
    case INTENTS.setLock:
      return setLock(post, texts)
    case INTENTS.clearLock:
      return clearLock(post, texts)
    case INTENTS.saveTimeZone:
      return saveTimeZone(post, texts)
    case INTENTS.saveLanguage:
      return saveUnitLanguage(post, texts)
    case LEAVE_INTENTS.saveMaxDays:
      return saveLeaveMaxDays(post, texts)
    default:
      return unknownIntent(post)
  }
}

async function setLock(post: AdminPost, { say, text }: Texts) {
  const submission = parseWithZod(post.form, { schema: timeLockSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const describe = (reason: string) => say('general.toasts.setFailed', { reason: text(reason) })
  try {
    await setTimeLock(getServices(post.context), post.admin, timeLockValue(submission.value))
  } catch (error) {
    // A date that never exists (31 April) or a zone the server does not know: inline, like the form's own checks.
    if (error instanceof Invalid) return failInline(post, submission, error, text(error.message))
    return failWithToast(post, error, describe(say('general.toasts.anError')), { describe })
  }
  return succeed(post, say('general.toasts.lockSet'))
}

function saveTimeZone(post: AdminPost, { say, inPage }: Texts) {
  const save = (value: z.output<typeof unitTimeZoneSchema>) =>
    inPage(saveSetting(getServices(post.context), post.admin, { key: 'unit_time_zone', value: value.unit_time_zone }))
  return submitForm(post, unitTimeZoneSchema, save, {
    success: say('general.toasts.timeZoneSaved'),
    failure: say('general.toasts.timeZoneFailed'),
  })
}

function saveUnitLanguage(post: AdminPost, { say, inPage }: Texts) {
  const save = (value: z.output<typeof unitLanguageSchema>) =>
    inPage(saveSetting(getServices(post.context), post.admin, { key: 'unit_language', value: value.language }))
  return submitForm(post, unitLanguageSchema, save, {
    success: say('general.toasts.languageSaved'),
    failure: say('general.toasts.languageFailed'),
  })
}

function saveLeaveMaxDays(post: AdminPost, { say, inPage }: Texts) {
  const save = (value: z.output<typeof leaveMaxDaysSchema>) =>
    inPage(saveSetting(getServices(post.context), post.admin, { key: 'leave_max_days', value: value.leave_max_days }))
  return submitForm(post, leaveMaxDaysSchema, save, {
    success: say('general.toasts.leaveSaved'),
    failure: say('general.toasts.leaveFailed'),
  })
}

async function clearLock(post: AdminPost, { say, inPage }: Texts) {
  if (!post.confirmed) return askToConfirm(post, INTENTS.clearLock)
  const describe = (reason: string) => say('general.toasts.clearFailed', { reason })
  return runUseCase(post, () => inPage(clearTimeLock(getServices(post.context), post.admin)), {
    success: say('general.toasts.lockCleared'),
    failure: describe(say('general.toasts.anError')),
    describe,
  })
}

export default function GeneralSettings({ loaderData }: Route.ComponentProps) {
  return <GeneralTab data={loaderData} />
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.messages, 'general') ?? 'General · Admin Settings · Task Force HQ' }]
}
