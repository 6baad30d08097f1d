import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/qualifications'
import { qualificationFormSchema } from '#app/components/admin-roster/forms.server.ts'
import { QualificationsTab } from '#app/components/admin-roster/qualifications-tab.tsx'
import {
  askToConfirm,
  fail,
  invalid,
  postedId,
  readRosterPost,
  serviceFieldErrors,
  succeed,
  unknownIntent,
  type RosterPost,
} from '#app/components/admin-roster/respond.server.ts'
import { INTENTS } from '#app/components/admin-roster/schemas.ts'
import type { QualificationsData } from '#app/components/admin-roster/types.ts'
import { runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { logger } from '#server/logger.ts'
import { createQualification, deleteQualification, listQualifications, updateQualification } from '#server/roster/qualifications.ts'

// Qualifications tab (spec 2 §2, §5): list, add / edit, delete (refused while a test grants it), through the same
// services and schema as /api/roster/qualifications.

export async function loader({ context }: Route.LoaderArgs): Promise<QualificationsData> {
  assertAdminPage(context)
  try {
    return {
      qualifications: await listQualifications(getServices(context).db),
    }
  } catch (error) {
    logger.error({
      msg: 'roster admin: loading qualifications failed',
      error: error instanceof Error ? error.stack : String(error),
    })
    return {
      qualifications: [],
      loadError: 'Could not load roster data: An error occurred.',
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readRosterPost(request, context)
  switch (post.intent) {
    case INTENTS.saveQualification:
      return save(post)
    case INTENTS.deleteQualification: {
      const id = postedId(post)
      if (id !== null && !post.confirmed) return askToConfirm(post, `delete-qualification-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deleteQualification(tx, post.admin, id ?? 0))
      } catch (error) {
        return fail(post, error, 'API Request Failed')
      }
      return succeed(post, 'Qualification deleted.')
    }
    default:
      return unknownIntent(post)
  }
}

async function save(post: RosterPost) {
  const submission = parseWithZod(post.form, {
    schema: qualificationFormSchema,
  })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, ...input } = submission.value
  try {
    const services = getServices(post.context)
    if (id) await runAdmin(services, (tx) => updateQualification(tx, post.admin, id, input))
    else await runAdmin(services, (tx) => createQualification(tx, post.admin, input))
  } catch (error) {
    // A name already taken (409) shows next to the name.
    const errors = serviceFieldErrors(error)
    if (errors && (error as { status?: number }).status === 409) {
      return invalid(post, {
        reply: () => submission.reply({ fieldErrors: { name: errors.formErrors } }),
      })
    }
    return fail(post, error, 'API Request Failed')
  }
  return succeed(post, id ? 'Qualification updated successfully.' : 'Qualification added successfully.')
}

export default function QualificationsRoute({ loaderData }: Route.ComponentProps) {
  return <QualificationsTab data={loaderData} />
}

export function meta() {
  return [{ title: 'Qualifications · Roster Management · Task Force HQ' }]
}
