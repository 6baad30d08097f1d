import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { askToConfirm, failInline, failWithToast, invalid, postedId, succeed, type FormPost } from './respond.ts'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'

// The usual ends of a page action, on top of the responder (docs/decisions/016-one-admin-kit.md): call one use case and
// answer its success toast or its failure; save a record from its dialog; delete one after its confirmation.

interface Messages<T> {
  /** The success toast: a text, or one made from the use case's result. */
  success: string | ((result: T) => string)
  /** The toast for an unexpected failure (a service error's own message wins). */
  failure: string
  /** Wraps a known failure's reason where the product's message does ('Error setting time lock: {reason}'). */
  describe?: (reason: string) => string
  /** Where the success lands instead of the page (e.g. the new version a restore made). */
  to?: (result: T) => string
}

/** Runs the use case, then answers with a success toast, or the failure as an error toast. */
export async function runUseCase<T>(post: FormPost, work: () => Promise<T>, messages: Messages<T>) {
  let result: T
  try {
    result = await work()
  } catch (error) {
    return failWithToast(post, error, messages.failure, { describe: messages.describe })
  }
  return succeed(post, typeof messages.success === 'function' ? messages.success(result) : messages.success, {
    to: messages.to?.(result),
  })
}

/**
 * Delete (or any destructive post on the item its `id` names): without JavaScript the post arrives unconfirmed and
 * the page asks on its confirm step (?confirm=<intent>-<id>: app/ui/delete-button.tsx) first; then the use case.
 */
export async function deleteRecord<T>(post: FormPost, remove: (id: number) => Promise<T>, messages: Messages<T>) {
  const id = postedId(post)
  if (id !== null && !post.confirmed) return askToConfirm(post, confirmKeyOf(post.intent, id))
  // NOTE: a missing id still reaches the use case (as 0), so the answer is its own 'not found'.
  return runUseCase(post, () => remove(id ?? 0), messages)
}

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/**
 * Submit: parses the form with its contract schema (a failure: 400, inline), calls the use case with the value, then
 * a success toast; a failure is failInline's (a refusal inline in the form, anything else a toast).
 */
export async function submitForm<S extends FormSchema, R>(
  post: FormPost,
  schema: S,
  work: (value: z.output<S>) => Promise<R>,
  messages: {
    /** The success toast: a text, or one made from the use case's result. */
    success: string | ((result: R) => string)
    failure: string
    /** Where the success lands instead of the page (e.g. the list under an editor route). */
    to?: string
  },
) {
  const submission = parseWithZod(post.form, { schema })
  if (submission.status !== 'success') return invalid(post, submission)
  let result: R
  try {
    result = await work(submission.value)
  } catch (error) {
    return failInline(post, submission, error, messages.failure)
  }
  const text = typeof messages.success === 'function' ? messages.success(result) : messages.success
  return succeed(post, text, { to: messages.to })
}

/** Save: submitForm for a record's dialog, with the posted id (null: create). */
export async function saveRecord<S extends FormSchema, R>(
  post: FormPost,
  schema: S,
  options: {
    save: (value: z.output<S>, id: number | null) => Promise<R>
    /** The success toast (may depend on what was saved). */
    done: (id: number | null, saved: R) => string
    failed: string
    /** Where the success lands instead of the page (e.g. the list under an editor route). */
    to?: string
  },
) {
  const id = postedId(post)
  return submitForm(post, schema, (value) => options.save(value, id), {
    success: (saved) => options.done(id, saved),
    failure: options.failed,
    to: options.to,
  })
}
