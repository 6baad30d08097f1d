import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/presets'
import { SettingsPage } from '#app/components/admin-settings/panel.tsx'
import { INTENTS, renamePresetSchema, savePresetSchema } from '#app/components/admin-settings/schemas.ts'
import { tabPath, type PresetsData } from '#app/components/admin-settings/types.ts'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import { deletePreset, listPresets, presetNameSchema, renamePreset, savePreset } from '#server/orbat/presets.ts'
import { askToConfirm, fail, invalid, postedId, readSettingsPost, succeed, unknownIntent } from './respond.server.ts'

// ORBAT Presets (spec 1 §2, §5, ARCHITECTURE §5): save the current saved layout under a name, rename, delete
// (confirmed). Load is not an action here: it fills the editor (GET /admin/orbat?preset=ID, or the panel's callback).

const PATH = tabPath('presets')

export async function loader({ context }: Route.LoaderArgs): Promise<PresetsData> {
  assertAdminPage(context)
  try {
    return { presets: await listPresets(getServices(context).db) }
  } catch (error) {
    logger.error({ msg: 'admin settings: loading presets failed', error: error instanceof Error ? error.stack : String(error) })
    return { presets: [], loadError: 'Failed to fetch admin data.' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readSettingsPost(request, context, PATH)
  const services = getServices(context)
  switch (post.intent) {
    case INTENTS.savePreset: {
      const submission = parseWithZod(post.form, { schema: savePresetSchema })
      if (submission.status !== 'success') return invalid(post, submission)
      try {
        const input = parseInput(presetNameSchema, submission.value)
        const preset = await runAdmin(services, (tx) => savePreset(tx, post.admin, input))
        return succeed(post, `Preset "${preset.name}" saved.`)
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
    }
    case INTENTS.renamePreset: {
      const submission = parseWithZod(post.form, { schema: renamePresetSchema })
      if (submission.status !== 'success') return invalid(post, submission)
      try {
        const input = parseInput(presetNameSchema, { name: submission.value.name })
        const preset = await runAdmin(services, (tx) => renamePreset(tx, post.admin, submission.value.id, input))
        return succeed(post, `Preset renamed to "${preset.name}".`)
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
    }
    case INTENTS.deletePreset: {
      const id = postedId(post)
      if (id !== null && !post.confirmed) return askToConfirm(post, `${INTENTS.deletePreset}-${id}`)
      try {
        await runAdmin(services, (tx) => deletePreset(tx, post.admin, id ?? 0))
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
      return succeed(post, 'Preset deleted.')
    }
    default:
      return unknownIntent(post)
  }
}

export default function PresetsSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage tab="presets" data={loaderData} actionData={actionData} />
}

export function meta() {
  return [{ title: 'ORBAT Presets · Admin Settings · Task Force HQ' }]
}
