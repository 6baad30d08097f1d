import { Form, Link, NavLink, useLocation } from 'react-router'
import type { PublicUser } from '#contracts/types.ts'
import { LoginButton } from '#app/components/login-button.tsx'
import { Avatar } from '#app/ui/avatar.tsx'
import { LogoutIcon } from '#app/ui/icons.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** Which nav item is highlighted: Admin for any /admin path, Tests for any /tests path. */
export function activeSection(pathname: string): string | null {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  if (pathname === '/tests' || pathname.startsWith('/tests/')) return 'tests'
  if (pathname === '/orbat' || pathname.startsWith('/orbat/')) return 'orbat'
  if (pathname === '/library' || pathname.startsWith('/library/')) return 'library'
  if (pathname === '/join') return 'join'
  return null
}

/** The nav's links; each one's text is the shell's `nav.<section>`. */
const links = [
  { to: '/orbat', section: 'orbat' },
  { to: '/tests', section: 'tests' },
  { to: '/library', section: 'library' },
  { to: '/admin', section: 'admin' },
  { to: '/join', section: 'join' },
] as const

/**
 * Admin shows to everyone (an outsider who opens it reads Admin Access Required, with ways elsewhere). Join is for
 * people who are not members (signed out, or signed in without a roster entry) and not admins. Four links fit the bar
 * at 320 px, so on phones Join takes the place of Tests, which only members can take. `wide` links hide below `sm`.
 */
export function visibleLinks(user: Pick<PublicUser, 'isAdmin' | 'isMember'> | null) {
  const join = !user?.isAdmin && !user?.isMember
  return links
    .filter((link) => link.section !== 'join' || join)
    .map((link) => ({ ...link, wide: join && link.section === 'tests' }))
}

// NOTE: one row of 3.5rem at every width (the full-bleed ORBAT pages and the waitlist panel sit under it), and nothing
// in it may be cut off from 320 px up: below `sm` the links are tighter and Logout is an icon; the brand's words show
// from `md`, the display name from `lg`. tests/e2e/shell.spec.ts checks every control is whole at 320 to 1440 px.
export function TopBar({ user }: { user: PublicUser | null }) {
  const { pathname, search } = useLocation()
  const section = activeSection(pathname)
  const t = useT('shell')
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1.5 px-2 min-[360px]:gap-2 min-[360px]:px-3 sm:gap-4 sm:px-6 lg:gap-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-wide text-zinc-100">
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded bg-brand-600 text-xs font-black text-zinc-950"
          >
            TF
          </span>
          {/* Read on phones too: it is the link's name when only the badge shows. */}
          <span className="sr-only md:not-sr-only">{t('brand')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="flex min-w-0 flex-1 items-center sm:gap-1">
          {visibleLinks(user).map((link) => {
            const active = section === link.section
            return (
              <NavLink
                key={link.to}
                to={link.to}
                aria-current={active ? 'page' : undefined}
                className={`rounded-md px-1 py-1.5 text-[13px] font-medium whitespace-nowrap min-[360px]:text-sm min-[400px]:px-1.5 sm:px-3 ${link.wide ? 'max-sm:hidden ' : ''}${
                  active ? 'bg-zinc-800 text-brand-400' : 'text-zinc-300 hover:bg-zinc-900 hover:text-white'
                }`}
              >
                {t(`nav.${link.section}`)}
              </NavLink>
            )
          })}
        </nav>
        {user ? (
          <div className="flex shrink-0 items-center gap-1.5 min-[360px]:gap-2 sm:gap-3">
            <Link
              to="/account"
              aria-label={t('yourAccount')}
              className="flex items-center gap-2 rounded-md hover:text-white"
            >
              <Avatar src={user.avatar} name={user.displayName} size={7} />
              <span
                className="hidden max-w-40 truncate text-sm text-zinc-200 lg:inline"
                title={user.displayName}
                data-testid="user-display-name"
              >
                {user.displayName}
              </span>
            </Link>
            <Form method="post" action="/auth/logout" reloadDocument>
              {/* An icon on phones, so the nav, the account link and Logout share 320 px. */}
              <button
                type="submit"
                aria-label={t('logout')}
                title={t('logout')}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-zinc-700 text-zinc-200 transition hover:border-zinc-500 hover:text-white sm:h-9 sm:w-auto sm:px-3 sm:text-sm"
              >
                <LogoutIcon className="size-4 sm:hidden" />
                <span className="hidden sm:inline">{t('logout')}</span>
              </button>
            </Form>
          </div>
        ) : (
          <LoginButton
            returnTo={pathname === '/' ? undefined : pathname + search}
            label={t('login')}
            size="sm"
            compact
          />
        )}
      </div>
    </header>
  )
}
