import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/general'
import { SettingsPage } from '#app/components/admin-settings/panel.tsx'
import { INTENTS, TIME_LOCK_REQUIRED, timeLockSchema, timeLockValue } from '#app/components/admin-settings/schemas.ts'
import { tabPath, type GeneralData } from '#app/components/admin-settings/types.ts'
import { parseInput, postActivity, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import { adminSettings, settingInputSchema, updateSetting } from '#server/settings/admin-settings.ts'
import { isValidTimeZone, nextLockInstant } from '#server/settings/time-lock.ts'
import { placementLine } from '#server/waitlist/waitlist.ts'
import { askToConfirm, fail, invalid, readSettingsPost, succeed, unknownIntent, type SettingsPost } from './respond.server.ts'

// General: the Signup Time Lock (spec 1 §2, §4, §5, §8). Set converts the admin's month/day/time in their zone to an
// instant (a date already past rolls to next year); Clear empties signup_time. Both go through the same service and
// schema as PUT /api/admin/settings.

const PATH = tabPath('general')

export async function loader({ context }: Route.LoaderArgs): Promise<GeneralData> {
  assertAdminPage(context)
  const now = Date.now()
  try {
    const settings = await adminSettings(getServices(context).db)
    return { signupTime: settings.signup_time, now }
  } catch (error) {
    logger.error({ msg: 'admin settings: loading settings failed', error: error instanceof Error ? error.stack : String(error) })
    return { signupTime: '', now, loadError: 'Failed to fetch admin data.' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readSettingsPost(request, context, PATH)
  switch (post.intent) {
    case INTENTS.setLock:
      return setLock(post)
    case INTENTS.clearLock:
      if (!post.confirmed) return askToConfirm(post, INTENTS.clearLock)
      return saveSignupTime(post, '', 'Time lock cleared.', (reason) => `Error clearing time lock: ${reason}`)
    default:
      return unknownIntent(post)
  }
}

async function setLock(post: SettingsPost) {
  const submission = parseWithZod(post.form, { schema: timeLockSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { tz, ...wall } = timeLockValue(submission.value)
  const instant = isValidTimeZone(tz) ? nextLockInstant(wall, tz) : null
  // A date that never exists (31 April) or a zone the server does not know.
  if (!instant) return invalid(post, { reply: () => submission.reply({ formErrors: [TIME_LOCK_REQUIRED] }) })
  return saveSignupTime(post, instant.toISOString(), 'Time lock set successfully.', (reason) => `Error setting time lock: ${reason}`)
}

async function saveSignupTime(post: SettingsPost, value: string, message: string, describe: (reason: string) => string) {
  const services = getServices(post.context)
  try {
    const input = parseInput(settingInputSchema, { key: 'signup_time', value })
    const result = await runAdmin(services, (tx) => updateSetting(tx, post.admin, input))
    postActivity(services, result.placements.map(placementLine))
  } catch (error) {
    return fail(post, error, describe('An error occurred.'), describe)
  }
  return succeed(post, message)
}

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage tab="general" data={loaderData} actionData={actionData} />
}

export function meta() {
  return [{ title: 'General · Admin Settings · Task Force HQ' }]
}
