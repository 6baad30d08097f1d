import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { DIALOG_PARAMS } from './schemas.ts'
import type { AnswerToast, RosterActionAnswer } from './types.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { toErrorBody } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { redirectWithToast } from '#server/toast.ts'

// How the roster admin actions answer (ARCHITECTURE §6, §7): success and service failures redirect back to the tab
// (keeping the list's search, filters and page, dropping the dialog) with a flash toast, so they work without
// JavaScript; a validation failure answers 400 with the conform reply, shown inline in the dialog that was sent.

type Ctx = Readonly<RouterContextProvider>

export interface RosterPost {
  admin: User
  form: FormData
  intent: string
  /** The form's name (`_form`), to route a validation reply to the right form. */
  formKey: string
  confirmed: boolean
  /** The tab's URL with the list's query but no dialog state: where a finished post returns to. */
  back: string
  /** The URL the form posted to (its dialog state included). */
  url: URL
  /** Posted by React Router's fetch (JavaScript on), not by a plain HTML form. */
  script: boolean
  context: Ctx
}

// NOTE: with v8_passThroughRequests a post made by React Router (JavaScript on) reaches the action at its data URL
// (/admin/roster/members.data, or .../_.data for a trailing slash); redirecting there would make the browser ask
// for members.data.data.
const DATA_SUFFIX = /(\/_)?\.data$/

/** Reads a roster form post after the admin check (every action asserts it, not only the layout). */
export async function readRosterPost(request: Request, context: Ctx): Promise<RosterPost> {
  const admin = assertAdminPage(context)
  const form = await request.formData()
  const url = new URL(request.url)
  const script = DATA_SUFFIX.test(url.pathname)
  url.pathname = url.pathname.replace(DATA_SUFFIX, '') || '/'
  return {
    admin,
    form,
    intent: String(form.get('intent') ?? ''),
    formKey: String(form.get('_form') ?? ''),
    confirmed: form.get('confirmed') === 'yes',
    back: listUrl(url),
    url,
    script,
    context,
  }
}

/** The URL without dialog state (and without React Router's `index` marker). */
export function listUrl(url: URL): string {
  const params = new URLSearchParams(url.searchParams)
  for (const name of [...DIALOG_PARAMS, 'index', '_data']) params.delete(name)
  const query = params.toString()
  return query ? `${url.pathname}?${query}` : url.pathname
}

function answer(post: RosterPost, toast: AnswerToast) {
  return redirectWithToast(getServices(post.context).config, post.back, toast)
}

export function succeed(post: RosterPost, message: string) {
  return answer(post, { type: 'success', message })
}

/** A service failure as an error toast: the error's own message (a name taken), or `fallback` for the unexpected. */
export function fail(post: RosterPost, error: unknown, fallback: string) {
  if (error instanceof Response) throw error
  const { status, body } = toErrorBody(error)
  if (status >= 500) {
    logger.error({
      msg: 'roster admin action failed',
      intent: post.intent,
      error: error instanceof Error ? error.stack : String(error),
    })
  }
  return answer(post, {
    type: 'error',
    message: status >= 500 || !body.error ? fallback : body.error,
  })
}

/** The field messages a service error carries (e.g. a Conflict on a Discord ID), for the form's inline errors. */
export function serviceFieldErrors(error: unknown): { formErrors: string[]; fieldErrors: Record<string, string[]> } | null {
  if (error instanceof Response) return null
  const { status, body } = toErrorBody(error)
  if (status >= 500 || !body.error) return null
  return {
    formErrors: body.fields ? [] : [body.error],
    fieldErrors: body.fields ?? {},
  }
}

/**
 * A validation failure: the conform reply, shown inline by the form that was sent. 400 for a plain form post; a post
 * from React Router's fetch gets 200 (the outcome is in `ok`), as the settings panel does: an error status would
 * make the browser log a failed resource load for what is an ordinary answer.
 */
export function invalid(post: RosterPost, submission: { reply: () => SubmissionResult<string[]> }) {
  return data<RosterActionAnswer>({ ok: false, form: post.formKey, result: submission.reply() }, { status: post.script ? 200 : 400 })
}

/** An unconfirmed destructive post (no JavaScript): the page asks on its confirm step. */
export function askToConfirm(post: RosterPost, key: string) {
  const target = new URL(post.back, post.url)
  target.searchParams.set('confirm', key)
  return redirect(`${target.pathname}${target.search}`)
}

/** The `id` field of a post, or null. */
export function postedId(post: RosterPost, name = 'id'): number | null {
  const value = String(post.form.get(name) ?? '')
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null
}

export function unknownIntent(post: RosterPost) {
  return answer(post, { type: 'error', message: 'Unknown action.' })
}
