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
import { pageTitle } from '#app/components/admin-settings/types.ts'
import { settingsMessages, settingsTexts } from './page-texts.server.ts'

// Eligible Roles (docs/rules/orbat.md): add/edit, delete (confirmed) and the Danger Zone purge (confirmed), through the
// same use cases and schema as /api/admin/waitlist-roles and DELETE /api/admin/waitlist.

export async function loader({ request, context }: Route.LoaderArgs): Promise<RolesData> {
  await requirePageUser(request, context, 'admin')
  const { say } = await settingsTexts(request, context)
  const [data, picker, messages] = await Promise.all([
    withLoadError(
      'admin settings: eligible roles',
      async () => ({ roles: await listEligibleRoles(getServices(context).db) }),
      { roles: [] },
      say('loadFailed'),
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
    case INTENTS.saveRole:
      return saveRole(post, texts)
    case INTENTS.deleteRole:
      return deleteRecord(post, (id) => inPage(deleteEligibleRole(getServices(context), post.admin, id)), {
        success: say('roles.toasts.deleted'),
        failure: say('common.apiFailed'),
      })
    case INTENTS.purgeWaitlist:
      return purge(post, texts)
    default:
      return unknownIntent(post)
  }
}

async function saveRole(post: AdminPost, { say, inPage }: Texts) {
  const submission = parseWithZod(post.form, { schema: eligibleRoleSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  // Edit mode posts the role's id; one that is no id matches no role.
  const id = post.form.has('id') ? (postedId(post) ?? 0) : undefined
  const save = () => inPage(saveEligibleRole(getServices(post.context), post.admin, submission.value, id))
  return runUseCase(post, save, {
    success: say(id === undefined ? 'roles.toasts.added' : 'roles.toasts.updated'),
    failure: say('roles.toasts.saveFailed'),
  })
}

async function purge(post: AdminPost, { say, inPage }: Texts) {
  if (!post.confirmed) return askToConfirm(post, INTENTS.purgeWaitlist)
  return runUseCase(post, () => inPage(purgeWaitlist(getServices(post.context), post.admin)), {
    success: say('roles.toasts.purged'),
    failure: say('roles.toasts.purgeFailed'),
  })
}

export default function RolesSettings({ loaderData }: Route.ComponentProps) {
  return <RolesTab data={loaderData} />
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.messages, 'roles') ?? 'Eligible Roles · Admin Settings · Task Force HQ' }]
}
