import { buttonClass, type ButtonSize } from '#app/ui/button.ts'

// Login with Discord: a full page load (/auth/discord redirects to Discord, it is not a page of this app), back to
// `returnTo` afterwards.

export function LoginButton({
  returnTo,
  label = 'Login with Discord',
  size = 'md',
}: {
  returnTo?: string
  label?: string
  size?: ButtonSize
}) {
  const href = returnTo ? `/auth/discord?returnTo=${encodeURIComponent(returnTo)}` : '/auth/discord'
  return (
    <a href={href} className={buttonClass('discord', size)}>
      {label}
    </a>
  )
}
