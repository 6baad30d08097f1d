import type { Route } from './+types/logout'
import { getServices } from '#server/context.ts'
import { logout } from '#server/auth/login.ts'

// POST /auth/logout: the top bar's Logout button (a form, so it works without JavaScript and no GET is needed).
export async function action({ request, context }: Route.ActionArgs) {
  return logout(getServices(context), request, { toast: true })
}

// GET /auth/logout: the browser-redirect logout, kept for links and bookmarks. The session cookie is
// SameSite=Lax and logging out is harmless, so this one GET with a side effect is accepted.
export async function loader({ request, context }: Route.LoaderArgs) {
  return logout(getServices(context), request)
}
