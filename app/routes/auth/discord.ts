import type { Route } from './+types/discord'
import { getServices } from '#server/context.ts'
import { startLogin } from '#server/auth/login.ts'

// GET /auth/discord: off to Discord's authorize page (state + PKCE).
export async function loader({ request, context }: Route.LoaderArgs) {
  return startLogin(getServices(context), request)
}
