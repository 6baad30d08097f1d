import type { Route } from './+types/logout'
import { getServices } from '#server/context.ts'
import { logout } from '#server/auth/login.ts'

// GET /auth/logout: ends the session on the server. The spec names it a browser redirect, so it is a GET;
// the session cookie is SameSite=Lax, and a forced logout is harmless.
export async function loader({ request, context }: Route.LoaderArgs) {
  return logout(getServices(context), request)
}
