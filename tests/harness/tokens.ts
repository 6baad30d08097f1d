// API tokens made the way a person makes them: the account page's form, the token read from the page it answers.
import type { TestClient } from './app.ts'

const TOKEN = /tfhq_[A-Za-z0-9_-]{43}/

/** Creates a token on /account as the logged-in client; returns it (shown this once). */
export async function createToken(
  client: TestClient,
  name: string,
  access: 'read' | 'member' | 'admin' | 'game-server',
): Promise<string> {
  const response = await client.postForm('/account', { intent: 'create-token', _form: 'token', name, access })
  const html = await response.text()
  const token = TOKEN.exec(html)?.[0]
  if (response.status !== 200 || !token)
    throw new Error(`creating a token answered ${response.status}: ${html.slice(0, 300)}`)
  return token
}

/** A bearer request with no cookie and no Origin header, as a script sends it. */
export function withToken(baseUrl: string, token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    const text = await response.text()
    let json: unknown = text
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: json as Record<string, unknown> & unknown[] }
  }
  return {
    authorization: `Bearer ${token}`,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    delete: (path: string, body?: unknown) => call('DELETE', path, body),
  }
}
