import { buttonClass, type ButtonSize } from '#app/ui/button.ts'
import { LoginIcon } from '#app/ui/icons.tsx'

// Login with Discord: a full page load (/auth/discord redirects to Discord, it is not a page of this app), back to
// `returnTo` afterwards.

export function LoginButton({
  returnTo,
  label = 'Login with Discord',
  size = 'md',
  compact = false,
}: {
  returnTo?: string
  label?: string
  size?: ButtonSize
  /** An icon below `sm` (the label is its name), so the top bar's links keep their room on a phone in any language. */
  compact?: boolean
}) {
  const href = returnTo ? `/auth/discord?returnTo=${encodeURIComponent(returnTo)}` : '/auth/discord'
  if (!compact)
    return (
      <a href={href} className={buttonClass('discord', size)}>
        {label}
      </a>
    )
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      className={`${buttonClass('discord', size)} max-sm:size-8 max-sm:px-0`}
    >
      <LoginIcon className="size-4 sm:hidden" />
      <span className="hidden sm:inline">{label}</span>
    </a>
  )
}
