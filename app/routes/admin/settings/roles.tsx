import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/roles'
import { SettingsPage } from '#app/components/admin-settings/panel.tsx'
import { INTENTS, roleFormSchema } from '#app/components/admin-settings/schemas.ts'
import { tabPath, type RolesData } from '#app/components/admin-settings/types.ts'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import {
  addEligibleRole,
  deleteEligibleRole,
  eligibleRoleInputSchema,
  listEligibleRoles,
  purgeWaitlist,
  updateEligibleRole,
} from '#server/waitlist/eligible-roles.ts'
import { askToConfirm, fail, invalid, postedId, readSettingsPost, succeed, unknownIntent, type SettingsPost } from './respond.server.ts'

// Eligible Roles (spec 1 §2, §5, §8): add/edit, delete (confirmed) and the Danger Zone purge (confirmed), through the
// same services and rules as /api/admin/waitlist-roles and DELETE /api/admin/waitlist.

const PATH = tabPath('roles')

export async function loader({ context }: Route.LoaderArgs): Promise<RolesData> {
  assertAdminPage(context)
  try {
    return { roles: await listEligibleRoles(getServices(context).db) }
  } catch (error) {
    logger.error({ msg: 'admin settings: loading eligible roles failed', error: error instanceof Error ? error.stack : String(error) })
    return { roles: [], loadError: 'Failed to fetch admin data.' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readSettingsPost(request, context, PATH)
  switch (post.intent) {
    case INTENTS.saveRole:
      return saveRole(post)
    case INTENTS.deleteRole: {
      const id = postedId(post)
      if (id !== null && !post.confirmed) return askToConfirm(post, `${INTENTS.deleteRole}-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deleteEligibleRole(tx, post.admin, id ?? 0))
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
      return succeed(post, 'Role deleted.')
    }
    case INTENTS.purgeWaitlist: {
      if (!post.confirmed) return askToConfirm(post, INTENTS.purgeWaitlist)
      try {
        await runAdmin(getServices(context), (tx) => purgeWaitlist(tx, post.admin))
      } catch (error) {
        return fail(post, error, 'Failed to purge waitlist.')
      }
      return succeed(post, 'Waitlist purged successfully.')
    }
    default:
      return unknownIntent(post)
  }
}

async function saveRole(post: SettingsPost) {
  const submission = parseWithZod(post.form, { schema: roleFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, ...fields } = submission.value
  try {
    // The service's own schema too (the same rules: schemas.test.ts), so this form and the /api agree by construction.
    const input = parseInput(eligibleRoleInputSchema, fields)
    const services = getServices(post.context)
    if (id) await runAdmin(services, (tx) => updateEligibleRole(tx, post.admin, id, input))
    else await runAdmin(services, (tx) => addEligibleRole(tx, post.admin, input))
    return succeed(post, id ? 'Role updated successfully.' : 'Role added successfully.')
  } catch (error) {
    return fail(post, error, 'Failed to save role.')
  }
}

export default function RolesSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage tab="roles" data={loaderData} actionData={actionData} />
}

export function meta() {
  return [{ title: 'Eligible Roles · Admin Settings · Task Force HQ' }]
}
