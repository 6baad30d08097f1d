import { data, Link } from 'react-router'
import type { Route } from './+types/discord.callback'
import { LoginButton } from '#app/components/login-button.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { getServices } from '#server/context.ts'
import { finishLogin, LoginFailed } from '#server/auth/login.ts'

// GET /auth/discord/callback: Discord sends the browser back here with ?code&state.
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await finishLogin(getServices(context), request)
  } catch (error) {
    if (error instanceof LoginFailed) return data({ message: error.message }, { status: error.status })
    throw error
  }
}

export default function LoginFailedPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">Login failed</h1>
      <p className="text-zinc-300" data-testid="login-error">
        {loaderData.message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <LoginButton label="Try again" />
        <Link to="/" className={buttonClass('muted', 'md')}>
          Back to home
        </Link>
      </div>
    </main>
  )
}

export function meta() {
  return [{ title: 'Login failed · Task Force HQ' }]
}
