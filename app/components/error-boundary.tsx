import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { buttonClass } from '#app/ui/button.ts'
import { useT } from '#app/ui/i18n.tsx'

/**
 * The generic error screen (docs/rules/ui.md): 'Unexpected Application Error!' with a status line or message, and the
 * server's own reason ('Member not found.') under it. It renders inside the app's shell, so the top bar stays.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const t = useT('shell.error')
  let statusLine: string
  let detail: string | undefined
  if (isRouteErrorResponse(error)) {
    const said = typeof error.data === 'string' ? error.data : (error.data as { error?: string } | null)?.error
    statusLine =
      error.status === 404
        ? t('notFound')
        : KNOWN_STATUSES.has(error.status)
          ? t(`statuses.${error.status as KnownStatus}`)
          : `${error.status} ${error.statusText}`.trim()
    // A bare 'Not Found' body only repeats the status line.
    if (said && !statusLine.toLowerCase().includes(said.toLowerCase()) && said !== 'Not Found') detail = said
  } else if (error instanceof Error && import.meta.env.DEV) {
    statusLine = error.message
  } else {
    statusLine = t('statuses.500')
  }
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">{t('title')}</h1>
      <p className="font-mono text-sm break-words text-zinc-300" data-testid="error-status">
        {statusLine}
      </p>
      {detail ? (
        <p className="text-sm break-words text-zinc-400" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      <Link to="/" className={buttonClass('muted', 'lg')}>
        {t('backHome')}
      </Link>
    </main>
  )
}

/**
 * The statuses the shell's `error.statuses` names. Plain texts, no ICU arguments: the English shell bundled for an
 * error screen without the root loader's texts is shown uncompiled (app/ui/i18n.tsx).
 */
type KnownStatus = 400 | 401 | 403 | 404 | 500
const KNOWN_STATUSES = new Set<number>([400, 401, 403, 404, 500])
