import { Form, Link, NavLink, useLocation } from 'react-router'
import type { PublicUser } from '#contracts/types.ts'
import { LoginButton } from '#app/components/login-button.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { Avatar } from '#app/ui/avatar.tsx'

/** Which nav item is highlighted: Admin for any /admin path, Tests for any /tests path. */
export function activeSection(pathname: string): string | null {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  if (pathname === '/tests' || pathname.startsWith('/tests/')) return 'tests'
  if (pathname === '/orbat' || pathname.startsWith('/orbat/')) return 'orbat'
  if (pathname === '/library' || pathname.startsWith('/library/')) return 'library'
  return null
}

const links = [
  { to: '/orbat', label: 'ORBAT', section: 'orbat' },
  { to: '/tests', label: 'Tests', section: 'tests' },
  { to: '/library', label: 'Library', section: 'library' },
  { to: '/admin', label: 'Admin', section: 'admin' },
] as const

export function TopBar({ user }: { user: PublicUser | null }) {
  const { pathname, search } = useLocation()
  const section = activeSection(pathname)
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-6 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-wide text-zinc-100">
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded bg-brand-600 text-xs font-black text-zinc-950"
          >
            TF
          </span>
          {/* Read on phones too: it is the link's name when only the badge shows. */}
          <span className="sr-only sm:not-sr-only">Task Force HQ</span>
        </Link>
        <nav aria-label="Main" className="flex min-w-0 flex-1 items-center gap-0.5 overflow-x-auto sm:gap-1">
          {links.map((link) => {
            const active = section === link.section
            return (
              <NavLink
                key={link.to}
                to={link.to}
                aria-current={active ? 'page' : undefined}
                className={`rounded-md px-1.5 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3 ${
                  active ? 'bg-zinc-800 text-brand-400' : 'text-zinc-300 hover:bg-zinc-900 hover:text-white'
                }`}
              >
                {link.label}
              </NavLink>
            )
          })}
        </nav>
        {user ? (
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">
            <Link
              to="/account"
              aria-label="Your account"
              className="flex items-center gap-2 rounded-md hover:text-white"
            >
              <Avatar src={user.avatar} name={user.displayName} size={7} />
              <span
                className="hidden max-w-40 truncate text-sm text-zinc-200 md:inline"
                data-testid="user-display-name"
              >
                {user.displayName}
              </span>
            </Link>
            <Form method="post" action="/auth/logout" reloadDocument>
              {/* Smaller on phones, so the nav, the account link and Logout share 390 px. */}
              <button type="submit" className={`${buttonClass('secondary', 'xs')} sm:h-9 sm:px-3 sm:text-sm`}>
                Logout
              </button>
            </Form>
          </div>
        ) : (
          <LoginButton returnTo={pathname === '/' ? undefined : pathname + search} label="Login" size="sm" />
        )}
      </div>
    </header>
  )
}
