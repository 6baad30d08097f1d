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

// ORBAT Presets (docs/rules/orbat.md, presets): save the current saved layout under a name, rename, delete (confirmed),
// through the same use cases and schema as /api/admin/orbat/presets. Load is not an action here: it fills the editor
// (GET /admin/orbat?preset=ID, or the panel's callback).

export async function loader({ request, context }: Route.LoaderArgs): Promise<PresetsData> {
  await requirePageUser(request, context, 'admin')
  return withLoadError(
    'admin settings: presets',
    async () => ({ presets: await listPresets(getServices(context).db) }),
    { presets: [] },
    'Failed to fetch admin data.',
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case INTENTS.savePreset:
    case INTENTS.renamePreset:
      return saveOrRename(post)
    case INTENTS.deletePreset:
      return deleteRecord(post, (id) => deletePreset(getServices(context), post.admin, id), {
        success: 'Preset deleted.',
        failure: 'API Request Failed',
      })
    default:
      return unknownIntent(post)
  }
}

async function saveOrRename(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: presetNameSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const services = getServices(post.context)
  if (post.intent === INTENTS.savePreset) {
    return runUseCase(post, () => savePreset(services, post.admin, submission.value), {
      success: (preset) => `Preset "${preset.name}" saved.`,
      failure: 'API Request Failed',
    })
  }
  return runUseCase(post, () => renamePreset(services, post.admin, postedId(post) ?? 0, submission.value), {
    success: (preset) => `Preset renamed to "${preset.name}".`,
    failure: 'API Request Failed',
  })
}

export default function PresetsSettings({ loaderData }: Route.ComponentProps) {
  return <PresetsTab data={loaderData} />
}

export function meta() {
  return [{ title: 'ORBAT Presets · Admin Settings · Task Force HQ' }]
}
