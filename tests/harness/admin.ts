// HTTP shorthands for the admin JSON API tests.
import { expect } from 'vitest'
import type { TestApp, TestClient } from './app.ts'

export interface ApiResponse<T = Record<string, unknown>> {
  status: number
  body: T
}

/** Calls the API with an optional JSON body (a string is sent as is, e.g. to test malformed JSON). */
export async function api<T = Record<string, unknown>>(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' }
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
  }
  const response = await client.fetch(path, init)
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed as T }
}

/** The call answers 401 {error} to an anonymous client and 403 {error} to a logged-in non-admin. */
export async function expectAdminOnly(
  t: TestApp,
  member: TestClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<void> {
  const anonymous = await api(t.client(), method, path, body)
  expect(anonymous.status, `${method} ${path} anonymous`).toBe(401)
  expect(anonymous.body).toEqual({ error: expect.any(String) })
  const denied = await api(member, method, path, body)
  expect(denied.status, `${method} ${path} as a member`).toBe(403)
  expect(denied.body).toEqual({ error: 'Admin access required.' })
}
