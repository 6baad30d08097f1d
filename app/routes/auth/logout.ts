import type { Route } from './+types/logout'
import { getServices } from '#server/context.ts'
import { logout, logoutByNavigation } from '#server/auth/login.ts'

// POST /auth/logout: the top bar's Logout button (a form, so it works without JavaScript and no GET is needed).
export async function action({ request, context }: Route.ActionArgs) {
  return logout(getServices(context), request, { toast: true })
}

// GET /auth/logout: the browser-redirect logout (docs/rules/api.md), kept for links and bookmarks, but only for a
// top-level navigation of the app's own pages: an <img src="/auth/logout"> or another site's link changes nothing.
export async function loader({ request, context }: Route.LoaderArgs) {
  return logoutByNavigation(getServices(context), request)
}
