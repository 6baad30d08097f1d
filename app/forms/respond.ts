import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { User } from '#db/schema/users-sessions.ts'
import { hrefWithState } from '#app/hooks/url-state.ts'
import type { ActionAnswer } from '#app/hooks/use-form-post.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { parseIdText } from '#contracts/fields.ts'
import type { ToastInput } from '#contracts/toast.ts'
import { redirectWithToast } from '#server/toast.ts'

// The one responder of page actions (docs/decisions/016-one-admin-kit.md), for admin and public forms alike:
// - success: a redirect back to the page (its list query kept, its dialog closed) with a flash toast, so it works
//   without JavaScript; inside a panel (`_panel=1`) data with the toast instead, because a redirect answered to a
//   fetcher navigates and the screen under the panel would lose its unsaved state;
// - a validation failure: 400 with conform's reply, shown inline by the form that was sent (with or without
//   JavaScript, page or panel);
// - a service refusing: an error toast with the message userMessageOf gives; from a form (failInline) a refusal
//   (4xx) shows inline with its status instead, and anything else (5xx, the unexpected) is still a toast;
// - an unconfirmed destructive post (no JavaScript): the page's confirm step.
// Route modules import it from actions only, so it never reaches the client bundle.

type Ctx = Readonly<RouterContextProvider>

/** One form post, read once. */
export interface FormPost {
  form: FormData
  intent: string
  /** The form's name (`_form`), to route a validation reply to the right form. */
  formKey: string
  confirmed: boolean
  /** Sent from a panel: answer data, never a redirect. */
  panel: boolean
  /** Where a finished post returns: the page with its list query, without dialog or confirm state. */
  back: string
  context: Ctx
}

export interface AdminPost extends FormPost {
  admin: User
}

/** What a page action answers to a body that is no form (JSON, plain text, a broken multipart body). */
export const UNREADABLE_FORM = 'This form could not be read. Please reload the page and try again.'
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * A page action's body as form data: another content type is 415, a body that does not parse as its type is 400,
 * each with the usual `{error}` (never the 500 a parser's TypeError would be).
 */
async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) throw data({ error: UNREADABLE_FORM }, { status: 415 })
  try {
    return await request.formData()
  } catch {
    throw data({ error: UNREADABLE_FORM }, { status: 400 })
  }
}

/** Reads a page's form post. */
export async function readFormPost(request: Request, context: Ctx): Promise<FormPost> {
  const form = await readForm(request)
  return {
    form,
    intent: String(form.get('intent') ?? ''),
    formKey: String(form.get('_form') ?? ''),
    confirmed: form.get('confirmed') === 'yes',
    panel: form.get('_panel') === '1',
    back: hrefWithState(new URL(request.url)),
    context,
  }
}

/** Reads an admin form post after the admin check (every action asserts it, not only the layout). */
export async function readAdminPost(request: Request, context: Ctx): Promise<AdminPost> {
  const admin = await requirePageUser(request, context, 'admin')
  return { ...(await readFormPost(request, context)), admin }
}

interface AnswerOptions {
  /** Where to land instead of `post.back` (e.g. a dialog that stays open). */
  to?: string
  /** Extra response headers (X-Remix-Replace for a fetcher that follows the redirect in place). */
  headers?: HeadersInit
}

function answer(post: FormPost, toast: ToastInput, ok: boolean, options: AnswerOptions = {}) {
  if (post.panel) return data<ActionAnswer>({ ok, toast })
  return redirectWithToast(getServices(post.context).config, options.to ?? post.back, toast, {
    headers: options.headers,
  })
}

/** Success: a flash toast back on the page. */
export function succeed(post: FormPost, message: string, options?: AnswerOptions) {
  return answer(post, { type: 'success', message }, true, options)
}

/**
 * A refused or failed action as an error toast: the error's own message, or `fallback` for the unexpected.
 * `describe` wraps the reason where the product's message does ('Error setting time lock: {reason}').
 */
export function failWithToast(post: FormPost, error: unknown, fallback: string, options: ToastOptions = {}) {
  return toastFailure(post, userMessageOf(error, fallback, { intent: post.intent }), fallback, options)
}

type ToastOptions = AnswerOptions & { describe?: (reason: string) => string }

function toastFailure(
  post: FormPost,
  { status, message }: ReturnType<typeof userMessageOf>,
  fallback: string,
  options: ToastOptions = {},
) {
  const text = options.describe && message !== fallback && status < 500 ? options.describe(message) : message
  return answer(post, { type: 'error', message: text }, false, options)
}

/**
 * A validation failure: 400 with the conform reply, shown inline by the form that was sent. A conform list intent
 * posted without JavaScript (add or remove a row: `form.insert.getButtonProps()`) is no failure: 200 with the form
 * as posted plus the change, which the page renders again.
 */
export function invalid(post: FormPost, submission: { reply: () => SubmissionResult<string[]> }) {
  const result = submission.reply()
  return data<ActionAnswer>({ ok: false, form: post.formKey, result }, { status: result.intent ? 200 : 400 })
}

type Replyable = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>
}

/**
 * A form's use case failed. The one rule: a service refusing it (a 4xx: a name taken, a ping time in the past) keeps
 * the dialog open with the message inline, on the field the service named when the form has it (`fieldMap`: service
 * field -> form field; by default a field of the same name), and answers the error's status; anything else (a 5xx
 * such as Discord unavailable, the unexpected) is failWithToast's error toast (data for a panel).
 */
export function failInline(
  post: FormPost,
  submission: Replyable,
  error: unknown,
  fallback: string,
  fieldMap?: Record<string, string>,
) {
  const failure = userMessageOf(error, fallback, { intent: post.intent })
  const { status, message, fields } = failure
  if (status < 400 || status >= 500) return toastFailure(post, failure, fallback)
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(fields ?? {})) {
    const name = fieldMap ? fieldMap[field] : field
    if (name) fieldErrors[name] = messages
  }
  const reply = Object.keys(fieldErrors).length
    ? submission.reply({ fieldErrors })
    : submission.reply({ formErrors: [message] })
  return data<ActionAnswer>({ ok: false, form: post.formKey, result: reply }, { status })
}

/** An unconfirmed destructive post (no JavaScript): the page asks on its confirm step. */
export function askToConfirm(post: FormPost, key: string) {
  if (post.panel) return data<ActionAnswer>({ ok: false, toast: { type: 'error', message: 'Please confirm first.' } })
  const [path, query = ''] = post.back.split('?')
  const params = new URLSearchParams(query)
  params.set('confirm', key)
  return redirect(`${path}?${params}`)
}

export function unknownIntent(post: FormPost) {
  return answer(post, { type: 'error', message: 'Unknown action.' }, false)
}

/** A positive integer id from a form field or a query value, or null. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === 'string' ? parseIdText(value) : null
}

/** The post's `id` field (or another), or null. */
export function postedId(post: FormPost, name = 'id'): number | null {
  return idOf(post.form.get(name))
}
