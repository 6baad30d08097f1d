import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/presets'
import { invalid, postedId, readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import { PresetsTab } from '#app/components/admin-settings/presets-tab.tsx'
import type { PresetsData } from '#app/components/admin-settings/types.ts'
import { presetNameSchema, SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import { deletePreset, listPresets, renamePreset, savePreset } from '#server/orbat/presets.ts'
import { pageTitle } from '#app/components/admin-settings/types.ts'
import { settingsMessages, settingsTexts } from './page-texts.server.ts'

// ORBAT Presets (docs/rules/orbat.md, presets): save the current saved layout under a name, rename, delete (confirmed),
// through the same use cases and schema as /api/admin/orbat/presets. Load is not an action here: it fills the editor
// (GET /admin/orbat?preset=ID, or the panel's callback).

export async function loader({ request, context }: Route.LoaderArgs): Promise<PresetsData> {
  await requirePageUser(request, context, 'admin')
  const { say } = await settingsTexts(request, context)
  const [data, messages] = await Promise.all([
    withLoadError(
      'admin settings: presets',
      async () => ({ presets: await listPresets(getServices(context).db) }),
      { presets: [] },
      say('loadFailed'),
    ),
    settingsMessages(request, context),
  ])
  return { ...data, messages }
}

type Texts = Awaited<ReturnType<typeof settingsTexts>>

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const texts = await settingsTexts(request, context)
  const { say, inPage } = texts
  switch (post.intent) {
    case INTENTS.savePreset:
    case INTENTS.renamePreset:
      return saveOrRename(post, texts)
    case INTENTS.deletePreset:
      return deleteRecord(post, (id) => inPage(deletePreset(getServices(context), post.admin, id)), {
        success: say('presets.toasts.deleted'),
        failure: say('common.apiFailed'),
      })
    default:
      return unknownIntent(post)
  }
}

async function saveOrRename(post: AdminPost, { say, inPage }: Texts) {
  const submission = parseWithZod(post.form, { schema: presetNameSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  if (post.intent === INTENTS.savePreset) {
    return runUseCase(post, () => inPage(savePreset(services, post.admin, submission.value)), {
      success: (preset) => say('presets.toasts.saved', { name: preset.name }),
      failure: say('common.apiFailed'),
    })
  }
  return runUseCase(post, () => inPage(renamePreset(services, post.admin, postedId(post) ?? 0, submission.value)), {
    success: (preset) => say('presets.toasts.renamed', { name: preset.name }),
    failure: say('common.apiFailed'),
  })
}

export default function PresetsSettings({ loaderData }: Route.ComponentProps) {
  return <PresetsTab data={loaderData} />
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.messages, 'presets') ?? 'ORBAT Presets · Admin Settings · Task Force HQ' }]
}
