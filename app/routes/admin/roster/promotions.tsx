import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { Route } from './+types/promotions'
import { ChannelSection } from './promotions/channel-section.tsx'
import { RUN_NAMES_SHOWN, RunSection, type RunAnswer } from './promotions/run-section.tsx'
import { ThresholdsSection } from './promotions/thresholds-section.tsx'
import { promotionChannelSchema, ROSTER_INTENTS, ROSTER_MESSAGES, thresholdsSchema } from '#contracts/roster.ts'
import type { PromotionPreview, PromotionsData } from '#contracts/roster-types.ts'
import { DEFAULT_UNIT_TIME_ZONE } from '#contracts/time-zone.ts'
import {
  askToConfirm,
  failWithToast,
  invalid,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { runPromotions, saveThresholds, setPromotionChannel } from '#server/roster/promotions.ts'
import { logLoadError, withLoadError } from '#server/load-error.ts'
import { loadPromotionSettings } from '#server/roster/promotions.ts'
import { previewPromotions } from '#server/roster/promotion-preview.ts'

// Promotions tab (docs/rules/roster.md, promotions): the announcement channel (setting promotion_channel_id), the
// thresholds (PUT /api/roster/promotions/thresholds's use case and schema) and the on-demand run (POST
// /api/roster/promotions/run's: the run commits, then rank roles sync and the channel hears of it).

const CHANNEL_SAVED = {
  unchanged: ROSTER_MESSAGES.noChanges,
  updated: ROSTER_MESSAGES.channelUpdated,
  disabled: ROSTER_MESSAGES.channelDisabled,
} as const

export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<PromotionsData & { preview: PromotionPreview | null }> {
  await requirePageUser(request, context, 'admin')
  const services = getServices(context)
  const [settings, preview] = await Promise.all([
    withLoadError(
      'admin roster: promotions',
      () => loadPromotionSettings(services),
      { channelId: '', thresholds: [], channels: null, unitTimeZone: DEFAULT_UNIT_TIME_ZONE },
      ROSTER_MESSAGES.loadFailed,
    ),
    // The dry run behind Run Promotions' question; without it the question says what a run does in general.
    previewPromotions(services.db).catch((error: unknown) => {
      logLoadError('admin roster: promotion preview', error)
      return null
    }),
  ])
  return { ...settings, preview }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case ROSTER_INTENTS.saveChannel:
      return saveChannel(post)
    case ROSTER_INTENTS.saveThresholds:
      return saveThresholdsForm(post)
    case ROSTER_INTENTS.runPromotions:
      return run(post)
    default:
      return unknownIntent(post)
  }
}

async function saveChannel(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: promotionChannelSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    const outcome = await setPromotionChannel(getServices(post.context), post.admin, submission.value.channel_id)
    return succeed(post, CHANNEL_SAVED[outcome])
  } catch (error) {
    return failWithToast(post, error, ROSTER_MESSAGES.requestFailed)
  }
}

async function saveThresholdsForm(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: thresholdsSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    await saveThresholds(getServices(post.context), post.admin, submission.value)
  } catch (error) {
    return failWithToast(post, error, ROSTER_MESSAGES.requestFailed)
  }
  return succeed(post, ROSTER_MESSAGES.thresholdsSaved)
}

/**
 * The run answers data, not a redirect: the page shows who moved up (the first of them: a run may move thousands). It
 * is asked first (the page's confirm step).
 */
async function run(post: AdminPost) {
  if (!post.confirmed) return askToConfirm(post, ROSTER_INTENTS.runPromotions)
  try {
    const done = await runPromotions(getServices(post.context), post.admin)
    return data<RunAnswer>({
      ok: true,
      run: { ...done, promotedMembers: done.promotedMembers.slice(0, RUN_NAMES_SHOWN) },
      promotedCount: done.promotedMembers.length,
    })
  } catch (error) {
    return failWithToast(post, error, ROSTER_MESSAGES.requestFailed)
  }
}

export default function PromotionsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={loaderData.loadError} />
      <ChannelSection data={loaderData} />
      <ThresholdsSection thresholds={loaderData.thresholds} />
      <RunSection unitTimeZone={loaderData.unitTimeZone} preview={loaderData.preview} />
    </div>
  )
}

export function meta() {
  return [{ title: 'Promotions · Roster Management · Task Force HQ' }]
}
