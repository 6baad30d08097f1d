import type { Route } from './+types/admin.tests.images'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { readUploadedImage, uploadTestImage } from '#server/assessments/images.ts'

// POST /api/admin/tests/images (admin): the question editor's image upload (multipart field "image", or raw bytes).
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return Response.json(await uploadTestImage(getServices(context), admin, await readUploadedImage(request)), {
      status: 201,
    })
  })
}
