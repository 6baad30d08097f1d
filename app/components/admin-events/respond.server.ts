import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { ActionAnswer } from './types.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { ServiceError, toErrorBody } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { isValidTimeZone, zonedTimeToInstant } from '#server/settings/time-lock.ts'
import { redirectWithToast } from '#server/toast.ts'

// How the Events / Trainings / Manage Library actions answer (ARCHITECTURE §6, §7): a redirect with a flash toast on
// success (post-redirect-get, the dialog closes), 400 with the conform reply on a validation failure (the dialog
// stays open with the errors inline, with or without JavaScript), and a redirect back to the confirm step for a
// destructive post that was not confirmed (no JavaScript, so no window.confirm).

type Ctx = Readonly<RouterContextProvider>

export interface AdminPost {
  admin: User
  form: FormData
  intent: string
  /** The form's name (`_form`), to route a validation reply to the right form. */
  formKey: string
  confirmed: boolean
  /** The page's path without query: where a success lands. */
  path: string
  context: Ctx
}

/** Reads a form post after the admin check (every action asserts it, not only the layout). */
export async function readAdminPost(request: Request, context: Ctx, path: string): Promise<AdminPost> {
  const admin = assertAdminPage(context)
  const form = await request.formData()
  return {
    admin,
    form,
    intent: String(form.get('intent') ?? ''),
    formKey: String(form.get('_form') ?? ''),
    confirmed: form.get('confirmed') === 'yes',
    path,
    context,
  }
}

/** Success: back to the page (or `to`, e.g. a dialog that stays open) with a flash toast. */
export function succeed(post: AdminPost, message: string, to: string = post.path) {
  return redirectWithToast(getServices(post.context).config, to, { type: 'success', message })
}

function messageOf(post: AdminPost, error: unknown, fallback: string) {
  if (error instanceof Response) throw error
  const { status, body } = toErrorBody(error)
  // A ServiceError's message is meant for the admin (e.g. Discord refusing a post); anything else is a bug.
  const known = error instanceof ServiceError
  if (!known && status >= 500) {
    logger.error({ msg: 'admin action failed', intent: post.intent, error: error instanceof Error ? error.stack : String(error) })
  }
  return { status, body, message: !known && status >= 500 ? fallback : body.error || fallback }
}

/** A failed button action (delete, remove): an error toast, back on the page. */
export function failWithToast(post: AdminPost, error: unknown, fallback: string, to: string = post.path) {
  const { message } = messageOf(post, error, fallback)
  return redirectWithToast(getServices(post.context).config, to, { type: 'error', message })
}

/** A validation failure: 400 with the conform reply, shown inline by the form that was sent. */
export function invalid(post: AdminPost, submission: { reply: () => SubmissionResult<string[]> }) {
  return data<ActionAnswer>({ form: post.formKey, result: submission.reply() }, { status: 400 })
}

/**
 * A service refusing a dialog's form (a ping time in the past, Discord unavailable): the dialog stays open with the
 * message inline, on the field the service named when the form has it (`fieldMap`: service field -> form field).
 */
export function failInline(
  post: AdminPost,
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: unknown,
  fallback: string,
  fieldMap: Record<string, string> = {},
) {
  const { status, body, message } = messageOf(post, error, fallback)
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(body.fields ?? {})) {
    const name = fieldMap[field]
    if (name) fieldErrors[name] = messages
  }
  const reply = Object.keys(fieldErrors).length ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [message] })
  return data<ActionAnswer>({ form: post.formKey, result: reply }, { status: status >= 400 && status < 600 ? status : 400 })
}

/** An unconfirmed destructive post without JavaScript: the page asks on its confirm step. */
export function askToConfirm(post: AdminPost, key: string) {
  return redirect(`${post.path}?confirm=${encodeURIComponent(key)}`)
}

/** A numeric id from the post (or a query value), or null. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number | null {
  const text = typeof value === 'string' ? value : ''
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null
}

/**
 * A date (YYYY-MM-DD) and a 24-hour time (HH:mm) on the admin's wall clock in `tz` (the browser's zone; UTC without
 * JavaScript) as an ISO instant. Null for a zone the server does not know.
 */
export function wallTimeToIso(date: string, time: string, tz: string | undefined): string | null {
  const zone = tz?.trim() || 'UTC'
  if (!isValidTimeZone(zone)) return null
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return zonedTimeToInstant(year, { month, day, hour, minute }, zone).toISOString()
}
