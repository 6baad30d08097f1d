import { Link } from 'react-router'
import { BACKUP_PAGE_TEXT } from '#contracts/backups.ts'
import { DateTime } from '#app/ui/date-time.tsx'

/**
 * The last backup failed (docs/rules/backups.md, When a backup fails): its reason and when, announced, on the Backups
 * page and on the admin hub (which links to the page) until a backup succeeds.
 */
export function BackupFailureBanner({
  failure,
  linked = false,
  texts = {},
}: {
  failure: { error: string; at: string }
  linked?: boolean
  /** A translated page's words (the admin hub's); English without them. The failure's own reason stays as it came. */
  texts?: { failed?: string; open?: string }
}) {
  return (
    <div
      role="alert"
      data-testid="backup-failure"
      className="flex flex-col gap-1 rounded-md border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
    >
      <p className="min-w-0 break-words">
        <span className="font-semibold">{texts.failed ?? BACKUP_PAGE_TEXT.failed}</span> {failure.error}{' '}
        <span className="text-red-300/90">
          (<DateTime iso={failure.at} />)
        </span>
      </p>
      {linked ? (
        <Link to="/admin/backups" className="shrink-0 font-medium text-red-100 underline hover:text-white">
          {texts.open ?? 'Open Backups'}
        </Link>
      ) : null}
    </div>
  )
}
