import type { Route } from './+types/waitlist.join'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler, Invalid } from '#server/errors.ts'
import { joinTheWaitlist } from '#server/orbat/actions.ts'

// POST /api/waitlist/join (spec 1 §7): body {squad_preference}.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const body = await readJson(request)
    const entry = await joinTheWaitlist(getServices(context), user, body.squad_preference)
    return { message: 'Successfully joined the waitlist!', entry }
  })
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // fall through
  }
  throw new Invalid('The request body must be a JSON object.')
}
