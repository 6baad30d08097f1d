import type { RouterContextProvider } from 'react-router'
import { TEST_ERRORS, TEST_MESSAGES, testFormSchema, type AdminTest } from '#contracts/assessments.ts'
import { saveRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { parseId } from '#server/lib/request.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { warmRichText } from '#server/rich-text.ts'
import { NotFound } from '#server/errors.ts'
import { listPublicQualifications } from '#server/roster/qualifications.ts'
import { getAdminTest } from '#server/assessments/queries.ts'
import { createTest, updateTest } from '#server/assessments/tests.ts'
import { redirectWithToast } from '#server/toast.ts'
import { SAVE_TEST } from './test-editor.tsx'

// The test editor's loader and action, shared by /admin/tests/new and /admin/tests/{id}/edit: the same contract schema
// and use cases as the /api routes (POST /api/tests and PUT /api/tests/{id}), answered through the one responder. A new
// test is the id null.

type Ctx = Readonly<RouterContextProvider>

interface TestEditorData {
  /** The test being edited; null when creating. */
  test: AdminTest | null
  /** The qualification list, for the test's qualification select. */
  qualifications: Array<{ id: number; name: string }>
}

export async function loadTestEditor(request: Request, context: Ctx, idParam: string | null): Promise<TestEditorData> {
  await requirePageUser(request, context, 'admin')
  warmRichText()
  const { db, config } = getServices(context)
  const qualifications = await listPublicQualifications(db)
  if (idParam === null) return { test: null, qualifications }
  try {
    return { test: await getAdminTest(db, parseId(idParam, 'Test')), qualifications }
  } catch (error) {
    // A test deleted meanwhile (or a made-up id): back to the list with the reason.
    if (error instanceof NotFound)
      throw await redirectWithToast(config, '/admin/tests', { type: 'error', message: TEST_ERRORS.testNotFound })
    throw error
  }
}

export async function saveTestEditor(request: Request, context: Ctx, idParam: string | null) {
  const post = await readAdminPost(request, context)
  if (post.intent !== SAVE_TEST) return unknownIntent(post)
  const id = idParam === null ? null : parseId(idParam, 'Test')
  const services = getServices(context)
  return saveRecord(post, testFormSchema, {
    save: (value) =>
      id === null ? createTest(services, post.admin, value) : updateTest(services, post.admin, id, value),
    done: () => (id === null ? 'Test created successfully.' : 'Test updated successfully.'),
    failed: id === null ? TEST_MESSAGES.createFailed : TEST_MESSAGES.updateFailed,
    to: '/admin/tests',
  })
}
