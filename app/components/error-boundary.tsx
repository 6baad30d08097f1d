import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { buttonClass } from '#app/ui/button.ts'

/** The generic error screen (docs/rules/ui.md): 'Unexpected Application Error!' with a status line or message. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  let statusLine: string
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : (error.data as { error?: string } | null)?.error
    statusLine = `${error.status} ${statusText(error.status) || error.statusText}`.trim()
    if (detail && !statusLine.includes(detail)) statusLine += ` — ${detail}`
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
      <Link to="/" className={buttonClass('muted', 'md')}>
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
