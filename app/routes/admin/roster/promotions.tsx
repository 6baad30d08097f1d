import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { Route } from './+types/promotions'
import { fail, invalid, readRosterPost, succeed, unknownIntent, type RosterPost } from '#app/components/admin-roster/respond.server.ts'
import { PromotionsTab } from '#app/components/admin-roster/promotions-tab.tsx'
import { channelFormSchema, INTENTS, NO_PROMOTIONS, PROMOTIONS_DONE, thresholdsFormSchema } from '#app/components/admin-roster/schemas.ts'
import type { PromotionsData, RosterActionAnswer } from '#app/components/admin-roster/types.ts'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listChannels } from '#server/discord/guild.ts'
import { toErrorBody } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { listThresholds, runPromotions, saveThresholds, syncPromotions, thresholdsInputSchema } from '#server/roster/promotions.ts'
import { settingInputSchema, updateSetting } from '#server/settings/admin-settings.ts'
import { getSetting } from '#server/settings/settings.ts'

// Promotions tab (spec 2 §2, §4, §5; ARCHITECTURE §5): the announcement channel (PUT /api/admin/settings's service,
// key promotion_channel_id), the thresholds (PUT /api/roster/promotions/thresholds's) and the on-demand run
// (POST /api/roster/promotions/run's: the run commits, then rank roles sync and the channel hears of it).

export async function loader({ context }: Route.LoaderArgs): Promise<PromotionsData> {
  assertAdminPage(context)
  const services = getServices(context)
  // Discord may be down or not configured: the page stays usable with a plain id field.
  const channels = listChannels(services.discord).then(
    (list) => ({ channels: list }),
    (error: unknown) => ({
      channels: null,
      channelsError: toErrorBody(error).body.error || 'Could not load channels from Discord.',
    }),
  )
  try {
    const [channelId, thresholds, picker] = await Promise.all([
      getSetting(services.db, 'promotion_channel_id'),
      listThresholds(services.db),
      channels,
    ])
    return { channelId, thresholds, ...picker }
  } catch (error) {
    logger.error({
      msg: 'roster admin: loading promotions failed',
      error: error instanceof Error ? error.stack : String(error),
    })
    return {
      channelId: '',
      thresholds: [],
      ...(await channels),
      loadError: 'Could not load roster data: An error occurred.',
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readRosterPost(request, context)
  switch (post.intent) {
    case INTENTS.saveChannel:
      return saveChannel(post)
    case INTENTS.saveThresholds:
      return saveThresholdsForm(post)
    case INTENTS.runPromotions:
      return run(post)
    default:
      return unknownIntent(post)
  }
}

async function saveChannel(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: channelFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  try {
    // Spec 2 §5: chat ids are trimmed and saved only when changed.
    const input = parseInput(settingInputSchema, {
      key: 'promotion_channel_id',
      value: submission.value.channel_id,
    })
    if (input.value === (await getSetting(services.db, 'promotion_channel_id'))) return succeed(post, 'No changes to save.')
    await runAdmin(services, (tx) => updateSetting(tx, post.admin, input))
    return succeed(post, input.value ? 'Promotion channel updated!' : 'Promotion announcements disabled.')
  } catch (error) {
    return fail(post, error, 'API Request Failed')
  }
}

async function saveThresholdsForm(post: RosterPost) {
  const submission = parseWithZod(post.form, { schema: thresholdsFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    // The service's own schema too (the same rule: schemas.test.ts).
    const input = parseInput(thresholdsInputSchema, submission.value)
    await runAdmin(getServices(post.context), (tx) => saveThresholds(tx, post.admin, input))
  } catch (error) {
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, 'Promotion thresholds updated!')
}

/** The run answers data, not a redirect: the page shows who moved up (name, from, to). */
async function run(post: RosterPost) {
  const services = getServices(post.context)
  let promotions
  try {
    promotions = await runAdmin(services, (tx) => runPromotions(tx, post.admin))
  } catch (error) {
    return fail(post, error, 'API Request Failed')
  }
  await syncPromotions(services, promotions, true).catch((error: unknown) =>
    logger.error({
      msg: 'roster admin: promotion sync failed',
      error: String(error),
    }),
  )
  return data<RosterActionAnswer>({
    ok: true,
    run: {
      message: promotions.length ? PROMOTIONS_DONE : NO_PROMOTIONS,
      promotedMembers: promotions.map((p) => ({
        name: p.name,
        from: p.from,
        to: p.to,
      })),
    },
  })
}

export default function PromotionsRoute({ loaderData }: Route.ComponentProps) {
  return <PromotionsTab data={loaderData} />
}

export function meta() {
  return [{ title: 'Promotions · Roster Management · Task Force HQ' }]
}
