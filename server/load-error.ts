import { logger } from './logger.ts'

// A page's data that could not be read: the page still renders, empty, with its load error, and the failure is logged:
// never a stack trace to the client (docs/rules/ui.md, The generic error screen).

/** Logs a page's failed read (`what`: which page or part, e.g. 'admin settings: platoons'). */
export function logLoadError(what: string, error: unknown): void {
  logger.error({ msg: `loading ${what} failed`, error: error instanceof Error ? error.stack : String(error) })
}

/** The page's data; when reading fails, `empty` with `message` as its `loadError` (the failure is logged). */
export async function withLoadError<T extends object>(
  what: string,
  load: () => Promise<T>,
  empty: T,
  message: string,
): Promise<T & { loadError?: string }> {
  try {
    return await load()
  } catch (error) {
    logLoadError(what, error)
    return { ...empty, loadError: message }
  }
}
