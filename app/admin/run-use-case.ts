import { askToConfirm, failWithToast, postedId, succeed, type FormPost } from './respond.ts'

// The usual end of a page action (ARCHITECTURE §2): call one use case, answer its success toast or its failure.

interface Messages<T> {
  /** The success toast: a text, or one made from the use case's result. */
  success: string | ((result: T) => string)
  /** The toast for an unexpected failure (a service error's own message wins). */
  failure: string
  /** Wraps a known failure's reason where the spec does ('Error setting time lock: {reason}'). */
  describe?: (reason: string) => string
}

/** Runs the use case, then answers with a success toast, or the failure as an error toast. */
export async function runUseCase<T>(post: FormPost, work: () => Promise<T>, messages: Messages<T>) {
  let result: T
  try {
    result = await work()
  } catch (error) {
    return failWithToast(post, error, messages.failure, { describe: messages.describe })
  }
  return succeed(post, typeof messages.success === 'function' ? messages.success(result) : messages.success)
}

/**
 * A destructive post on the item its `id` names (Delete in a list): without JavaScript it arrives unconfirmed and the
 * page asks on its confirm step (?confirm=<intent>-<id>) first. A missing id reaches the use case as 0 (not found).
 */
export async function runConfirmedItem(post: FormPost, work: (id: number) => Promise<unknown>, messages: Messages<unknown>) {
  const id = postedId(post)
  if (id !== null && !post.confirmed) return askToConfirm(post, `${post.intent}-${id}`)
  return runUseCase(post, () => work(id ?? 0), messages)
}
