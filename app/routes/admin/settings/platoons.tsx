import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/platoons'
import { invalid, readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import { PlatoonsTab } from '#app/components/admin-settings/platoons-tab.tsx'
import type { PlatoonsData } from '#app/components/admin-settings/types.ts'
import { platoonSchema, SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import { loadRolePicker } from '#server/discord/guild.ts'
import { createPlatoon, deletePlatoon, listPlatoons } from '#server/orbat/platoons.ts'
import { pageTitle } from '#app/components/admin-settings/types.ts'
import { settingsMessages, settingsTexts } from './page-texts.server.ts'

// Platoons (docs/rules/orbat.md, platoons): Add New Platoon and delete (confirmed; its squads become unassigned),
// through the same use cases and schema as /api/admin/platoons.

export async function loader({ request, context }: Route.LoaderArgs): Promise<PlatoonsData> {
  await requirePageUser(request, context, 'admin')
  const { say } = await settingsTexts(request, context)
  const [data, picker, messages] = await Promise.all([
    withLoadError(
      'admin settings: platoons',
      async () => ({ platoons: await listPlatoons(getServices(context).db) }),
      { platoons: [] },
      say('platoons.loadFailed'),
    ),
    loadRolePicker(getServices(context).discord),
    settingsMessages(request, context),
  ])
  return { ...data, ...picker, messages }
}

type Texts = Awaited<ReturnType<typeof settingsTexts>>

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const texts = await settingsTexts(request, context)
  const { say, inPage } = texts
  switch (post.intent) {
    case INTENTS.createPlatoon:
      return create(post, texts)
    case INTENTS.deletePlatoon:
      return deleteRecord(post, (id) => inPage(deletePlatoon(getServices(context), post.admin, id)), {
        success: say('platoons.toasts.deleted'),
        failure: say('platoons.toasts.deleteFailed'),
      })
    default:
      return unknownIntent(post)
  }
}

async function create(post: AdminPost, { say, inPage }: Texts) {
  const submission = parseWithZod(post.form, { schema: platoonSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  return runUseCase(post, () => inPage(createPlatoon(getServices(post.context), post.admin, submission.value)), {
    success: say('platoons.toasts.created'),
    failure: say('platoons.toasts.createFailed'),
  })
}

export default function PlatoonsSettings({ loaderData }: Route.ComponentProps) {
  return <PlatoonsTab data={loaderData} />
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.messages, 'platoons') ?? 'Platoons · Admin Settings · Task Force HQ' }]
}
