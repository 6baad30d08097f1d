import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { buttonClass } from '#app/ui/button.ts'

/** The status line of an unknown page or record (docs/rules/ui.md, The generic error screen). */
export const NOT_FOUND_LINE = '404 — this page does not exist'

/**
 * The generic error screen (docs/rules/ui.md): 'Unexpected Application Error!' with a status line or message, and the
 * server's own reason ('Member not found.') under it. It renders inside the app's shell, so the top bar stays.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  let statusLine: string
  let detail: string | undefined
  if (isRouteErrorResponse(error)) {
    const said = typeof error.data === 'string' ? error.data : (error.data as { error?: string } | null)?.error
    statusLine =
      error.status === 404 ? NOT_FOUND_LINE : `${error.status} ${statusText(error.status) || error.statusText}`.trim()
    // A bare 'Not Found' body only repeats the status line.
    if (said && !statusLine.toLowerCase().includes(said.toLowerCase()) && said !== 'Not Found') detail = said
  } else if (error instanceof Error && import.meta.env.DEV) {
    statusLine = error.message
  } else {
    statusLine = '500 Internal Server Error'
  }
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">Unexpected Application Error!</h1>
      <p className="font-mono text-sm break-words text-zinc-300" data-testid="error-status">
        {statusLine}
      </p>
      {detail ? (
        <p className="text-sm break-words text-zinc-400" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      <Link to="/" className={buttonClass('muted', 'lg')}>
        Back to home
      </Link>
    </main>
  )
}

function statusText(status: number): string {
  return (
    (
      {
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        500: 'Internal Server Error',
      } as Record<number, string>
    )[status] ?? ''
  )
}
