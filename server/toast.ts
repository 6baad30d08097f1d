import crypto from 'node:crypto'
import { createCookie, redirect } from 'react-router'
import { toastSchema, type Toast, type ToastInput } from '#contracts/toast.ts'
import type { Config } from './config.ts'

// Toasts for UI actions travel in a flash cookie across the post-redirect-get, so they work without JavaScript.

function toastCookie(config: Config) {
  return createCookie('toast', {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    path: '/',
    secrets: config.sessionSecrets,
    maxAge: 60,
  })
}

export async function toastHeader(config: Config, toast: ToastInput): Promise<string> {
  return toastCookie(config).serialize({ ...toast, id: crypto.randomUUID() })
}

export async function redirectWithToast(config: Config, url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastHeader(config, toast))
  return redirect(url, { ...init, headers })
}

/** Reads the flash toast and the header that clears it. */
export async function readToast(
  config: Config,
  request: Request,
): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie(config).parse(request.headers.get('cookie'))
  const parsed = toastSchema.safeParse(value)
  if (!parsed.success) return { toast: null, clear: null }
  return { toast: parsed.data, clear: await toastCookie(config).serialize('', { maxAge: 0 }) }
}
