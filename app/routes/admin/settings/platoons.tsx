import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/platoons'
import { SettingsPage } from '#app/components/admin-settings/panel.tsx'
import { INTENTS, platoonFormSchema } from '#app/components/admin-settings/schemas.ts'
import { tabPath, type PlatoonsData } from '#app/components/admin-settings/types.ts'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import { createPlatoon, deletePlatoon, listPlatoons, platoonInputSchema } from '#server/orbat/platoons.ts'
import { askToConfirm, fail, invalid, postedId, readSettingsPost, succeed, unknownIntent } from './respond.server.ts'

// Platoons (spec 1 §2, §5, §8): Add New Platoon and delete (confirmed; its squads become unassigned), through the
// same services and rules as /api/admin/platoons.

const PATH = tabPath('platoons')

export async function loader({ context }: Route.LoaderArgs): Promise<PlatoonsData> {
  assertAdminPage(context)
  try {
    return { platoons: await listPlatoons(getServices(context).db) }
  } catch (error) {
    logger.error({ msg: 'admin settings: loading platoons failed', error: error instanceof Error ? error.stack : String(error) })
    return { platoons: [], loadError: 'Failed to load platoons' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readSettingsPost(request, context, PATH)
  const services = getServices(context)
  switch (post.intent) {
    case INTENTS.createPlatoon: {
      const submission = parseWithZod(post.form, { schema: platoonFormSchema })
      if (submission.status !== 'success') return invalid(post, submission)
      try {
        const input = parseInput(platoonInputSchema, submission.value)
        await runAdmin(services, (tx) => createPlatoon(tx, post.admin, input))
      } catch (error) {
        return fail(post, error, 'Failed to create platoon.')
      }
      return succeed(post, 'Platoon created!')
    }
    case INTENTS.deletePlatoon: {
      const id = postedId(post)
      if (id !== null && !post.confirmed) return askToConfirm(post, `${INTENTS.deletePlatoon}-${id}`)
      try {
        await runAdmin(services, (tx) => deletePlatoon(tx, post.admin, id ?? 0))
      } catch (error) {
        return fail(post, error, 'Failed to delete platoon.')
      }
      return succeed(post, 'Platoon deleted.')
    }
    default:
      return unknownIntent(post)
  }
}

export default function PlatoonsSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage tab="platoons" data={loaderData} actionData={actionData} />
}

export function meta() {
  return [{ title: 'Platoons · Admin Settings · Task Force HQ' }]
}
