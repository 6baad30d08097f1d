// The one set of button looks (docs/decisions/016-one-admin-kit.md). Class strings, so links, submit buttons and menu
// items share them.

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'accent' | 'muted' | 'discord'
export type ButtonSize = 'lg' | 'md' | 'sm' | 'xs'

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-50'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 font-semibold text-zinc-950 hover:bg-brand-500',
  secondary: 'border border-zinc-700 text-zinc-200 hover:border-zinc-500 hover:text-white',
  danger: 'border border-red-500/50 text-red-300 hover:bg-red-950/60 hover:text-red-200',
  /** An outlined call to action in the brand colour (Login to Sign Up). */
  accent: 'border border-zinc-700 font-medium text-brand-400 hover:border-brand-600',
  /** A quiet filled button (Back to home on the error screens). */
  muted: 'bg-zinc-800 font-medium text-zinc-100 hover:bg-zinc-700',
  /** Login with Discord, in Discord's colour. */
  discord: 'bg-[#5865F2] font-semibold text-white hover:bg-[#4752c4]',
}

const SIZES: Record<ButtonSize, string> = {
  /** A 44 px touch target (phone lists). */
  lg: 'h-11 px-4 text-sm font-medium',
  md: 'h-10 px-4 text-sm',
  sm: 'h-9 px-3 text-sm',
  xs: 'h-8 px-2.5 text-xs font-medium',
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'sm'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`
}

export const primaryButton = buttonClass('primary', 'md')
export const secondaryButton = buttonClass('secondary', 'sm')
export const dangerButton = buttonClass('danger', 'sm')
export const smallButton = buttonClass('secondary', 'xs')
export const smallDangerButton = buttonClass('danger', 'xs')

/** A square icon-only button (Close, row actions). */
export const iconButton = 'rounded-md p-1.5 text-zinc-400 transition hover:bg-zinc-800 hover:text-zinc-100'
