import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router'
import type { Route } from './+types/layout'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { LoginButton } from '#app/components/login-button.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { lookUpAdminAccess, requirePageUser } from '#server/auth/user.ts'

// Looks up admin access once per request, before any child loader runs. Every admin loader and action then asserts
// it with requirePageUser(request, context, 'admin'), a lookup in the request context.
// NOTE: the middleware itself does not throw: React Router renders middleware errors in the boundary of the
// highest route with a loader (the root), and the access states belong in this layout.
export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => lookUpAdminAccess(request, context)]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  return null
}

export default function AdminLayout() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 401) return <AdminAccessRequired />
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />
  return <GeneralErrorBoundary />
}

function AdminAccessRequired() {
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold">Admin Access Required</h1>
      <p className="text-zinc-400">Log in with Discord to open the admin panel.</p>
      <LoginButton returnTo="/admin" />
      <MemberAreas signedIn={false} />
    </main>
  )
}

/** Where a person who may not enter the admin panel can go instead: home and the areas that are theirs. */
const MEMBER_AREAS = [
  { to: '/orbat', label: 'ORBAT' },
  { to: '/trainings', label: 'Trainings' },
  { to: '/tests', label: 'Qualification Tests' },
  { to: '/roster', label: 'Roster' },
  { to: '/library', label: 'Library' },
] as const

function MemberAreas({ signedIn }: { signedIn: boolean }) {
  const areas = signedIn ? [...MEMBER_AREAS, { to: '/account', label: 'Your account' }] : MEMBER_AREAS
  return (
    <nav aria-label="Elsewhere" className="mt-4 flex flex-col items-center gap-3" data-testid="member-areas">
      <Link to="/" className={buttonClass('muted', 'lg')}>
        Back to home
      </Link>
      <ul className="flex flex-wrap justify-center gap-2">
        {areas.map((area) => (
          <li key={area.to}>
            <Link to={area.to} className={buttonClass('secondary', 'lg')}>
              {area.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function AccessDenied() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-20 text-center">
      <h1 className="text-xl font-bold text-red-400" data-testid="access-denied">
        Access Denied - You do not have the required Discord role to access the admin panel.
      </h1>
      <MemberAreas signedIn />
    </main>
  )
}
