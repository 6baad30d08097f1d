import { data, isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router'
import type { Route } from './+types/layout'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { LoginButton } from '#app/components/login-button.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { MoreMessages, useT, type WithMessages } from '#app/ui/i18n.tsx'
import { lookUpAdminAccess, requirePageUser } from '#server/auth/user.ts'
import { pageMessages } from '#server/http/page-texts.ts'
// NOTE: only the access screens' English texts reach the bundle (a named JSON import is tree-shaken), for a refusal that
// came without texts (a child's loader answered first); their messages have no arguments, so they need no compiling.
import { adminHub as englishAdminHub } from '#contracts/i18n/en.json'

// Looks up admin access once per request, before any child loader runs. Every admin loader and action then asserts
// it with requirePageUser(request, context, 'admin'), a lookup in the request context.
// NOTE: the middleware itself does not throw: React Router renders middleware errors in the boundary of the
// highest route with a loader (the root), and the access states belong in this layout.
export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => lookUpAdminAccess(request, context)]

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requirePageUser(request, context, 'admin')
  } catch (error) {
    // The access screens below speak the page's language: the refusal carries their texts (`adminHub.access`).
    if (!isRouteErrorResponse(error)) throw error
    const messages = await pageMessages(request, context, ['adminHub'])
    throw data({ ...(error.data as object), messages }, { status: error.status, statusText: error.statusText })
  }
  return null
}

export default function AdminLayout() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) return <GeneralErrorBoundary />
  const { messages } = (error.data ?? {}) as Partial<WithMessages>
  return (
    <MoreMessages messages={messages?.['adminHub'] ? messages : { adminHub: { access: englishAdminHub.access } }}>
      {error.status === 401 ? <AdminAccessRequired /> : <AccessDenied />}
    </MoreMessages>
  )
}

function AdminAccessRequired() {
  const t = useT('adminHub.access')
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold">{t('required')}</h1>
      <p className="text-zinc-400">{t('logIn')}</p>
      <LoginButton returnTo="/admin" label={t('loginButton')} />
      <MemberAreas signedIn={false} />
    </main>
  )
}

/** Where a person who may not enter the admin panel can go instead: home and the areas that are theirs. */
const MEMBER_AREAS = [
  { to: '/orbat', key: 'orbat' },
  { to: '/trainings', key: 'trainings' },
  { to: '/tests', key: 'tests' },
  { to: '/roster', key: 'roster' },
  { to: '/library', key: 'library' },
] as const

function MemberAreas({ signedIn }: { signedIn: boolean }) {
  const t = useT('adminHub.access')
  const areas = signedIn ? [...MEMBER_AREAS, { to: '/account', key: 'account' } as const] : MEMBER_AREAS
  return (
    <nav aria-label={t('elsewhere')} className="mt-4 flex flex-col items-center gap-3" data-testid="member-areas">
      <Link to="/" className={buttonClass('muted', 'lg')}>
        {t('backHome')}
      </Link>
      <ul className="flex flex-wrap justify-center gap-2">
        {areas.map((area) => (
          <li key={area.to}>
            <Link to={area.to} className={buttonClass('secondary', 'lg')}>
              {t(`areas.${area.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function AccessDenied() {
  const t = useT('adminHub.access')
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-20 text-center">
      <h1 className="text-xl font-bold text-red-400" data-testid="access-denied">
        {t('denied')}
      </h1>
      <MemberAreas signedIn />
    </main>
  )
}
