import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The way back from an admin page to the admin hub, above the page's title (`label` for a page in another language). */
export function BackToAdminHub({ label = '← Back to Admin Hub' }: { label?: string }) {
  return (
    <Link to="/admin" className="text-sm text-zinc-400 hover:text-zinc-100">
      {label}
    </Link>
  )
}

/**
 * An admin page's head: the way back to the hub, the title, a line under it, and the page's own actions on the right
 * (below the title on a phone).
 */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <BackToAdminHub />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <div className="mt-1 max-w-2xl text-sm text-zinc-400">{description}</div> : null}
      </div>
      {actions}
    </div>
  )
}
