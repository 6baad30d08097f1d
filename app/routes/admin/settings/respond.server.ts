import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { ActionAnswer, AnswerToast } from '#app/components/admin-settings/types.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { toErrorBody } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { redirectWithToast } from '#server/toast.ts'

// How the Admin Settings actions answer (ARCHITECTURE §6, §7). A page's form post: a redirect back to the tab with a
// flash toast (post-redirect-get, works without JavaScript), or 400 with the conform reply so the errors show inline.
// A post from the side panel (`_panel=1`): data, never a redirect, because a redirect answered to a fetcher navigates
// and the ORBAT editor under the panel would lose its unsaved changes.

type Ctx = Readonly<RouterContextProvider>

export interface SettingsPost {
  admin: User
  form: FormData
  intent: string
  panel: boolean
  /** The form's name (`_form`), to route a validation reply to the right form. */
  formKey: string
  confirmed: boolean
  path: string
  context: Ctx
}

/** Reads a settings form post after the admin check (every action asserts it, not only the layout). */
export async function readSettingsPost(request: Request, context: Ctx, path: string): Promise<SettingsPost> {
  const admin = assertAdminPage(context)
  const form = await request.formData()
  return {
    admin,
    form,
    intent: String(form.get('intent') ?? ''),
    panel: form.get('_panel') === '1',
    formKey: String(form.get('_form') ?? ''),
    confirmed: form.get('confirmed') === 'yes',
    path,
    context,
  }
}

// NOTE: the panel's answers are all 200: the outcome is in `ok`, and an error status would make the browser log a
// failed resource load for what is an ordinary answer (a name already taken).
function answer(post: SettingsPost, toast: AnswerToast, ok: boolean) {
  if (post.panel) return data<ActionAnswer>({ ok, toast })
  return redirectWithToast(getServices(post.context).config, post.path, toast)
}

export function succeed(post: SettingsPost, message: string) {
  return answer(post, { type: 'success', message }, true)
}

/**
 * A service failure as an error toast: the error's own message (e.g. a name already taken), or `fallback` for an
 * unexpected error. `describe` wraps the reason where the spec does ('Error setting time lock: {reason}').
 */
export function fail(post: SettingsPost, error: unknown, fallback: string, describe: (reason: string) => string = (r) => r) {
  if (error instanceof Response) throw error
  const { status, body } = toErrorBody(error)
  if (status >= 500) {
    logger.error({ msg: 'admin settings action failed', intent: post.intent, error: error instanceof Error ? error.stack : String(error) })
  }
  const message = status >= 500 || !body.error ? fallback : describe(body.error)
  return answer(post, { type: 'error', message }, false)
}

/** A validation failure: 400 with the conform reply, shown inline by the form that was sent. */
export function invalid(post: SettingsPost, submission: { reply: () => SubmissionResult<string[]> }) {
  return data<ActionAnswer>({ ok: false, form: post.formKey, result: submission.reply() }, { status: post.panel ? 200 : 400 })
}

/** An unconfirmed destructive post without JavaScript: the page asks on its confirm step. */
export function askToConfirm(post: SettingsPost, key: string) {
  if (post.panel) return data<ActionAnswer>({ ok: false, toast: { type: 'error', message: 'Please confirm first.' } })
  return redirect(`${post.path}?confirm=${encodeURIComponent(key)}`)
}

/** The `id` field of a post, or null. */
export function postedId(post: SettingsPost): number | null {
  const value = String(post.form.get('id') ?? '')
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null
}

export function unknownIntent(post: SettingsPost) {
  return answer(post, { type: 'error', message: 'Unknown action.' }, false)
}
