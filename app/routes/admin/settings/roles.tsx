import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/roles'
import { askToConfirm, invalid, postedId, readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import { RolesTab } from '#app/components/admin-settings/roles-tab.tsx'
import type { RolesData } from '#app/components/admin-settings/types.ts'
import { eligibleRoleSchema, SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import { loadRolePicker } from '#server/discord/guild.ts'
import {
  deleteEligibleRole,
  listEligibleRoles,
  purgeWaitlist,
  saveEligibleRole,
} from '#server/orbat/waitlist/eligible-roles.ts'

// Eligible Roles (docs/rules/orbat.md): add/edit, delete (confirmed) and the Danger Zone purge (confirmed), through the
// same use cases and schema as /api/admin/waitlist-roles and DELETE /api/admin/waitlist.

export async function loader({ request, context }: Route.LoaderArgs): Promise<RolesData> {
  await requirePageUser(request, context, 'admin')
  const [data, picker] = await Promise.all([
    withLoadError(
      'admin settings: eligible roles',
      async () => ({ roles: await listEligibleRoles(getServices(context).db) }),
      { roles: [] },
      'Failed to fetch admin data.',
    ),
    loadRolePicker(getServices(context).discord),
  ])
  return { ...data, ...picker }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case INTENTS.saveRole:
      return saveRole(post)
    case INTENTS.deleteRole:
      return deleteRecord(post, (id) => deleteEligibleRole(getServices(context), post.admin, id), {
        success: 'Role deleted.',
        failure: 'API Request Failed',
      })
    case INTENTS.purgeWaitlist:
      return purge(post)
    default:
      return unknownIntent(post)
  }
}

async function saveRole(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: eligibleRoleSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  // Edit mode posts the role's id; one that is no id matches no role.
  const id = post.form.has('id') ? (postedId(post) ?? 0) : undefined
  return runUseCase(post, () => saveEligibleRole(getServices(post.context), post.admin, submission.value, id), {
    success: id === undefined ? 'Role added successfully.' : 'Role updated successfully.',
    failure: 'Failed to save role.',
  })
}

async function purge(post: AdminPost) {
  if (!post.confirmed) return askToConfirm(post, INTENTS.purgeWaitlist)
  return runUseCase(post, () => purgeWaitlist(getServices(post.context), post.admin), {
    success: 'Waitlist purged successfully.',
    failure: 'Failed to purge waitlist.',
  })
}

export default function RolesSettings({ loaderData }: Route.ComponentProps) {
  return <RolesTab data={loaderData} />
}

export function meta() {
  return [{ title: 'Eligible Roles · Admin Settings · Task Force HQ' }]
}
