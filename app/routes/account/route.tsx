import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { Route } from './+types/route'
import { ACCOUNT_INTENTS, type AccountActionData } from './intents.ts'
import { TokensSection } from './tokens-section.tsx'
import { deleteRecord } from '#app/admin/actions.ts'
import { failInline, invalid, readFormPost, unknownIntent, type FormPost } from '#app/admin/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiTokenSchema, API_TOKEN_MESSAGES } from '#contracts/api-tokens.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { requireUserPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '#server/integrations/api-tokens.ts'

// The signed-in person's own page (issue 16): their API tokens (and server tokens for admins). Forms post here and
// work without JavaScript; a new token comes back in the action's answer, never in a cookie or a URL.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context)
  const services = getServices(context)
  return { isAdmin: user.is_admin, tokens: await listApiTokens(services.db, user), appUrl: services.config.appUrl }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserPage(request, context)
  const post = await readFormPost(request, context)
  switch (post.intent) {
    case ACCOUNT_INTENTS.createToken:
      return createToken(post, user)
    case ACCOUNT_INTENTS.revokeToken:
      return deleteRecord(post, (id) => revokeApiToken(getServices(context), user, id), { success: API_TOKEN_MESSAGES.revoked, failure: 'Could not revoke the token.' })
    default:
      return unknownIntent(post)
  }
}

async function createToken(post: FormPost, user: User) {
  const submission = parseWithZod(post.form, { schema: apiTokenSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    const created = await createApiToken(getServices(post.context), user, submission.value)
    return data<AccountActionData>({ ok: true, created })
  } catch (error) {
    return failInline(post, submission, error, 'Could not create the token.')
  }
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { isAdmin, tokens, appUrl } = loaderData
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your account</h1>
        <p className="mt-1 text-zinc-400">Connect calendars, scripts and game servers to the unit.</p>
      </div>
      <TokensSection tokens={tokens} isAdmin={isAdmin} appUrl={appUrl} />
    </main>
  )
}

export function meta() {
  return [{ title: 'Your account · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
