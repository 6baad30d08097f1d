import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { askToConfirm, failInline, failWithToast, invalid, postedId, succeed, type FormPost } from './respond.ts'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'

// The two actions most admin lists repeat, on top of the responder: save a record from its dialog (create, or update
// when the form posts an `id`) and delete one after its confirmation. Route modules call them from their action.

/**
 * Save: parses the form with its contract schema (a failure: 400, inline), calls the use case with the value and the
 * posted id (null: create), then a success toast; a refusal shows inline in the dialog.
 */
export async function saveRecord<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>, R>(
  post: FormPost,
  schema: S,
  options: {
    save: (value: z.output<S>, id: number | null) => Promise<R>
    /** The success toast (may depend on what was saved). */
    done: (id: number | null, saved: R) => string
    failed: string
  },
) {
  const submission = parseWithZod(post.form, { schema })
  if (submission.status !== 'success') return invalid(post, submission)
  const id = postedId(post)
  let saved: R
  try {
    saved = await options.save(submission.value, id)
  } catch (error) {
    return failInline(post, submission, error, options.failed)
  }
  return succeed(post, options.done(id, saved))
}

/**
 * Delete: without JavaScript the post arrives unconfirmed and the page asks on its confirm step
 * (?confirm=<intent>-<id>: app/ui/delete-button.tsx); then the use case and a toast.
 */
export async function deleteRecord(post: FormPost, options: { remove: (id: number) => Promise<unknown>; done: string; failed: string }) {
  const id = postedId(post)
  if (id !== null && !post.confirmed) return askToConfirm(post, confirmKeyOf(post.intent, id))
  try {
    // NOTE: a missing id still reaches the use case (as 0), so the answer is its own 'not found'.
    await options.remove(id ?? 0)
  } catch (error) {
    return failWithToast(post, error, options.failed)
  }
  return succeed(post, options.done)
}
