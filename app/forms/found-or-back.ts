import type { RouterContextProvider } from 'react-router'
import { getServices } from '#server/context.ts'
import { NotFound } from '#server/errors.ts'
import { redirectWithToast } from '#server/toast.ts'

// A page whose record is gone (a deleted test, a finished evaluation session, a mistyped id) sends the admin back to
// a list with the service's own message as an error toast rather than an error screen (a missing or finished evaluation
// session goes to /admin/tests with 'Evaluation session not found or already completed.'). Loaders only.

/** The loaded record, or, when the service says NotFound, a redirect to `to` with its message as an error toast. */
export async function foundOrBack<T>(
  context: Readonly<RouterContextProvider>,
  load: () => Promise<T>,
  to: string,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof NotFound)
      throw await redirectWithToast(getServices(context).config, to, { type: 'error', message: error.message })
    throw error
  }
}
